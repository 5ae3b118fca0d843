/**
 * GET /stats/expenditure?to=&days= (API.md §Goals and statistics): the estimate of expenditure.ts
 * over the `days` ending on `to`, with its range, what is missing when there is not enough data,
 * goal suggestions in the account's weight unit, and the estimate at each of the 8 week ends
 * before (each over its own window) to show its trend.
 */
import type { Q } from "../../db/q";
import { checkDate, Problems } from "../../lib/problems";
import { addDays, localDate } from "../../lib/time";
import type { Ctx } from "../../context";
import { KG_PER_LB } from "../weights/trend";
import { weightsOver } from "../weights/service";
import { marksOver } from "../days/service";
import {
  assessExpenditure,
  countsOf,
  kcalPerKg,
  estimateExpenditure,
  MAX_SLOPE_KG_PER_DAY,
  NEEDED,
  PLAUSIBLE_KCAL,
  suggestions,
  type Counts,
  type DayData,
  type Refusal,
} from "./expenditure";
import { selectDays } from "./day-selection";

import { EXPENDITURE_DAYS } from "./range";

export { EXPENDITURE_DAYS };
const TREND_WEEKS = 8;

export const METHOD =
  "energy balance: mean kcal of the whole logged days, weekday by weekday (days marked complete; where none are marked, days under half the window's median or with one entry are left out), minus the weight slope × 7,700 kcal/kg (Wishnofsky 1958; Hall 2008); the slope by generalised least squares with water weight as AR(1) noise and a fading glycogen term; a 90 % range from its standard errors";

function* dataOver(ctx: Ctx, from: string, to: string): Q<DayData[]> {
  const kcal = new Map<string, number>();
  const entries = new Map<string, number>();
  for (const r of yield* ctx.deps.meals.sums(ctx.userId, from, to)) {
    entries.set(r.date, (entries.get(r.date) ?? 0) + r.n);
    if (r.energy_kcal !== null) kcal.set(r.date, (kcal.get(r.date) ?? 0) + (r.energy_kcal as number));
  }
  const kg = yield* weightsOver(ctx, from, to);
  const marks = yield* marksOver(ctx, from, to);
  const out: DayData[] = [];
  for (let d = from; d <= to; d = addDays(d, 1))
    out.push({
      date: d,
      kcal: kcal.get(d) ?? null,
      kg: kg.get(d)?.kg ?? null,
      meals: entries.get(d) ?? 0,
      complete: marks.get(d) ?? null,
    });
  return out;
}

