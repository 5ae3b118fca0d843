/** The estimator as it was before issue 53 (least-squares line, 7,700 kcal/kg), kept so bench:expenditure can measure the two side by side. */
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
 * Weigh-ins a body cannot produce are refused, not averaged (weighIns below): 20 and 400 kg on
 * alternate days gave −4,850 kcal/day as if it were an estimate. So is an estimate outside what a body
 * spends (PLAUSIBLE_KCAL).
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

/**
 * Day-to-day weight moves with water, glycogen, gut content, clothes and the scale: 1–2 kg is common,
 * 3–4 kg happens (a salty, starchy day after a lean one). Body tissue itself changes by at most about
 * 0.5 kg a day (a total fast's deficit, 3,000–3,850 kcal, at 7,700 kcal/kg). Two weigh-ins in a row, d
 * days apart, may differ by SWING_KG + KG_PER_DAY × d, twice each of those: 7 kg a day apart, 20 kg a
 * fortnight. 20 and 400 kg a day apart differ by 380.
 */
export const WEIGH_IN_STEP = { SWING_KG: 6, KG_PER_DAY: 1 } as const;
/**
 * The line through a window's weigh-ins (14 days or more) may fall or rise at most 0.5 kg a day,
 * 3.5 kg a week: 3,850 kcal/day of tissue, more than a total fast's deficit for nearly everyone.
 */
export const MAX_SLOPE_KG_PER_DAY = 0.5;
/**
 * What a body spends a day, in the calories a person logs. Measured total expenditure (doubly labelled
 * water) runs from about 1,000 kcal (small, inactive, old adults) to 8,000–9,000 (Tour de France
 * riders: Westerterp et al., 1986); a person who logs only half of what they eat halves it, so the floor
 * is 500. An estimate outside is the data's doing, not the body's.
 */
export const PLAUSIBLE_KCAL = { min: 500, max: 9000 } as const;

export interface WeighIn {
  date: string;
  kg: number;
}

/** Why there is no estimate. */
export type Refusal =
  | { reason: "not_enough_data" }
  | { reason: "implausible_weigh_ins"; step: { from: WeighIn; to: WeighIn; limit_kg: number } }
  | { reason: "implausible_weigh_ins"; kg_per_day: number }
  | { reason: "implausible_estimate"; kcal: number };

/** The first two weigh-ins in a row that differ by more than a body can (WEIGH_IN_STEP), or null. */
export function impossibleStep(days: readonly DayData[]): { from: WeighIn; to: WeighIn; limit_kg: number } | null {
  let last: WeighIn | null = null;
  for (const d of days) {
    if (d.kg === null) continue;
    const here = { date: d.date, kg: d.kg };
    if (last) {
      const limit = WEIGH_IN_STEP.SWING_KG + WEIGH_IN_STEP.KG_PER_DAY * (dayIndex(d.date) - dayIndex(last.date));
      if (!(Math.abs(here.kg - last.kg) <= limit)) return { from: last, to: here, limit_kg: limit };
    }
    last = here;
  }
  return null;
}

/** The estimate over `days` (oldest first), or why there is none. */
export function assessExpenditure(
  days: readonly DayData[],
): { estimate: Estimate; refusal: null } | { estimate: null; refusal: Refusal } {
  const refuse = (refusal: Refusal) => ({ estimate: null, refusal }) as const;
  if (!enough(countsOf(days))) return refuse({ reason: "not_enough_data" });
  const step = impossibleStep(days);
  if (step) return refuse({ reason: "implausible_weigh_ins", step });
  const e = fit(days);
  if (!(Math.abs(e.kg_per_day) <= MAX_SLOPE_KG_PER_DAY))
    return refuse({ reason: "implausible_weigh_ins", kg_per_day: e.kg_per_day });
  const finite = [e.expenditure_kcal, e.low_kcal, e.high_kcal, e.intake_kcal].every(Number.isFinite);
  if (!finite || e.expenditure_kcal < PLAUSIBLE_KCAL.min || e.expenditure_kcal > PLAUSIBLE_KCAL.max)
    return refuse({ reason: "implausible_estimate", kcal: e.expenditure_kcal });
  // noisy weigh-ins over two weeks can put the interval's end below zero (−300 … 2,550 kcal for a 14-day
  // window of the worst realistic diary): no body spends that, so the interval stops where bodies do
  const low = Math.max(PLAUSIBLE_KCAL.min, e.low_kcal);
  const high = Math.min(PLAUSIBLE_KCAL.max, e.high_kcal);
  return { estimate: { ...e, low_kcal: low, high_kcal: high }, refusal: null };
}

/** The estimate over `days` (oldest first), or null when there is none (assessExpenditure says why). */
export function estimateExpenditure(days: readonly DayData[]): Estimate | null {
  return assessExpenditure(days).estimate;
}

/** The energy balance over days with enough data. */
function fit(days: readonly DayData[]): Estimate {
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
