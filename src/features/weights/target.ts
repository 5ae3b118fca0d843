/**
 * The target weight's ETA from the trend (trend.ts): the trend's slope over the 28 days up to the last
 * weigh-in (at least 7 days of them), carried forward in a straight line to the target. Pure: no database.
 */
import { addDays } from "../../lib/time";
import { trendAt, type Weighing } from "./trend";

export const ETA_WINDOW_DAYS = 28;
/** Within this of the target, it is reached (a day's water weight moves more). */
export const REACHED_KG = 0.2;
/** Slower than this (kg a week), or further than 5 years away, there is no ETA. */
const FLAT_KG_PER_WEEK = 0.02;
const MAX_DAYS = 5 * 365;

export type EtaStatus = "reached" | "on_track" | "moving_away" | "flat" | "not_enough_data";

export interface Eta {
  status: EtaStatus;
  /** The date the trend reaches the target at its present rate; null unless on_track. */
  date: string | null;
  days: number | null;
  /** The trend's rate, kg per week; null without 7 days of weigh-ins. */
  rate_kg_per_week: number | null;
  trend_kg: number | null;
}

const DAY = 86_400_000;
const span = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);

export function targetEta(weighings: readonly Weighing[], targetKg: number): Eta {
  const last = weighings.at(-1);
  if (!last) return { status: "not_enough_data", date: null, days: null, rate_kg_per_week: null, trend_kg: null };
  const first = weighings[0]!.date;
  const start = [addDays(last.date, -ETA_WINDOW_DAYS), first].sort().at(-1)!;
  const trend = trendAt(weighings, [start, last.date]);
  const now = trend.get(last.date)!;
  const gap = targetKg - now;
  if (Math.abs(gap) <= REACHED_KG)
    return { status: "reached", date: null, days: null, rate_kg_per_week: null, trend_kg: now };
  const days = span(start, last.date);
  if (days < 7) return { status: "not_enough_data", date: null, days: null, rate_kg_per_week: null, trend_kg: now };
  const perDay = (now - trend.get(start)!) / days;
  const rate = Math.round(perDay * 7 * 100) / 100;
  if (Math.abs(perDay * 7) < FLAT_KG_PER_WEEK)
    return { status: "flat", date: null, days: null, rate_kg_per_week: rate, trend_kg: now };
  if (Math.sign(perDay) !== Math.sign(gap))
    return { status: "moving_away", date: null, days: null, rate_kg_per_week: rate, trend_kg: now };
  const ahead = Math.ceil(gap / perDay);
  if (ahead > MAX_DAYS) return { status: "flat", date: null, days: null, rate_kg_per_week: rate, trend_kg: now };
  return { status: "on_track", date: addDays(last.date, ahead), days: ahead, rate_kg_per_week: rate, trend_kg: now };
}
