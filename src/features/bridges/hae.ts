/**
 * Health Auto Export's REST push (the iOS app's "REST API" automation, JSON): `{ data: { metrics:
 * [{ name, units, data: [{ qty, date, source? }] }], workouts: [{ name, start, end, duration?,
 * activeEnergyBurned? | activeEnergy?, distance? }] } }`. Dates are "2021-12-24 00:04:00 +0800" (or a
 * 12-hour clock); units follow the phone's settings. Format learnt from irvinlim/apple-health-ingester
 * (pkg/healthautoexport/types.go and fixtures.go) and the app's own wiki it cites.
 *
 * Metrics come per minute or per day (the automation's "time grouping"); either way a push's samples
 * are summed per local day, and the day's value is *replaced* by that sum (write.ts): a push carries
 * whole days (every date range the app offers is whole days: today, yesterday, the last N days), so
 * the same day pushed again, overlapping or not, gives the same value, never a doubled one. Within one
 * push a sample repeated (same metric, time and source) counts once.
 */
import { Kind, TypeRegistry } from "@sinclair/typebox";
import { t } from "elysia";
import { NO_NUL, Text } from "../../schema/schemas";
import {
  count,
  DayRange,
  emptyHealthRead,
  kcalOf,
  kgOf,
  kmOf,
  minutesOf,
  mlOf,
  parseHealthDate,
  skip,
  ZoneClock,
  type DailyMetric,
  type HealthRead,
} from "./records";

const Qty = t.Object(
  { qty: t.Optional(t.Number()), units: t.Optional(Text({ maxLength: 50 })) },
  { description: "a quantity and its unit" },
);

/**
 * A sample; other metrics' samples (sleep_analysis: sleepStart, asleep, …) carry other fields, kept as
 * they come. Its kind is registered with TypeBox as "any object": the push is checked against its schema
 * in one go (in the reader thread, read-worker.ts), and a typed sample cost ~15 µs there (1.6 s for a push
 * of 120,000); readHae reads each field itself and leaves out (listing) a sample whose qty or date cannot
 * be read. The document still shows its fields.
 */
const SAMPLE_KIND = "HaeSample";
if (!TypeRegistry.Has(SAMPLE_KIND))
  TypeRegistry.Set(SAMPLE_KIND, (_, value) => typeof value === "object" && value !== null && !Array.isArray(value));
const HaeSample = t.Unsafe<{ qty?: number; date?: string; source?: string; [field: string]: unknown }>({
  [Kind]: SAMPLE_KIND,
  type: "object",
  properties: {
    qty: { type: "number" },
    date: { type: "string", maxLength: 60, pattern: NO_NUL },
    source: { type: "string", maxLength: 500, pattern: NO_NUL },
  },
  additionalProperties: true,
  description: "a sample: qty, date and source are read; one that cannot be read is skipped and listed",
});

export const HaeMetric = t.Object(
  {
    name: Text({ maxLength: 100 }),
    units: t.Optional(Text({ maxLength: 50 })),
    data: t.Optional(
      t.Union([t.Array(HaeSample, { maxItems: 200_000 }), t.Null()], {
        description: "the samples; null (the app sends it for a metric with none) is skipped and listed",
      }),
    ),
  },
  { additionalProperties: true },
);

/** A workout; routes, heart rate and the like come too and are not read. */
const HaeWorkout = t.Object(
  {
    id: t.Optional(Text({ maxLength: 100 })),
    name: t.Optional(Text({ maxLength: 200 })),
    start: t.Optional(Text({ maxLength: 60 })),
    end: t.Optional(Text({ maxLength: 60 })),
    duration: t.Optional(t.Number({ description: "seconds (version 2)" })),
    activeEnergyBurned: t.Optional(Qty),
    activeEnergy: t.Optional(Qty),
    distance: t.Optional(Qty),
  },
  { additionalProperties: true },
);

export const HaePayload = t.Object(
  {
    data: t.Object({
      metrics: t.Optional(t.Array(HaeMetric, { maxItems: 500 })),
      workouts: t.Optional(t.Array(HaeWorkout, { maxItems: 10_000 })),
    }),
  },
  {
    title: "HealthAutoExportPayload",
    description: "Health Auto Export's JSON (its REST API automation, version 1 or 2)",
  },
);
export type HaePayloadT = typeof HaePayload.static;

