/** GET /meals/daily (API.md §Meals): a day's meals in eating order, with their totals, cached per version. */
import { MEAL_NUTRIENT_KEYS } from "../../db/nutrients";
import type { Q } from "../../db/q";
import { Lru } from "../../lib/lru";
import { checkDate, Problems } from "../../lib/problems";
import { immutableBody } from "../../lib/immutable-body";
import { localDate } from "../../lib/time";
import { MAX_MEALS_PER_DAY } from "./day-cap";
import { nutrientsOf, toMeal } from "./meal-view";
import type { MealT } from "./model";
import { fromSums, type MealNutrients } from "./nutrition";
import type { Ctx } from "../../context";

type DayPage = { date: string; meals: MealT[]; totals: MealNutrients; truncated: boolean };

/**
 * Day pages by (user, date, the change log's version for the user). Every write that can change a
 * day (REST, sync, import) logs a new version in its transaction, so a cached page is never stale;
 * a page costs one indexed max() (cached until the database changes) instead of reading and shaping
 * the day's rows.
 */
export class DayPages {
  readonly pages = new Lru<string, DayPage>(2000);
  /** Days found past the cap, by user and date: built the cheaper way below. */
  readonly pastCap = new Lru<string, true>(1000);
}

/** GET /meals/daily — the day's meals in eating order, and their totals. */
export function* dailyMeals({ ctx, input }: { ctx: Ctx; input: { date?: string } }): Q<DayPage> {
  const p = new Problems();
  const date = checkDate(p, "date", input.date) ?? localDate(ctx.now, ctx.timezone);
  p.throwIfAny();
  const cache = ctx.deps.dayPages.pages;
  const key = `${ctx.userId}|${date}|${yield* ctx.log.version(ctx.userId)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const page = yield* buildDay(ctx, date);
  cache.set(key, immutableBody(page));
  return page;
}

/**
 * At most MAX_MEALS_PER_DAY meals are read. A day stored before the cap may hold more (50,000 made a
 * 21 MB answer of 0.2–2.3 s): its page has MAX_MEALS_PER_DAY of them, `truncated`, and the whole
 * day's totals, summed in SQL; GET /meals?from=date&to=date pages through all of it. Once a day is
 * known to be past the cap, its page is built from the sums first and the first meals by eaten_at
 * alone (the index's order, no sort of the whole day: 40 ms a page on 50,000 meals at one time before).
 */
function* buildDay(ctx: Ctx, date: string): Q<DayPage> {
  const key = `${ctx.userId}|${date}`;
  const bigDays = ctx.deps.dayPages.pastCap;
  if (bigDays.get(key)) {
    const whole = yield* ctx.deps.meals.daySums(ctx.userId, date);
    if (whole.n > MAX_MEALS_PER_DAY) {
      const rows = yield* ctx.deps.meals.dayByTime(ctx.userId, date, MAX_MEALS_PER_DAY);
      return { date, meals: rows.map(toMeal), totals: totalsOf(whole), truncated: true };
    }
    bigDays.delete(key); // meals were deleted: an ordinary day again
  }
  const rows = yield* ctx.deps.meals.day(ctx.userId, date, MAX_MEALS_PER_DAY + 1);
  if (rows.length > MAX_MEALS_PER_DAY) {
    bigDays.set(key, true);
    rows.length = MAX_MEALS_PER_DAY;
    return {
      date,
      meals: rows.map(toMeal),
      totals: totalsOf(yield* ctx.deps.meals.daySums(ctx.userId, date)),
      truncated: true,
    };
  }
  const sums = Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, null as number | null]));
  for (const r of rows) {
    const n = nutrientsOf(r);
    for (const k of MEAL_NUTRIENT_KEYS) if (n[k] !== null) sums[k] = (sums[k] ?? 0) + n[k]!;
  }
  return { date, meals: rows.map(toMeal), totals: fromSums(rows.length, sums), truncated: false };
}

/** Totals from SQL sums (PostgreSQL may give them as text). */
function totalsOf(whole: { n: number; [nutrient: string]: number | string | null }): MealNutrients {
  const sums = Object.fromEntries(
    MEAL_NUTRIENT_KEYS.map((k) => [k, whole[k] === null || whole[k] === undefined ? null : Number(whole[k])]),
  );
  return fromSums(whole.n, sums);
}
