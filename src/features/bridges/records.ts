/**
 * What every health bridge (Apple Health's export, Health Auto Export's pushes, Google Fit's Takeout)
 * comes down to, in Morsel's units: workouts, one value a day per daily metric (steps, active energy,
 * water, and dietary energy where asked for), and body readings (mass, fat). Each reader turns its
 * format into a HealthRead; write.ts puts a HealthRead into an account through the features' services.
 */
import { localDate } from "../../lib/time";
import { KG_PER_LB } from "../weights/trend";

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

/** The local day of an instant in the account's zone: the file's offset says when, the account says which day. */
export const dayOf = (instant: Date, timezone: string) => localDate(instant, timezone);

/**
 * Per-hour sums by source, reduced to one value a day: for each hour the largest source's sum. An
 * iPhone and an Apple Watch both count the same walk, so summing every sample counts it twice; taking
 * one source for the whole day loses the hours the watch was off. One source an hour is what Apple's own
 * statistics do in effect (they prefer the watch, then the phone); the larger of the two is the one
 * that was worn or carried.
 */
export class HourlyBySource {
  /** "date|hour" → source → sum. */
  private readonly hours = new Map<string, Map<string, number>>();

  add(date: string, hour: number, source: string, value: number): void {
    const key = `${date}|${hour}`;
    let bySource = this.hours.get(key);
    if (!bySource) this.hours.set(key, (bySource = new Map()));
    bySource.set(source, (bySource.get(source) ?? 0) + value);
  }

  /** date → the day's value. */
  days(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [key, bySource] of this.hours) {
      const date = key.slice(0, 10);
      let best = 0;
      for (const v of bySource.values()) if (v > best) best = v;
      out.set(date, (out.get(date) ?? 0) + best);
    }
    return out;
  }
}