/** The app's metric names Morsel keeps, and what each becomes. */
const DAILY: Record<string, DailyMetric> = {
  step_count: "steps",
  active_energy: "active_kcal",
  dietary_water: "water_ml",
  dietary_energy: "dietary_kcal",
};

type Qty = { qty?: unknown; units?: unknown };
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === "string" ? v : "");

/** Samples read between two calls of `pause`: its clock is looked at once per slice, not per sample. */
const SLICE = 256;

/** One metric's reader: each sample in turn, then end(). */
export interface HaeMetricSink {
  sample(j: number, raw: unknown): void;
  end(): void;
}

/**
 * A push read one sample at a time, as days, body readings and workouts on the account's local days (1970 to
 * tomorrow; others left out and listed). What it keeps follows the days and the distinct samples, never the
 * push's other fields: hae-stream.ts feeds it from the push's bytes, readHae from a parsed payload. ZoneClock
 * answers each sample's day from a cache of each day's offset (asking Intl took 11 s for 120,000 samples).
 */
export class HaeReader {
  private readonly out = emptyHealthRead();
  private readonly clock: ZoneClock;
  private readonly range: DayRange;
  private readonly body = new Map<string, { kg?: number; kgAt?: string; fat_pct?: number; fatAt?: string }>();

  constructor(private readonly opts: { timezone: string; dietaryEnergy: boolean; now: number }) {
    this.clock = new ZoneClock(opts.timezone);
    this.range = new DayRange(opts.now, opts.timezone);
  }

  /** The local date of `at`, or null (left out, listed as `what`) outside the kept days. */
  private dateOf(at: Date, what: string): string | null {
    const local = this.range.near(at.getTime()) ? this.clock.local(at.getTime()) : null;
    if (local && this.range.keeps(local.day)) return local.date;
    skip(this.out, what, `${at.toISOString().slice(0, 10)} ${this.range.why}`);
    return null;
  }

  /** The metric at `i`'s reader, or null when its samples are not read (a metric Morsel does not keep, null data). */
  metric(i: number, m: { name: string; units?: string; data?: unknown }): HaeMetricSink | null {
    const { out, body } = this;
    const daily = DAILY[m.name];
    const isBody = m.name === "weight_body_mass" || m.name === "body_fat_percentage";
    if ((!daily && !isBody) || (daily === "dietary_kcal" && !this.opts.dietaryEnergy)) return null;
    const units = m.units ?? "";
    const convert =
      daily === "steps"
        ? (v: number) => v
        : daily === "active_kcal" || daily === "dietary_kcal"
          ? (v: number) => kcalOf(v, units)
          : daily === "water_ml"
            ? (v: number) => mlOf(v, units)
            : m.name === "weight_body_mass"
              ? (v: number) => kgOf(v, units)
              : (v: number) => (v <= 1 && units !== "%" ? v * 100 : v);
    if (m.data === null) {
      skip(out, `metrics.${i}`, `${m.name}: data is null: no samples sent`);
      return null;
    }
    if (convert(1) === null) {
      skip(out, `metrics.${i}`, `${m.name}: units "${units}" are not ones Morsel reads`);
      return null;
    }
    const sums = new Map<string, number>();
    // the instants seen, by source: numbers, not a string per sample (half a million of those took ~50 MB)
    const seen = new Map<string, Set<number>>();
    return {
      sample: (j, raw) => {
        const p = (raw ?? {}) as Record<string, unknown>;
        const source = str(p.source);
        // a NUL in the date or the source is unreadable text, as it is in every other request field (API.md §Errors)
        const at = source.includes("\u0000") ? null : parseHealthDate(str(p.date));
        const v = num(p.qty);
        if (!at || v === null || v < 0) {
          skip(
            out,
            `metrics.${i}.data.${j}`,
            `${m.name}: date "${str(p.date)}" or qty ${String(p.qty)} cannot be read`,
          );
          return;
        }
        const key = source.slice(0, 500);
        let instants = seen.get(key);
        if (!instants) seen.set(key, (instants = new Set()));
        if (instants.has(at.getTime())) return; // the same sample twice in one push
        instants.add(at.getTime());
        const date = this.dateOf(at, `metrics.${i}.data.${j}`);
        if (date === null) return;
        count(out, m.name);
        const value = convert(v)!;
        if (daily) sums.set(date, (sums.get(date) ?? 0) + value);
        else {
          const b = body.get(date) ?? {};
          const iso = at.toISOString();
          if (m.name === "weight_body_mass" && (b.kgAt === undefined || iso < b.kgAt))
            Object.assign(b, { kg: value, kgAt: iso });
          if (m.name === "body_fat_percentage" && (b.fatAt === undefined || iso < b.fatAt))
            Object.assign(b, { fat_pct: value, fatAt: iso });
          body.set(date, b);
        }
      },
      end: () => {
        for (const [date, v] of sums) {
          const day = out.days[date] ?? {};
          day[daily!] = Math.round(v);
          out.days[date] = day;
        }
      },
    };
  }

