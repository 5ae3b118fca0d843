/**
 * Apple Health's export.xml, read as text arrives (apple-file.ts feeds it a slice at a time). Not a
 * general XML parser: the file is a flat list of `<Record …/>` and `<Workout …>` elements (with a few
 * children each) under `<HealthData>`, and everything Morsel takes is in their attributes. A small
 * scanner finds those tags (`<` cannot occur inside an attribute value in XML, so every `<` starts a
 * tag, found with indexOf, and the last `<` of a slice starts the tag the next slice completes) and
 * reads only the records whose type it wants, which keeps 1 GB of heart-rate samples cheap: an
 * evented parser (sax) walks every character in JavaScript and builds an attribute object for every
 * tag, heart rate included; this one looks at a few bytes of a tag it does not want.
 * Memory: the per-hour sums (days × 24 × sources), the workouts and body readings, and one slice.
 *
 * Format facts (test/fixtures/health/README.md names the public files each came from): dates are
 * "2024-01-15 10:00:00 +0000" (the phone's zone when it exported); StepCount is a count,
 * ActiveEnergyBurned kcal, "Cal" or kJ, BodyMass kg or lb, BodyFatPercentage a fraction (0.2 = 20 %),
 * DietaryWater mL or fl_oz_us; a Workout has workoutActivityType, duration with durationUnit, and
 * totalEnergyBurned / totalDistance with their units, or (iOS 16 on) WorkoutStatistics children.
 */
import { AppError } from "../../lib/errors";
import { workoutName } from "./apple-tags";
import { MAX_HEALTH_WORKOUTS } from "./limits";
import { TagScanner } from "./apple-scan";
export { workoutName };
import {
  count,
  DayRange,
  emptyHealthRead,
  HourlyBySource,
  kcalOf,
  kgOf,
  kmOf,
  minutesOf,
  mlOf,
  parseHealthDate,
  skip,
  SourceBudget,
  ZoneClock,
  type HealthRead,
  type HealthWorkout,
} from "./records";
import {
  attrs,
  bytes,
  decodeTag,
  END_WORKOUT,
  has,
  HEALTH_DATA,
  PREFIX,
  RECORD,
  STATISTICS,
  TYPE_ATTR,
  WORKOUT,
} from "./apple-tags";

const WANTED = new Set(["StepCount", "ActiveEnergyBurned", "BodyMass", "BodyFatPercentage", "DietaryWater"]);

export interface AppleOptions {
  /** The account's time zone: each sample lands on its local day there. */
  timezone: string;
  /** Also read DietaryEnergyConsumed (off by default: Morsel's own log of food wins). */
  dietaryEnergy: boolean;
  /** The request's instant (ms): days after tomorrow are left out. Now, when not given. */
  now?: number;
}

export class AppleHealthReader {
  private readonly scanner = new TagScanner((buf, at, end) => this.tag(buf, at, end));
  private readonly clock: ZoneClock;
  /** Each wanted type's name and closing quote, as bytes, to compare a record's type without decoding it. */
  private readonly wantedBytes: [string, Uint8Array][];
  private readonly budget = new SourceBudget();
  private readonly steps = new HourlyBySource(this.budget);
  private readonly active = new HourlyBySource(this.budget);
  private readonly range: DayRange;
  /** By start instant: a workout written twice is one (and a million copies of one cost one). */
  private readonly workouts = new Map<string, HealthWorkout>();
  private readonly water = new Map<string, number>();
  private readonly dietary = new Map<string, number>();
  private readonly bodyByDay = new Map<string, { kg?: number; kgAt?: string; fat_pct?: number; fatAt?: string }>();
  private workout: (HealthWorkout & { energyFromStats?: boolean }) | null = null;
  private readonly out = emptyHealthRead();
  private readonly wanted: Set<string>;
  private sawHealthData = false;

  constructor(options: AppleOptions) {
    this.wanted = new Set(WANTED);
    if (options.dietaryEnergy) this.wanted.add("DietaryEnergyConsumed");
    this.wantedBytes = [...this.wanted].map((t) => [t, bytes(`${t}"`)]);
    this.clock = new ZoneClock(options.timezone);
    this.range = new DayRange(options.now ?? Date.now(), options.timezone);
  }

