/**
 * What every health bridge (Apple Health's export, Health Auto Export's pushes, Google Fit's Takeout)
 * comes down to, in Morsel's units: workouts, one value a day per daily metric (steps, active energy,
 * water, and dietary energy where asked for), and body readings (mass, fat). Each reader turns its
 * format into a HealthRead; write.ts puts a HealthRead into an account through the features' services.
 */
import { localClock, localDate } from "../../lib/time";
import { AppError } from "../../lib/errors";
import { KG_PER_LB } from "../weights/trend";
import { MAX_HEALTH_SOURCE_DAYS, MAX_HEALTH_SOURCES } from "./limits";

const DAY_MS = 86_400_000;

/** The health export files POST /import/health reads (the worker's module must not be imported elsewhere: it listens). */
export const HEALTH_FORMATS = ["apple_health", "google_fit"] as const;
export type HealthFormat = (typeof HEALTH_FORMATS)[number];

export interface HealthWorkout {
  /** The start instant, ISO 8601 UTC; with `type` it names the workout (its id is derived from both). */
  start: string;
  /** The local day of the start, in the account's time zone. */
  date: string;
  /** The source's activity name, readable ("Running", "Traditional Strength Training"). */
  type: string;
  minutes: number;
  /** kcal as the source recorded them (converted from kJ), or null when it recorded none. */
  kcal: number | null;
  distance_km: number | null;
}

export const DAILY_METRICS = ["steps", "active_kcal", "water_ml", "dietary_kcal"] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];

export interface HealthBody {
  date: string;
  /** The instant of the reading (ISO UTC): of several on a day, the first is kept. */
  at: string;
  kg?: number;
  /** Per cent, 0–100 (Apple's fraction × 100). */
  fat_pct?: number;
}

export interface HealthRead {
  workouts: HealthWorkout[];
  /** date → metric → the day's value. */
  days: Record<string, Partial<Record<DailyMetric, number>>>;
  body: HealthBody[];
  /** Records read, by kind, and records left out with why (an unknown unit, a value out of range). */
  counts: Record<string, number>;
  skipped: { what: string; message: string }[];
}

export const emptyHealthRead = (): HealthRead => ({ workouts: [], days: {}, body: [], counts: {}, skipped: [] });

/** Skips listed in an answer; `counts.skipped` has them all. */
export const MAX_HEALTH_SKIPS = 50;

export function skip(read: HealthRead, what: string, message: string): void {
  read.counts.skipped = (read.counts.skipped ?? 0) + 1;
  if (read.skipped.length < MAX_HEALTH_SKIPS) read.skipped.push({ what, message });
}

export const count = (read: HealthRead, kind: string) => {
  read.counts[kind] = (read.counts[kind] ?? 0) + 1;
};

/** kcal from an energy in `unit` (Apple writes "kcal", "Cal" in some locales, or "kJ"); null for another unit. */
export function kcalOf(value: number, unit: string): number | null {
  const u = unit.trim();
  if (u === "kcal" || u === "Cal" || u === "cal" || u === "kilocalories") return value;
  if (u === "kJ" || u === "kj") return value / 4.184;
  return null;
}

/** kg from a mass in `unit` ("kg", "lb", "lbs", "g", "st"); null for another unit. */
export function kgOf(value: number, unit: string): number | null {
  const u = unit.trim().toLowerCase();
  if (u === "kg") return value;
  if (u === "lb" || u === "lbs") return value * KG_PER_LB;
  if (u === "g") return value / 1000;
  if (u === "st") return value * 14 * KG_PER_LB;
  return null;
}

/** mL from a volume in `unit` ("mL", "L", "fl_oz_us", "fl oz", "cup_us"); null for another unit. */
export function mlOf(value: number, unit: string): number | null {
  const u = unit.trim().toLowerCase().replace(/\s+/g, "_");
  if (u === "ml") return value;
  if (u === "l") return value * 1000;
  if (u === "fl_oz_us" || u === "fl_oz" || u === "floz" || u === "oz") return value * 29.5735295625;
  if (u === "fl_oz_imp") return value * 28.4130625;
  if (u === "cup_us") return value * 236.5882365;
  return null;
}