  /** The push's workouts (few and small: at most 10,000, checked against HaeWorkout). */
  async workouts(list: readonly unknown[], pause: () => Promise<void>): Promise<void> {
    const out = this.out;
    for (const [i, raw] of list.entries()) {
      if (i % SLICE === 0) await pause();
      const w = (raw ?? {}) as Record<string, unknown>;
      const start = parseHealthDate(str(w.start));
      const end = parseHealthDate(str(w.end));
      const name = str(w.name).trim().slice(0, 100);
      // version 2 gives duration in seconds; version 1 only start and end
      let minutes = num(w.duration) !== null ? minutesOf(num(w.duration)!, "s") : null;
      if (minutes === null && start && end) minutes = (end.getTime() - start.getTime()) / 60_000;
      if (!start || !name || minutes === null || !(minutes > 0)) {
        skip(out, `workouts.${i}`, `name "${name}", start "${str(w.start)}" or its duration cannot be read`);
        continue;
      }
      const energy = (w.activeEnergyBurned ?? w.activeEnergy) as Qty | undefined;
      const kcal = energy && num(energy.qty) !== null ? kcalOf(num(energy.qty)!, str(energy.units) || "kcal") : null;
      const date = this.dateOf(start, `workouts.${i}`);
      if (date === null) continue;
      const dist = w.distance as Qty | undefined;
      const km = dist && num(dist.qty) !== null ? kmOf(num(dist.qty)!, str(dist.units) || "km") : null;
      count(out, "workouts");
      out.workouts.push({
        start: start.toISOString(),
        date,
        type: name,
        minutes,
        kcal: kcal !== null && kcal >= 0 ? kcal : null,
        distance_km: km !== null && km > 0 ? km : null,
      });
    }
  }

  /** What was read (after every metric's end() and the workouts). */
  result(): HealthRead {
    const sorted = [...this.body].sort(([a], [c]) => (a < c ? -1 : a > c ? 1 : 0));
    const out = this.out;
    for (const [date, b] of sorted)
      out.body.push({
        date,
        at: b.kgAt ?? b.fatAt!,
        ...(b.kg !== undefined ? { kg: Math.round(b.kg * 1000) / 1000 } : {}),
        ...(b.fat_pct !== undefined ? { fat_pct: Math.round(b.fat_pct * 10) / 10 } : {}),
      });
    return out;
  }
}

/**
 * A parsed payload read (HaeReader), calling `pause` every SLICE samples for a caller on the thread that answers
 * requests (bench:responsiveness measures the per-sample cost with it). The server reads pushes from their bytes
 * in the reader thread (hae-stream.ts), never through a parsed payload.
 */
export async function readHae(
  payload: HaePayloadT,
  opts: { timezone: string; dietaryEnergy: boolean; now: number; pause: () => Promise<void> },
): Promise<HealthRead> {
  const reader = new HaeReader(opts);
  for (const [i, m] of (payload.data.metrics ?? []).entries()) {
    const sink = reader.metric(i, m);
    if (!sink) continue;
    for (const [j, raw] of (m.data ?? []).entries()) {
      if (j % SLICE === 0) await opts.pause();
      sink.sample(j, raw);
    }
    sink.end();
  }
  await reader.workouts(payload.data.workouts ?? [], opts.pause);
  return reader.result();
}
