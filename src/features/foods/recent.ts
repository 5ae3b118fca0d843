/**
 * GET /foods/recent (API.md §Foods): the foods the caller logs, for an add-food screen before anything is
 * typed. Without meal_type: every meal of the last 90 days, last logged first or most logged first. With
 * meal_type: what this person logs at that meal, ranked by how often and how lately (MEAL_HALF_LIFE_DAYS).
 */
import type { Q } from "../../db/q";
import { addDays } from "../../lib/time";
import type { FoodSummaryT } from "./model";
import type { RequestCtx } from "../../context";
import { personalOf, type FoodHistoryRow } from "./service";

/** Each meal of a food at the meal type counts ½ after this many days, ¼ after twice as many. */
export const MEAL_HALF_LIFE_DAYS = 14;
export const MEAL_WINDOW_DAYS = 90;

/** One day's meals of a food at one meal type (MealsRepo.foodHistoryAt): a raw SQL aggregate (count, latest), no table's row. */
export interface AtMealRow {
  id: number;
  date: string;
  n: number;
  last: string;
  quantity: number;
  portion_id: number | null;
  energy_kcal: number | null;
}
export type MealHistory = (userId: number, mealType: string, sinceDate: string) => Q<AtMealRow[]>;

type Ranked = FoodHistoryRow & { score?: number };

export type RecentFood = FoodSummaryT & {
  log_count: number;
  last_logged_at: string;
  last_quantity: number;
  last_portion_id: number | null;
  last_energy_kcal: number | null;
  score?: number;
};

const days = (from: string, to: string) => Math.max(0, (Date.parse(to) - Date.parse(from)) / 86_400_000);

/** score = Σ over the days it was logged at the meal: meals that day × 0.5^(days ago / 14). */
export function rankAtMeal(found: readonly AtMealRow[], today: string): Ranked[] {
  const byFood = new Map<number, Ranked>();
  for (const r of found) {
    const weight = r.n * 0.5 ** (days(r.date, today) / MEAL_HALF_LIFE_DAYS);
    const had = byFood.get(r.id);
    if (!had) byFood.set(r.id, { ...r, score: weight });
    else {
      had.n += r.n;
      had.score! += weight;
      if (r.last > had.last)
        Object.assign(had, {
          last: r.last,
          quantity: r.quantity,
          portion_id: r.portion_id,
          energy_kcal: r.energy_kcal,
        });
    }
  }
  return [...byFood.values()]
    .map((r) => ({ ...r, score: Math.round(r.score! * 1000) / 1000 }))
    .sort((a, b) => b.score - a.score || b.last.localeCompare(a.last) || a.id - b.id);
}

/** The caller's recent, frequent or per-meal foods that they can still log. */
export function* recentFoods({
  ctx,
  input,
  today,
  atMeal,
}: {
  ctx: RequestCtx;
  input: { limit?: number; sort?: "recent" | "frequent" | "score"; meal_type?: string };
  /** The caller's local date. */
  today: string;
  atMeal: MealHistory;
}): Q<{ items: RecentFood[] }> {
  let found: Ranked[];
  const sort = input.sort ?? (input.meal_type ? "score" : "recent");
  if (input.meal_type && ctx.userId !== null) {
    found = rankAtMeal(yield* atMeal(ctx.userId, input.meal_type, addDays(today, -MEAL_WINDOW_DAYS)), today);
  } else {
    const personal = personalOf(ctx);
    found = personal ? [...(yield* personal.history())] : [];
    // without a meal type, every meal of the window counts the same: score ranks as frequent does
    if (sort === "score") found.sort((a, b) => b.n - a.n || b.last.localeCompare(a.last));
  }
  if (sort === "frequent") found.sort((a, b) => b.n - a.n || b.last.localeCompare(a.last));
  else if (sort === "recent") found.sort((a, b) => b.last.localeCompare(a.last) || b.n - a.n);
  const items: RecentFood[] = [];
  for (const r of found) {
    if (items.length >= (input.limit ?? 20)) break;
    const food = yield* ctx.deps.foods.summary(ctx.userId, r.id); // a deleted custom food is left out
    if (food)
      items.push({
        ...food,
        log_count: r.n,
        last_logged_at: r.last,
        last_quantity: r.quantity,
        last_portion_id: r.portion_id,
        last_energy_kcal: r.energy_kcal,
        ...(r.score !== undefined ? { score: r.score } : {}),
      });
  }
  return { items };
}