/** km from a distance in `unit` ("km", "m", "mi", "yd", "ft"); null for another unit. */
export function kmOf(value: number, unit: string): number | null {
  const u = unit.trim().toLowerCase();
  if (u === "km") return value;
  if (u === "m") return value / 1000;
  if (u === "mi") return value * 1.609344;
  if (u === "yd") return value * 0.0009144;
  if (u === "ft") return value * 0.0003048;
  return null;
}

/** Minutes from a duration in `unit` ("min", "s", "h", "hr"); null for another unit. */
export function minutesOf(value: number, unit: string): number | null {
  const u = unit.trim().toLowerCase();
  if (u === "min") return value;
  if (u === "s" || u === "sec") return value / 60;
  if (u === "h" || u === "hr") return value * 60;
  return null;
}

/**
 * "2024-01-15 10:00:00 +0100" (Apple's and Health Auto Export's dates, also with a 12-hour clock and
 * the narrow no-break space iOS 17 puts before AM/PM) as an instant; null when it is not one.
 */
export function parseHealthDate(s: string): Date | null {
  // a date is under 40 characters; a longer one is not read (the pattern's runs of spaces would
  // backtrack over an attacker's megabyte of them)
  if (s.length > 64) return null;
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?[\s\u202f]*([AaPp][Mm])?\s*([+-])(\d{2}):?(\d{2})$/.exec(
      s.trim(),
    );
  if (!m) return null;
  let h = Number(m[4]);
  if (m[7]) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (m[7].toLowerCase() === "pm" ? 12 : 0);
  }
  const offset = (m[8] === "-" ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10]));
  const t =
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), h, Number(m[5]), Number(m[6] ?? 0)) - offset * 60_000;
  const d = new Date(t);
  return Number.isNaN(t) || Number(m[2]) > 12 || Number(m[3]) > 31 || h > 23 || Number(m[5]) > 59 ? null : d;
}

/** The sources (and source-days) every HourlyBySource of one reader shares, capped (limits.ts). */
export class SourceBudget {
  private readonly ids = new Map<string, number>();
  private sourceDays = 0;

  id(source: string): number {
    let id = this.ids.get(source);
    if (id === undefined) {
      if (this.ids.size >= MAX_HEALTH_SOURCES)
        throw new AppError(
          "payload_too_large",
          `the export names more than ${MAX_HEALTH_SOURCES} sources of steps or energy`,
        );
      this.ids.set(source, (id = this.ids.size));
    }
    return id;
  }

  takeSourceDay(): void {
    if (++this.sourceDays > MAX_HEALTH_SOURCE_DAYS)
      throw new AppError(
        "payload_too_large",
        `the export has steps or energy from more than ${MAX_HEALTH_SOURCE_DAYS} source-days (sources × days)`,
      );
  }
}

/**
 * Per-hour sums by source, reduced to one value a day: for each hour the largest source's sum. An
 * iPhone and an Apple Watch both count the same walk, so summing every sample counts it twice; taking
 * one source for the whole day loses the hours the watch was off. One source an hour is what Apple's own
 * statistics do in effect (they prefer the watch, then the phone); the larger of the two is the one
 * that was worn or carried. Kept as 24 numbers per day and source (a decade of two sources is ~2 MB;
 * a map entry per hour took 100 MB), in one map keyed by day and source, within the budget's caps.
 */
export class HourlyBySource {
  /** day × MAX_HEALTH_SOURCES + source id → 24 hourly sums */
  private readonly sums = new Map<number, Float64Array>();

  constructor(private readonly budget: SourceBudget) {}

  add(day: number, hour: number, source: string, value: number): void {
    const key = day * MAX_HEALTH_SOURCES + this.budget.id(source);
    let hours = this.sums.get(key);
    if (!hours) {
      this.budget.takeSourceDay();
      this.sums.set(key, (hours = new Float64Array(24)));
    }
    hours[hour]! += value;
  }

  /** date → the day's value. */
  days(): Map<string, number> {
    const best = new Map<number, Float64Array>();
    for (const [key, hours] of this.sums) {
      const day = Math.floor(key / MAX_HEALTH_SOURCES);
      let top = best.get(day);
      if (!top) best.set(day, (top = new Float64Array(24)));
      for (let h = 0; h < 24; h++) if (hours[h]! > top[h]!) top[h] = hours[h]!;
    }
    const out = new Map<string, number>();
    for (const [day, top] of best)
      out.set(
        dateOfDay(day),
        top.reduce((a, b) => a + b, 0),
      );
    return out;
  }
}

