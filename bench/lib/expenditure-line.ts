/**
 * The estimator as it was before issue 53, kept so bench:expenditure can measure the two side by
 * side: the mean kcal of every logged day minus the least-squares slope through the weigh-ins ×
 * 7,700 kcal/kg (Wishnofsky 1958; Hall, Int J Obes 2008), ±1.645 standard errors treating each
 * weigh-in's error as independent. Only the method is its own: the minimums and the refusals of
 * weigh-ins and estimates a body cannot produce are the endpoint's (src/features/stats/expenditure.ts).
 */
import {
  type DayData,
  type Estimate,
  enough,
  impossibleStep,
  KCAL_PER_KG,
  MAX_SLOPE_KG_PER_DAY,
  PLAUSIBLE_KCAL,
} from "../../src/features/stats/expenditure";

const Z90 = 1.645;
const DAY_MS = 86_400_000;
const dayIndex = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const round10 = (x: number) => Math.round(x / 10) * 10;

type LineEstimate = Pick<Estimate, "expenditure_kcal" | "low_kcal" | "high_kcal" | "intake_kcal" | "kg_per_day">;

/** The estimate over `days` (oldest first), or null where the old estimator gave none. */
export function estimateExpenditure(days: readonly DayData[]): LineEstimate | null {
  // every logged day counted then: partly logged ones too
  const weighed = days.filter((d) => d.kg !== null);
  const counts = {
    logged_days: days.filter((d) => d.kcal !== null).length,
    weigh_ins: weighed.length,
    weight_span_days: weighed.length ? dayIndex(weighed.at(-1)!.date) - dayIndex(weighed[0]!.date) + 1 : 0,
  };
  if (!enough(counts) || impossibleStep(days)) return null;
  const e = fit(days);
  if (!(Math.abs(e.kg_per_day) <= MAX_SLOPE_KG_PER_DAY)) return null;
  const finite = [e.expenditure_kcal, e.low_kcal, e.high_kcal, e.intake_kcal].every(Number.isFinite);
  if (!finite || e.expenditure_kcal < PLAUSIBLE_KCAL.min || e.expenditure_kcal > PLAUSIBLE_KCAL.max) return null;
  return {
    ...e,
    low_kcal: Math.max(PLAUSIBLE_KCAL.min, e.low_kcal),
    high_kcal: Math.min(PLAUSIBLE_KCAL.max, e.high_kcal),
  };
}

/** The energy balance over days with enough data: a straight line through the weigh-ins. */
function fit(days: readonly DayData[]): LineEstimate {
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
