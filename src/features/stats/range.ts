/**
 * GET /stats/days?from=&to= — per day over a range: energy and macros, the day's own goals, the
 * weight and its trend. Meals are summed in SQL per (date, meal type) over the (user_id, date)
 * index; goals and weights are a handful of rows each, spread over the days in JavaScript.
 */
import { checkRange } from "../../schema/date-range";
import { addDays, localDate } from "../../lib/time";
import { GOAL_KEYS, goalsOver, plansOf, type GoalKey } from "../goals/service";
import { fromSums } from "../meals/nutrition";
import type { Ctx } from "../../context";
import { weightsOver } from "../weights/service";
import { withinGoal } from "./service";

export const MAX_STATS_DAYS = 366;
/** The window GET /stats/expenditure accepts, in days (here, not beside the estimate: the route declares it at start). */
export const EXPENDITURE_DAYS = { min: 14, max: 90, default: 28 } as const;

export function* statsOverDays({ ctx, input }: { ctx: Ctx; input: { from?: string; to?: string } }) {
  const { from, to } = checkRange(input, localDate(ctx.now, ctx.timezone), MAX_STATS_DAYS, 90);
  const sums = new Map<string, { n: number } & Record<GoalKey | "fiber_g", number | null>>();
  for (const r of yield* ctx.deps.meals.sums(ctx.userId, from, to)) {
    const day = sums.get(r.date) ?? {
      n: 0,
      energy_kcal: null,
      protein_g: null,
      fat_g: null,
      carbohydrate_g: null,
      fiber_g: null,
    };
    day.n += r.n;
    for (const k of [...GOAL_KEYS, "fiber_g"] as const)
      if (r[k] !== null && r[k] !== undefined) day[k] = (day[k] ?? 0) + (r[k] as number);
    sums.set(r.date, day);
  }
  const goals = goalsOver(yield* plansOf(ctx), from, to);
  const weights = yield* weightsOver(ctx, from, to);
  const days = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const s = sums.get(d);
    const t = fromSums(s?.n ?? 0, s ?? {}); // as /stats/daily: an empty day is zeros
    const g = goals.get(d)!;
    const w = weights.get(d)!;
    days.push({
      date: d,
      meal_count: s?.n ?? 0,
      energy_kcal: t.energy_kcal,
      protein_g: t.protein_g,
      fat_g: t.fat_g,
      carbohydrate_g: t.carbohydrate_g,
      fiber_g: t.fiber_g,
      goals: g,
      within_energy_goal: g.energy_kcal === null || !s ? null : withinGoal(t.energy_kcal, g.energy_kcal),
      weight_kg: w.kg,
      trend_kg: w.trend_kg,
    });
  }
  return { from, to, days };
}