export function* expenditure({
  ctx,
  unit,
  input,
}: {
  ctx: Ctx;
  unit: "kg" | "lb";
  input: { to?: string; days?: number };
}) {
  const p = new Problems();
  const to = checkDate(p, "to", input.to) ?? localDate(ctx.now, ctx.timezone);
  p.throwIfAny();
  const days = input.days ?? EXPENDITURE_DAYS.default;
  const from = addDays(to, -(days - 1));
  // one read covers this window and the trend's windows before it
  const all = yield* dataOver(ctx, addDays(from, -7 * TREND_WEEKS), to);
  const windowEnding = (end: string) => all.filter((d) => d.date <= end && d.date > addDays(end, -days));
  // today is not over until it is: its half-eaten intake counts only once it is marked complete
  const today = localDate(ctx.now, ctx.timezone);
  // (a today marked incomplete is left out as such)
  const notOver = (d: (typeof all)[number]) => d.date === today && d.kcal !== null && d.complete == null;
  const todayLeftOut = windowEnding(to).some(notOver);
  const here = windowEnding(to).map((d) => (notOver(d) ? { ...d, kcal: null, meals: 0 } : d));
  const have = countsOf(here);
  const selection = selectDays(here);
  const { estimate: e, refusal } = assessExpenditure(here);
  const perUnit = unit === "lb" ? KG_PER_LB : 1;
  const trend = [];
  for (let w = TREND_WEEKS; w >= 1; w--) {
    const end = addDays(to, -7 * w);
    trend.push({ to: end, expenditure_kcal: estimateExpenditure(windowEnding(end))?.expenditure_kcal ?? null });
  }
  trend.push({ to, expenditure_kcal: e?.expenditure_kcal ?? null });
  return {
    from,
    to,
    days,
    enough_data: e !== null,
    reason: refusal?.reason ?? null,
    message:
      refusal &&
      explain(refusal, {
        have,
        days,
        to,
        unit,
        perUnit,
        leftOut: Object.values(selection.left_out).reduce((a, n) => a + n, 0),
      }),
    have,
    needed: NEEDED,
    expenditure_kcal: e?.expenditure_kcal ?? null,
    range_kcal: e ? { low: e.low_kcal, high: e.high_kcal } : null,
    intake_kcal: e?.intake_kcal ?? null,
    days_used: selection.used.length,
    days_left_out: { ...selection.left_out, today_not_over: todayLeftOut ? 1 : 0 },
    kcal_per_kg: kcalPerKg(null),
    weight_unit: unit,
    weight_change_per_week: e ? Math.round(((e.kg_per_day * 7) / perUnit) * 100) / 100 : null,
    suggestions: e ? suggestions(e.expenditure_kcal, unit, perUnit) : [],
    trend,
    method: METHOD,
  };
}

/** What the client shows when there is no estimate: what is missing, or which data cannot be right. */
function explain(
  r: Refusal,
  w: { have: Counts; days: number; to: string; unit: "kg" | "lb"; perUnit: number; leftOut: number },
): string {
  const weight = (kg: number) => `${Math.round((kg / w.perUnit) * 10) / 10} ${w.unit}`;
  if (r.reason === "not_enough_data") {
    const { have } = w;
    const missing = [
      have.logged_days < NEEDED.logged_days && `${NEEDED.logged_days - have.logged_days} more whole logged days`,
      have.weigh_ins < NEEDED.weigh_ins && `${NEEDED.weigh_ins - have.weigh_ins} more weigh-ins`,
      have.weight_span_days < NEEDED.weight_span_days &&
        `weigh-ins spanning ${NEEDED.weight_span_days} days (now ${have.weight_span_days})`,
    ].filter((x): x is string => typeof x === "string");
    // the days the estimate would not trust are counted as missing: say so, or the person sees logged days
    const left =
      have.logged_days < NEEDED.logged_days && w.leftOut > 0
        ? ` (${w.leftOut} logged ${w.leftOut === 1 ? "day was" : "days were"} left out: partly logged, marked incomplete, or not marked complete)`
        : "";
    return `not enough data yet: ${missing.join(", ")} in the ${w.days} days to ${w.to}${left} (about two weeks of logging and weighing)`;
  }
  if (r.reason === "implausible_weigh_ins" && "step" in r) {
    const { from, to, limit_kg } = r.step;
    return `the weigh-ins of ${from.date} (${weight(from.kg)}) and ${to.date} (${weight(to.kg)}) differ by more than a body changes in that time (${weight(limit_kg)}): correct or delete the wrong one for an estimate`;
  }
  if (r.reason === "implausible_weigh_ins") {
    return `the weigh-ins of the ${w.days} days to ${w.to} change by ${weight(Math.abs(r.kg_per_day) * 7)} a week, faster than a body can for weeks (at most ${weight(MAX_SLOPE_KG_PER_DAY * 7)}): check them for an estimate`;
  }
  return `the estimate would be ${Number.isFinite(r.kcal) ? Math.round(r.kcal) : "not a number"} kcal a day, outside what a body spends (${PLAUSIBLE_KCAL.min}–${PLAUSIBLE_KCAL.max.toLocaleString("en")}): check the meals and weigh-ins of the ${w.days} days to ${w.to}`;
}
