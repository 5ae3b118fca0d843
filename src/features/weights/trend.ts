/**
 * The weight trend: an exponentially smoothed moving average, as The Hacker's Diet (John Walker)
 * describes it. Each day the trend moves a tenth of the way from where it was towards that day's
 * weight: trend(d) = trend(d-1) + 0.1 × (weight(d) − trend(d-1)), starting at the first weight.
 * A day without a weigh-in uses the weight linearly interpolated between its neighbours, and after
 * the last weigh-in the trend stays where it was (nothing is extrapolated). Pure: no database.
 * Computed in closed form between weigh-ins, so its cost never depends on how far back they go.
 */
import { addDays } from "../../lib/time";

export const SMOOTHING = 0.1;

export interface Weighing {
  date: string;
  kg: number;
}

const DAY = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);

/**
 * The trend in kg on each of `dates` (ascending, YYYY-MM-DD) that is not before the first weighing.
 * The cost is one step per weighing and one per date asked for, whatever the span between them (a
 * weigh-in dated decades back costs nothing more): between two weigh-ins the daily weights are a line,
 * and the smoothing of a line has a closed form (`along`), so a gap is crossed in one step.
 */
export function trendAt(weighings: readonly Weighing[], dates: Iterable<string>): Map<string, number> {
  const out = new Map<string, number>();
  if (!weighings.length) return out;
  const firstDay = dayNumber(weighings[0]!.date);
  let i = 0; // the last weigh-in at or before the date being answered
  let trend = weighings[0]!.kg; // the trend on weighings[i]'s day
  for (const date of dates) {
    const n = dayNumber(date);
    if (n < firstDay) continue;
    while (i + 1 < weighings.length && dayNumber(weighings[i + 1]!.date) <= n) {
      trend = along(
        weighings[i]!,
        weighings[i + 1]!,
        trend,
        dayNumber(weighings[i + 1]!.date) - dayNumber(weighings[i]!.date),
      );
      i++;
    }
    const a = dayNumber(weighings[i]!.date);
    // after the last weigh-in the trend holds (nothing is extrapolated)
    out.set(
      date,
      round(n === a || i + 1 === weighings.length ? trend : along(weighings[i]!, weighings[i + 1]!, trend, n - a)),
    );
  }
  return out;
}

/**
 * The trend `m` days after weigh-in `from` (trend `t0` that day), the days up to `to` weighing the line
 * between the two: x(m) = p + q·m. The recurrence t(m) = (1 − s)·t(m − 1) + s·x(m) is solved by
 * t(m) = p + q·m − q(1 − s)/s + C·(1 − s)^m, with C from t(0) = t0.
 */
function along(from: Weighing, to: Weighing, t0: number, m: number): number {
  const s = SMOOTHING;
  const p = from.kg;
  const q = (to.kg - from.kg) / (dayNumber(to.date) - dayNumber(from.date));
  const lag = (q * (1 - s)) / s;
  return p + q * m - lag + (t0 - p + lag) * (1 - s) ** m;
}

/** The trend for every date from `from` (default: the first weighing) to `through`, oldest first. */
export function trendSeries(
  weighings: readonly Weighing[],
  through: string,
  from = weighings[0]?.date ?? through,
): Map<string, number> {
  return trendAt(weighings, days(from, through));
}

function* days(from: string, through: string): Generator<string> {
  for (let date = from; date <= through; date = addDays(date, 1)) yield date;
}

const round = (x: number) => Math.round(x * 100) / 100;

export const KG_PER_LB = 0.45359237;
/** The unit the API gives an account's weights in: stones and pounds ("st") are pounds to a client (14 to a stone). */
export const apiUnit = (weightUnit: string): "kg" | "lb" => (weightUnit === "lb" || weightUnit === "st" ? "lb" : "kg");
export const toUnit = (kg: number, unit: string) => Math.round((unit === "lb" ? kg / KG_PER_LB : kg) * 10) / 10;