  /** The local day of `start`, or null (the record left out and listed) when it is outside the kept days. */
  private dayOf(start: Date, what: string): ReturnType<ZoneClock["local"]> | null {
    const t = start.getTime();
    const local = this.range.near(t) ? this.clock.local(t) : null;
    if (local && this.range.keeps(local.day)) return local;
    skip(this.out, what, `${start.toISOString().slice(0, 10)} ${this.range.why}`);
    return null;
  }

  /** The next slice of the file's bytes (UTF-8). */
  push(slice: Uint8Array): void {
    this.scanner.push(slice);
  }

  /** The tag that starts at `buf[at]` (a `<`) and ends before `buf[end]`; only the wanted ones are decoded. */
  private tag(buf: Uint8Array, at: number, end: number): void {
    const c = buf[at + 1];
    if (c === 82 /* R */ && has(buf, at + 1, RECORD)) {
      // most records are heart rate and the like: look at the type's bytes before decoding anything
      // (Apple writes type first; a record written otherwise is decoded and looked at whole)
      if (!has(buf, at + 1 + RECORD.length, TYPE_ATTR)) {
        const a = attrs(decodeTag(buf, at, end));
        const type = a.type?.startsWith(PREFIX) ? a.type.slice(PREFIX.length) : undefined;
        if (type && this.wanted.has(type)) this.record(type, a);
        return;
      }
      const from = at + 1 + RECORD.length + TYPE_ATTR.length;
      for (const [type, bytes] of this.wantedBytes)
        if (has(buf, from, bytes)) {
          this.record(type, attrs(decodeTag(buf, at, end)));
          return;
        }
    } else if (c === 87 /* W */) {
      if (has(buf, at + 1, WORKOUT) && (buf[at + 8] === 32 || buf[at + 8] === 62 || buf[at + 8] === 10)) {
        const text = decodeTag(buf, at, end).trimEnd();
        this.startWorkout(attrs(text));
        if (text.endsWith("/>")) this.endWorkout();
      } else if (this.workout && has(buf, at + 1, STATISTICS)) this.statistics(attrs(decodeTag(buf, at, end)));
    } else if (c === 47 /* / */ && has(buf, at + 1, END_WORKOUT)) this.endWorkout();
    else if (c === 72 /* H */ && has(buf, at + 1, HEALTH_DATA)) this.sawHealthData = true;
  }

  private record(type: string, a: Record<string, string>): void {
    const what = `Record ${type} ${a.startDate ?? ""}`.trim();
    const start = parseHealthDate(a.startDate ?? "");
    const value = Number(a.value);
    if (!start || !Number.isFinite(value)) {
      skip(this.out, what, `startDate "${a.startDate ?? ""}" or value "${a.value ?? ""}" cannot be read`);
      return;
    }
    const local = this.dayOf(start, what);
    if (!local) return;
    const { date, day, hour } = local;
    const unit = a.unit ?? "";
    const source = a.sourceName ?? "";
    count(this.out, type);
    if (type === "StepCount") {
      if (value >= 0) this.steps.add(day, hour, source, value);
      return;
    }
    if (type === "ActiveEnergyBurned" || type === "DietaryEnergyConsumed") {
      const kcal = kcalOf(value, unit);
      if (kcal === null || kcal < 0) {
        skip(this.out, what, `unit "${unit}" is not kcal, Cal or kJ`);
        return;
      }
      if (type === "DietaryEnergyConsumed") this.dietary.set(date, (this.dietary.get(date) ?? 0) + kcal);
      else this.active.add(day, hour, source, kcal);
      return;
    }
    if (type === "DietaryWater") {
      const ml = mlOf(value, unit);
      if (ml === null || ml < 0) {
        skip(this.out, what, `unit "${unit}" is not mL or fl_oz_us`);
        return;
      }
      this.water.set(date, (this.water.get(date) ?? 0) + ml);
      return;
    }
    const body = this.bodyByDay.get(date) ?? {};
    const iso = start.toISOString();
    if (type === "BodyMass") {
      const kg = kgOf(value, unit);
      if (kg === null) {
        skip(this.out, what, `unit "${unit}" is not kg or lb`);
        return;
      }
      if (body.kgAt === undefined || iso < body.kgAt) Object.assign(body, { kg, kgAt: iso });
    } else {
      // a fraction (0.2 is 20 %); a unit of "%" is what Apple writes beside it
      const pct = value <= 1 ? value * 100 : value;
      if (body.fatAt === undefined || iso < body.fatAt) Object.assign(body, { fat_pct: pct, fatAt: iso });
    }
    this.bodyByDay.set(date, body);
  }

