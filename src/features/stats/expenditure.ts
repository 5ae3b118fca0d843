/**
 * Adaptive energy expenditure from logged intake and weigh-ins: the energy balance, as the
 * Hacker's Diet (John Walker) and MacroFactor put it. Over a window of days,
 *
 *   expenditure = mean intake of the whole logged days − weight trend's slope (kg/day) × kcal per kg
 *
 * - Intake: the days the person marked complete, or, where they mark none, the logged days that are
 *   not implausibly low against their own median (day-selection.ts); a day without meals is not a day
 *   of zero intake. The mean is taken weekday by weekday (weekends are eaten more, and skipped more).
 * - Weight: the slope of the weigh-ins under water weight that carries over from day to day, with room
 *   for glycogen water in the window's first days (weight-slope.ts).
 * - kcal per kg: Forbes/Hall from body fat where it is known, 7,700 otherwise (kcalPerKg).
 * - The range: a 90 % interval from the slope's and the intake's standard errors and the factor's
 *   uncertainty, narrowed over short windows (rangeScale). On realistic diaries (bench:expenditure) it
 *   holds the truth for 93 / 92 / 91 % of people at 3 / 6 / 8 weeks.
 *
 * Weigh-ins a body cannot produce are refused, not averaged (weighIns below): 20 and 400 kg on
 * alternate days gave −4,850 kcal/day as if it were an estimate. So is an estimate outside what a body
 * spends (PLAUSIBLE_KCAL).
 *
 * What it estimates is expenditure in the calories this person logs: food they never log lowers
 * the estimate by as much, so a goal set from it still moves their weight at the rate chosen. Pure:
 * no database (stats/expenditure-view.ts reads the days; bench/expenditure.ts checks it on synthetic
 * diaries, kind and realistic).
 */
import { type DayData, type LeftOutReason, selectDays } from "./day-selection";

export type { DayData };
import { weightSlope } from "./weight-slope";

export const KCAL_PER_KG = 7700;
/** Enough data: this many logged days, weigh-ins, and days from the first weigh-in to the last. */
export const NEEDED = { logged_days: 10, weigh_ins: 3, weight_span_days: 14 } as const;
const Z90 = 1.645;

export interface Options {
  /** The person's fat mass in kg, where known: kcal per kg by Forbes/Hall instead of 7,700. */
  fatKg?: number | null;
}