/**
 * The days a bridge keeps: 1970-01-01 to tomorrow in the account's zone (a phone's clock set to 1200
 * or 2999 is not a day anyone lived; with the range, days are at most ~21,000 whatever the file says).
 * `now` is the request's instant.
 */
export class DayRange {
  /** Day numbers (days since 1970-01-01) of the first and last day kept. */
  readonly first = 0;
  readonly last: number;
  /** Instants outside these cannot fall on a kept day in any zone (±14 h): refused before a zone is asked. */
  private readonly fromMs = -DAY_MS;
  private readonly toMs: number;

  constructor(now: number, timezone: string) {
    this.last = Date.parse(`${localDate(new Date(now), timezone)}T00:00:00Z`) / DAY_MS + 1;
    this.toMs = (this.last + 2) * DAY_MS;
  }

  /** Could the instant `t` (ms) land on a kept day? The exact test is `keeps(day)` once the zone gave it. */
  near(t: number): boolean {
    return t >= this.fromMs && t < this.toMs;
  }

  keeps(day: number): boolean {
    return day >= this.first && day <= this.last;
  }

  keepsDate(date: string): boolean {
    const t = Date.parse(`${date}T00:00:00Z`);
    return Number.isFinite(t) && this.keeps(Math.floor(t / DAY_MS));
  }

  readonly why = "is outside 1970-01-01 to tomorrow: a clock set wrong";
}

/** Leaves out (and lists) the days, body readings and workouts of `read` outside `range`. */
export function keepDays(read: HealthRead, range: DayRange): void {
  for (const date of Object.keys(read.days))
    if (!range.keepsDate(date)) {
      delete read.days[date];
      skip(read, `day ${date}`, range.why);
    }
  const body = read.body.filter((b) => range.keepsDate(b.date));
  if (body.length < read.body.length)
    for (const b of read.body) if (!range.keepsDate(b.date)) skip(read, `body ${b.date}`, range.why);
  read.body = body;
  const workouts = read.workouts.filter((w) => range.keepsDate(w.date));
  if (workouts.length < read.workouts.length)
    for (const w of read.workouts) if (!range.keepsDate(w.date)) skip(read, `workout ${w.start}`, range.why);
  read.workouts = workouts;
}

/** Day number (days since 1970-01-01) as YYYY-MM-DD. */
export const dateOfDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * Local days and hours of many instants in one zone, fast: lib/time's formatToParts costs ~10 µs, and
 * an export has millions of samples. The zone's offset is found at both ends of each UTC day; a day
 * whose two agree (every day but the two a year with a clock change) uses it for all its instants,
 * and the others ask for each one.
 */
export class ZoneClock {
  private readonly byDay = new Map<number, number | null>();
  private readonly dates = new Map<number, string>();

  constructor(private readonly timezone: string) {}

  private offsetAt(t: number): number {
    const minute = Math.floor(t / 60_000) * 60_000;
    const at = new Date(minute);
    const [y, m, d] = localDate(at, this.timezone).split("-").map(Number) as [number, number, number];
    const [h, min] = localClock(at, this.timezone);
    return Date.UTC(y, m - 1, d, h, min) - minute;
  }

  private offset(t: number): number {
    const day = Math.floor(t / DAY_MS);
    let o = this.byDay.get(day);
    if (o === undefined) {
      const a = this.offsetAt(day * DAY_MS);
      o = a === this.offsetAt((day + 1) * DAY_MS - 60_000) ? a : null;
      this.byDay.set(day, o);
    }
    return o ?? this.offsetAt(t);
  }

  /** The local date (YYYY-MM-DD), its day number and the hour (0–23) of the instant `t` (ms). */
  local(t: number): { date: string; day: number; hour: number } {
    const wall = t + this.offset(t);
    const day = Math.floor(wall / DAY_MS);
    let date = this.dates.get(day);
    if (date === undefined) this.dates.set(day, (date = dateOfDay(day)));
    return { date, day, hour: Math.floor((wall - day * DAY_MS) / 3_600_000) };
  }
}
