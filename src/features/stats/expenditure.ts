/**
 * Adaptive energy expenditure from logged intake and weigh-ins: the energy balance, as the
 * Hacker's Diet (John Walker) and MacroFactor put it. Over a window of days,
 *
 *   expenditure = mean intake of the logged days − (weight slope in kg/day × 7,700 kcal/kg)
 *
 * The slope is the least-squares line through the window's weigh-ins (day-to-day water swings of a
 * kilogram average out over weeks); 7,700 kcal/kg is the energy of a kilogram of mostly-fat body
 * tissue (Wishnofsky 1958; Hall, Int J Obes 2008, "What is the required energy deficit per unit
 * weight loss?"). A day without meals is not a day of zero intake: it is left out of the mean.
 * The range is ±1.645 standard errors (90 %), from the scatter of the weigh-ins around their
 * line and of the logged days around their mean.
 *
 * What it estimates is expenditure in the calories this person logs: food they never log lowers
 * the estimate by as much, so a goal set from it still moves their weight at the rate chosen. Pure:
 * no database (stats/service.ts reads the days; bench/expenditure.ts checks it on synthetic diaries).
 */

export const KCAL_PER_KG = 7700;
/** Enough data: this many logged days, weigh-ins, and days from the first weigh-in to the last. */
export const NEEDED = { logged_days: 10, weigh_ins: 3, weight_span_days: 14 } as const;
const Z90 = 1.645;

export interface DayData {
  date: string;
  /** The day's logged kcal; null: nothing logged that day. */
  kcal: number | null;
  /** The day's weigh-in in kg; null: none. */
  kg: number | null;
}

export interface Estimate {
  expenditure_kcal: number;
  low_kcal: number;
  high_kcal: number;
  intake_kcal: number;
  kg_per_day: number;
}

export interface Counts {
  logged_days: number;
  weigh_ins: number;
  weight_span_days: number;
}

const DAY_MS = 86_400_000;
const dayIndex = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

export function countsOf(days: readonly DayData[]): Counts {
  const weighed = days.filter((d) => d.kg !== null);
  return {
    logged_days: days.filter((d) => d.kcal !== null).length,
    weigh_ins: weighed.length,
    weight_span_days: weighed.length ? dayIndex(weighed.at(-1)!.date) - dayIndex(weighed[0]!.date) + 1 : 0,
  };
}

export const enough = (c: Counts) =>
  c.logged_days >= NEEDED.logged_days &&
  c.weigh_ins >= NEEDED.weigh_ins &&
  c.weight_span_days >= NEEDED.weight_span_days;

/** The estimate over `days` (oldest first), or null when there is not enough data (`enough`). */
export function estimateExpenditure(days: readonly DayData[]): Estimate | null {
  if (!enough(countsOf(days))) return null;
  const intake = days.filter((d) => d.kcal !== null).map((d) => d.kcal!);
  const points = days.filter((d) => d.kg !== null).map((d) => ({ x: dayIndex(d.date), y: d.kg! }));
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const sxx = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  const slope = points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0) / sxx;
  const residual = points.reduce((a, p) => a + (p.y - (my + slope * (p.x - mx))) ** 2, 0);
  // with three weigh-ins a line leaves one degree of freedom; below that the scatter is unknown
  const slopeSe = n > 2 ? Math.sqrt(residual / (n - 2) / sxx) : 0;
  const mean = intake.reduce((a, v) => a + v, 0) / intake.length;
  const sd = Math.sqrt(intake.reduce((a, v) => a + (v - mean) ** 2, 0) / Math.max(1, intake.length - 1));
  const se = Math.hypot(slopeSe * KCAL_PER_KG, sd / Math.sqrt(intake.length));
  const expenditure = mean - slope * KCAL_PER_KG;
  return {
    expenditure_kcal: round10(expenditure),
    low_kcal: round10(expenditure - Z90 * se),
    high_kcal: round10(expenditure + Z90 * se),
    intake_kcal: round10(mean),
    kg_per_day: slope,
  };
}

const round10 = (x: number) => Math.round(x / 10) * 10;

/** Rates offered as goals, per week in the account's unit (negative: loss). */
export const RATES: Record<"kg" | "lb", number[]> = {
  kg: [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5],
  lb: [-2, -1.5, -1, -0.5, 0, 0.5, 1],
};
/** No suggestion below this: below it a diet wants a clinician, not an app. */
export const MIN_SUGGESTED_KCAL = 1200;

/** The daily kcal for each rate that stays at or above MIN_SUGGESTED_KCAL. */
export function suggestions(expenditure: number, unit: "kg" | "lb", kgPerUnit: number) {
  return RATES[unit]
    .map((rate) => ({ rate_per_week: rate, energy_kcal: round10(expenditure + (rate * kgPerUnit * KCAL_PER_KG) / 7) }))
    .filter((s) => s.energy_kcal >= MIN_SUGGESTED_KCAL);
}