export interface Estimate {
  expenditure_kcal: number;
  low_kcal: number;
  high_kcal: number;
  intake_kcal: number;
  kg_per_day: number;
  /** The weigh-ins' own slope, without the slope's prior (weight-slope.ts), kg/day. */
  raw_kg_per_day: number;
  /** The kcal per kg of tissue used. */
  kcal_per_kg: number;
  /** Logged days the intake mean is over. */
  days_used: number;
  /** Logged days left out, per reason. */
  left_out: Record<LeftOutReason, number>;
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
    logged_days: selectDays(days).used.length,
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
  opts: Options = {},
): { estimate: Estimate; refusal: null } | { estimate: null; refusal: Refusal } {
  const refuse = (refusal: Refusal) => ({ estimate: null, refusal }) as const;
  if (!enough(countsOf(days))) return refuse({ reason: "not_enough_data" });
  const step = impossibleStep(days);
  if (step) return refuse({ reason: "implausible_weigh_ins", step });
  const e = fit(days, opts);
  // judged on the weigh-ins' own slope: the prior would pull an impossible one back within bounds
  if (!(Math.abs(e.raw_kg_per_day) <= MAX_SLOPE_KG_PER_DAY))
    return refuse({ reason: "implausible_weigh_ins", kg_per_day: e.raw_kg_per_day });
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
export function estimateExpenditure(days: readonly DayData[], opts: Options = {}): Estimate | null {
  return assessExpenditure(days, opts).estimate;
}

/**
 * kcal per kg of tissue gained or lost. With the person's fat mass known, Forbes's partition (the
 * fat-free share of a change is 10.4 / (10.4 + fat kg): Forbes 1987; Hall, Br J Nutr 2007, "Body fat
 * and fat-free mass inter-relationships: Forbes's theory revisited") with 9,440 kcal/kg of fat and
 * 1,820 kcal/kg of fat-free mass (Hall, Int J Obes 2008): about 5,500 kcal/kg at 10 kg of fat, 7,900
 * at 40. Without it (Morsel's profile has no body fat yet), 7,700 (Wishnofsky 1958).
 */
export function kcalPerKg(fatKg?: number | null): number {
  if (fatKg === undefined || fatKg === null || !(fatKg > 0)) return KCAL_PER_KG;
  const lean = 10.4 / (10.4 + fatKg);
  return lean * 1820 + (1 - lean) * 9440;
}
/** Relative uncertainty of the kcal/kg factor: ±10 % without body fat (5,500–7,900 above), ±5 % with. */
const FACTOR_SD = { known: 0.05, unknown: 0.1 } as const;

/**
 * Mean intake of the days used, weekday by weekday: where each weekday has a day used, the mean of the
 * seven weekday means, so that weekends eaten 15–30 % more count two days in seven however often they
 * are the days left unlogged. Else the plain mean. Its standard error from the scatter around them.
 */
function meanIntake(used: readonly DayData[]): { mean: number; se: number } {
  const byDay: number[][] = Array.from({ length: 7 }, () => []);
  for (const d of used) byDay[dayIndex(d.date) % 7]!.push(d.kcal!);
  const avg = (xs: number[]) => xs.reduce((a, v) => a + v, 0) / xs.length;
  const n = used.length;
  if (byDay.every((xs) => xs.length > 0)) {
    const means = byDay.map(avg);
    const ss = byDay.reduce((a, xs, i) => a + xs.reduce((b, v) => b + (v - means[i]!) ** 2, 0), 0);
    const sd = Math.sqrt(ss / Math.max(1, n - 7));
    // the mean of weekday means: each weekday's mean weighs 1/7, its variance sd²/n_day
    const se = Math.sqrt(byDay.reduce((a, xs) => a + sd ** 2 / xs.length, 0)) / 7;
    return { mean: avg(means), se };
  }
  const mean = avg(used.map((d) => d.kcal!));
  const sd = Math.sqrt(used.reduce((a, d) => a + (d.kcal! - mean) ** 2, 0) / Math.max(1, n - 1));
  return { mean, se: sd / Math.sqrt(n) };
}

/**
 * The range's half-width for weigh-ins `span` days apart: the model's standard error × 0.8 at two
 * weeks, rising linearly to × 1 at six. Over short windows the slope's error is mostly the prior's,
 * which is wider than the spread of real people's slopes: unscaled, the 90 % range held the truth for
 * 97–99 % of realistic diaries at 2–3 weeks (bench:expenditure, seeds 42 and 7), scaled 93 %, while 6
 * and 8 weeks stay at 90–92 %. An empirical calibration on our own generator, stated as such.
 */
const SHORT_WINDOW = { factor: 0.8, fromDays: 14, fullAtDays: 42 };
const rangeScale = (span: number) =>
  SHORT_WINDOW.factor +
  (1 - SHORT_WINDOW.factor) *
    Math.min(1, Math.max(0, (span - SHORT_WINDOW.fromDays) / (SHORT_WINDOW.fullAtDays - SHORT_WINDOW.fromDays)));

/** The energy balance over days with enough data. */
function fit(days: readonly DayData[], opts: Options): Estimate {
  const { used, left_out } = selectDays(days);
  const points = days.filter((d) => d.kg !== null).map((d) => ({ x: dayIndex(d.date), y: d.kg! }));
  const w = weightSlope(points);
  const intake = meanIntake(used);
  const factor = kcalPerKg(opts.fatKg);
  const factorSd = factor * (opts.fatKg ? FACTOR_SD.known : FACTOR_SD.unknown);
  const expenditure = intake.mean - w.slope * factor;
  const se = Math.sqrt((w.se * factor) ** 2 + intake.se ** 2 + (w.slope * factorSd) ** 2);
  const span = points.length ? points[points.length - 1]!.x - points[0]!.x : 0;
  const half = Z90 * se * rangeScale(span);
  return {
    expenditure_kcal: round10(expenditure),
    low_kcal: round10(expenditure - half),
    high_kcal: round10(expenditure + half),
    intake_kcal: round10(intake.mean),
    kg_per_day: w.slope,
    raw_kg_per_day: w.raw,
    kcal_per_kg: Math.round(factor),
    days_used: used.length,
    left_out,
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
