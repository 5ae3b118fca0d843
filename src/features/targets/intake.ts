/**
 * What a person ate per day over a range, for every catalogue nutrient: the meal's own eight values
 * (stored with it when logged), the other nutrients from its food's per-100 g values now (as the day
 * view's Nutrients region shows them), and per nutrient how many of the day's entries carry a value.
 */
import { MEAL_NUTRIENT_KEYS, NUTRIENT_KEYS } from "../../db/nutrients";
import type { Q } from "../../db/q";
import type { MealsCtx } from "../meals/service";
import { nutrientsOf } from "../meals/meal-view";
import type { MealRow } from "../meals/repo";

export interface DayIntake {
  date: string;
  meals: number;
  /** Sum per nutrient of the entries that carry it (the eight meal nutrients to 0.01, as GET /meals/daily). */
  sums: Record<string, number>;
  /** Entries carrying each nutrient. */
  known: Record<string, number>;
}

const PAGE = 2000;
const MEAL_KEYS = new Set<string>(MEAL_NUTRIENT_KEYS);
const r2 = (x: number) => Math.round(x * 100) / 100;

/** Names and per-100 g values of foods, read once per request (a Map per call, never module-wide); null: gone. */
export type FoodValues = Map<number, { name: string; nutrients: Record<string, number | null> } | null>;

export function* foodValues(ctx: MealsCtx, ids: Iterable<number>, known: FoodValues = new Map()): Q<FoodValues> {
  for (const id of ids) {
    if (known.has(id)) continue;
    const food = yield* ctx.foods.detail(ctx.userId, id);
    known.set(id, food ? { name: food.name, nutrients: food.nutrients as Record<string, number | null> } : null);
  }
  return known;
}

/** Every day from..to that has meals, oldest first, with the food values read on the way. */
export function* intakeOver(ctx: MealsCtx, from: string, to: string): Q<{ days: DayIntake[]; foods: FoodValues }> {
  const byDate = new Map<string, DayIntake>();
  const foods: FoodValues = new Map();
  let after: { date: string; eatenAt: string; id: string } | null = null;
  for (;;) {
    const page: MealRow[] = yield* ctx.repo.range(ctx.userId, from, to, "asc", after, PAGE);
    yield* foodValues(ctx, new Set(page.flatMap((m) => (m.foodId === null ? [] : [m.foodId]))), foods);
    for (const m of page) {
      let day = byDate.get(m.date);
      if (!day) byDate.set(m.date, (day = { date: m.date, meals: 0, sums: {}, known: {} }));
      day.meals++;
      const own = nutrientsOf(m) as Record<string, number | null>;
      const per100 = m.foodId === null ? null : foods.get(m.foodId)?.nutrients;
      for (const k of NUTRIENT_KEYS) {
        const v = MEAL_KEYS.has(k)
          ? own[k]
          : per100?.[k] === null || per100?.[k] === undefined
            ? null
            : (per100[k]! * m.grams) / 100;
        if (v === null || v === undefined) continue;
        day.sums[k] = (day.sums[k] ?? 0) + v;
        day.known[k] = (day.known[k] ?? 0) + 1;
      }
    }
    if (page.length < PAGE) break;
    const last = page.at(-1)!;
    after = { date: last.date, eatenAt: last.eatenAt, id: last.id };
  }
  const days = [...byDate.values()];
  for (const d of days) for (const k of MEAL_NUTRIENT_KEYS) if (d.sums[k] !== undefined) d.sums[k] = r2(d.sums[k]);
  return { days, foods };
}
