/**
 * The weight trend: an exponentially smoothed moving average, as The Hacker's Diet (John Walker)
 * describes it. Each day the trend moves a tenth of the way from where it was towards that day's
 * weight: trend(d) = trend(d-1) + 0.1 × (weight(d) − trend(d-1)), starting at the first weight.
 * A day without a weigh-in uses the weight linearly interpolated between its neighbours, and after
 * the last weigh-in the trend stays where it was (nothing is extrapolated). Pure: no database.
 */
import { addDays } from "../../lib/time";

export const SMOOTHING = 0.1;

export interface Weighing {
  date: string;
  kg: number;
}

const DAY = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);

/** The trend in kg for every date from the first weighing to `through`, oldest first. */
export function trendSeries(weighings: readonly Weighing[], through: string): Map<string, number> {
  const out = new Map<string, number>();
  if (!weighings.length) return out;
  const first = weighings[0]!;
  let trend = first.kg;
  let next = 0; // index of the next weighing at or after the current day
  const end = dayNumber(through);
  for (let n = dayNumber(first.date), date = first.date; n <= end; n++, date = addDays(date, 1)) {
    while (next < weighings.length && dayNumber(weighings[next]!.date) < n) next++;
    let kg: number;
    const w = weighings[next];
    if (w && dayNumber(w.date) === n) kg = w.kg;
    else if (!w) {
      out.set(date, round(trend));
      continue; // after the last weigh-in: the trend holds
    } else {
      const prev = weighings[next - 1]!; // a day between two weigh-ins
      const a = dayNumber(prev.date);
      kg = prev.kg + ((w.kg - prev.kg) * (n - a)) / (dayNumber(w.date) - a);
    }
    trend += SMOOTHING * (kg - trend);
    out.set(date, round(trend));
  }
  return out;
}

const round = (x: number) => Math.round(x * 100) / 100;

export const KG_PER_LB = 0.45359237;
export const toUnit = (kg: number, unit: string) => Math.round((unit === "lb" ? kg / KG_PER_LB : kg) * 10) / 10;
