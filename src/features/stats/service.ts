/**
 * Daily and weekly statistics (API.md §Goals and statistics), aggregated in SQL over the
 * (user_id, date) index: at most 7 × 4 grouped rows ever reach JavaScript.
 */
import { MEAL_NUTRIENT_KEYS } from "../../db/nutrients";
import { addDays, localDate } from "../../lib/time";
import { GOAL_KEYS, goalsOn, plansOf, type Goals } from "../goals/service";
import { weightsOver } from "../weights/service";
import { marksOver } from "../days/service";
import { MEAL_TYPES, type MealType } from "../meals/model";
import { fromSums, type MealNutrients } from "../meals/nutrition";
import type { Ctx } from "../../context";
import { checkDate, Problems } from "../../lib/problems";
import { exerciseKcalOn } from "../exercises/service";
import { activitySettingsOf } from "../activity-settings/service";

type Sums = Record<string, number | null>;

function addInto(acc: Sums, row: Record<string, unknown>): void {
  for (const k of MEAL_NUTRIENT_KEYS) {
    const v = row[k] as number | null;
    if (v !== null && v !== undefined) acc[k] = (acc[k] ?? 0) + v;
  }
}
const emptySums = (): Sums => Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, null]));
const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;

function dateOrToday(ctx: Ctx, field: string, v: string | undefined): string {
  const p = new Problems();
  const d = checkDate(p, field, v);
  p.throwIfAny();
  return d ?? localDate(ctx.now, ctx.timezone);
}

/** Protein, fat and carbohydrate as shares of their energy (4/9/4 kcal per gram). */
export function energySplit(t: MealNutrients) {
  const p = (t.protein_g ?? 0) * 4;
  const f = (t.fat_g ?? 0) * 9;
  const c = (t.carbohydrate_g ?? 0) * 4;
  const all = p + f + c;
  if (all === 0) return { protein: null, fat: null, carbohydrate: null };
  return { protein: r1((100 * p) / all), fat: r1((100 * f) / all), carbohydrate: r1((100 * c) / all) };
}

/** Goal − food for each goal; energy also + `exercise` (the kcal the budget adds, 0 when the setting is off). */
function remaining(goals: Goals, totals: MealNutrients, exercise = 0): Goals {
  const out = {} as Goals;
  for (const k of GOAL_KEYS) {
    const g = goals[k];
    const v = totals[k];
    out[k] = g === null || v === null ? null : r2(g + (k === "energy_kcal" ? exercise : 0) - v);
  }
  return out;
}

/** Within ±10 % of the day's energy goal. */
export const withinGoal = (kcal: number | null, goal: number) => kcal !== null && Math.abs(kcal - goal) <= 0.1 * goal;

/** GET /stats/daily */
export function* dailyStats({ ctx, input }: { ctx: Ctx; input: { date?: string } }) {
  const date = dateOrToday(ctx, "date", input.date);
  const rows = yield* ctx.deps.meals.sums(ctx.userId, date, date);
  const total = emptySums();
  let count = 0;
  const byType = {} as Record<MealType, MealNutrients>;
  for (const type of MEAL_TYPES) {
    const row = rows.find((r) => r.meal_type === type);
    byType[type] = fromSums(row?.n ?? 0, (row ?? {}) as Sums);
    if (row) {
      count += row.n;
      addInto(total, row);
    }
  }
  const totals = fromSums(count, total);
  const goals = goalsOn(yield* plansOf(ctx), date);
  // Add exercise to my budget: the day's remaining is goal + exercise − food; each part is shown
  const exercise = yield* exerciseKcalOn(ctx, date);
  const inBudget = (yield* activitySettingsOf(ctx)).exercise_in_budget;
  const added = inBudget ? exercise : 0;
  const left = remaining(goals, totals, added);
  return {
    date,
    meal_count: count,
    totals,
    by_meal_type: byType,
    goals,
    remaining: left,
    energy_split_pct: energySplit(totals),
    exercise_kcal: exercise,
    exercise_in_budget: inBudget,
    budget: {
      goal_kcal: goals.energy_kcal,
      exercise_kcal: added,
      food_kcal: totals.energy_kcal ?? 0,
      remaining_kcal: left.energy_kcal,
    },
  };
}

/** GET /stats/weekly — the 7 days ending on `end`, both included, oldest first. */
export function* weeklyStats({ ctx, input }: { ctx: Ctx; input: { end?: string } }) {
  const end = dateOrToday(ctx, "end", input.end);
  const start = addDays(end, -6);
  const rows = yield* ctx.deps.meals.sums(ctx.userId, start, end);
  const plans = yield* plansOf(ctx);
  const week = emptySums();
  let weekCount = 0;
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(start, i);
    const sums = emptySums();
    let n = 0;
    for (const r of rows.filter((x) => x.date === date)) {
      n += r.n;
      addInto(sums, r);
    }
    weekCount += n;
    if (n) addInto(week, sums);
    return { date, meal_count: n, totals: fromSums(n, sums), goals: goalsOn(plans, date) };
  });
  const logged = days.filter((d) => d.meal_count > 0);
  // today is not over: its half-eaten day pulled the average down, so it counts from tomorrow on,
  // or once the person marks it complete
  const today = localDate(ctx.now, ctx.timezone);
  const todayComplete = today >= start && today <= end && (yield* marksOver(ctx, today, today)).get(today) === true;
  const over = logged.filter((d) => d.date < today || (d.date === today && todayComplete));
  const average = {} as Record<string, number | null>;
  for (const k of MEAL_NUTRIENT_KEYS) {
    const known = over.filter((d) => d.totals[k] !== null);
    average[k] =
      over.length === 0 || known.length === 0 ? null : r2(known.reduce((a, d) => a + d.totals[k]!, 0) / over.length);
  }
  // each day is judged against its own day's goal (weekday plans, goal changes)
  const anyGoal = days.some((d) => d.goals.energy_kcal !== null);
  const within = anyGoal
    ? logged.filter((d) => d.goals.energy_kcal !== null && withinGoal(d.totals.energy_kcal, d.goals.energy_kcal)).length
    : null;
  const weight = yield* weightsOver(ctx, addDays(start, -1), end);
  const before = weight.get(addDays(start, -1))!.trend_kg;
  const after = weight.get(end)!.trend_kg;
  return {
    start,
    end,
    days,
    totals: fromSums(weekCount, week),
    daily_average: average as MealNutrients,
    average_days: over.length,
    logged_days: logged.length,
    goals: goalsOn(plans, end),
    days_within_energy_goal: within,
    weight_change_kg: before === null || after === null ? null : r2(after - before),
  };
}