  private startWorkout(a: Record<string, string>): void {
    this.endWorkout();
    const type = a.workoutActivityType ?? "";
    const start = parseHealthDate(a.startDate ?? "");
    const end = parseHealthDate(a.endDate ?? "");
    const what = `Workout ${type} ${a.startDate ?? ""}`.trim();
    if (!start) {
      skip(this.out, what, `startDate "${a.startDate ?? ""}" cannot be read`);
      return;
    }
    const local = this.dayOf(start, what);
    if (!local) return;
    let minutes = a.duration !== undefined ? minutesOf(Number(a.duration), a.durationUnit ?? "min") : null;
    if ((minutes === null || !Number.isFinite(minutes)) && end) minutes = (end.getTime() - start.getTime()) / 60_000;
    if (minutes === null || !Number.isFinite(minutes) || minutes <= 0) {
      skip(this.out, what, `duration "${a.duration ?? ""}" ${a.durationUnit ?? ""} cannot be read`);
      return;
    }
    const energy =
      a.totalEnergyBurned !== undefined ? kcalOf(Number(a.totalEnergyBurned), a.totalEnergyBurnedUnit ?? "") : null;
    const distance = a.totalDistance !== undefined ? kmOf(Number(a.totalDistance), a.totalDistanceUnit ?? "") : null;
    this.workout = {
      start: start.toISOString(),
      date: local.date,
      type: workoutName(type),
      minutes,
      kcal: energy !== null && Number.isFinite(energy) ? energy : null,
      distance_km: distance !== null && Number.isFinite(distance) && distance > 0 ? distance : null,
    };
  }

  private statistics(a: Record<string, string>): void {
    const w = this.workout!;
    const sum = Number(a.sum);
    if (!Number.isFinite(sum)) return;
    if (a.type === `${PREFIX}ActiveEnergyBurned` && w.kcal === null) {
      const kcal = kcalOf(sum, a.unit ?? "");
      if (kcal !== null) w.kcal = kcal;
    } else if (/Distance/.test(a.type ?? "") && w.distance_km === null) {
      const km = kmOf(sum, a.unit ?? "");
      if (km !== null && km > 0) w.distance_km = km;
    }
  }

  private endWorkout(): void {
    const w = this.workout;
    if (!w) return;
    this.workout = null;
    count(this.out, "Workout");
    if (!this.workouts.has(w.start) && this.workouts.size >= MAX_HEALTH_WORKOUTS)
      throw new AppError("payload_too_large", `the export has more than ${MAX_HEALTH_WORKOUTS} workouts`);
    this.workouts.set(w.start, {
      start: w.start,
      date: w.date,
      type: w.type,
      minutes: w.minutes,
      kcal: w.kcal,
      distance_km: w.distance_km,
    });
  }

  /** Everything read; throws when the text was not an Apple Health export at all. */
  finish(): HealthRead {
    this.endWorkout();
    if (!this.sawHealthData)
      throw new AppError(
        "validation_failed",
        "the file is not an Apple Health export: it has no <HealthData> element",
        [{ field: "file", message: "send export.zip from Health → your picture → Export All Health Data" }],
      );
    const out = this.out;
    const put = (date: string, key: keyof HealthRead["days"][string], v: number) => {
      const day = out.days[date] ?? {};
      day[key] = v;
      out.days[date] = day;
    };
    for (const [date, v] of this.steps.days()) put(date, "steps", Math.round(v));
    for (const [date, v] of this.active.days()) put(date, "active_kcal", Math.round(v));
    for (const [date, v] of this.water) put(date, "water_ml", Math.round(v));
    for (const [date, v] of this.dietary) put(date, "dietary_kcal", Math.round(v));
    for (const [date, b] of [...this.bodyByDay].sort(([a], [b]) => a.localeCompare(b)))
      out.body.push({
        date,
        at: b.kgAt ?? b.fatAt!,
        ...(b.kg !== undefined ? { kg: Math.round(b.kg * 1000) / 1000 } : {}),
        ...(b.fat_pct !== undefined ? { fat_pct: Math.round(b.fat_pct * 10) / 10 } : {}),
      });
    out.workouts = [...this.workouts.values()].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    return out;
  }
}
