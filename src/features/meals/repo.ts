/** Meal queries. Reads of a day or week aggregate in SQL over the (user_id, date, eaten_at) index. */
import { and, asc, between, desc, eq, sql } from "drizzle-orm";
import { loggedRun, type LoggedWrite } from "../../db/change-log";
import { preparedInsert } from "../../db/insert";
import { all, dialect, exec, one, pgRaw, prepared, row, rows, type Q } from "../../db/q";
import type { meals } from "../../db/schema";
import { loadTables } from "../../db/store";
import { addDays } from "../../lib/time";
import { SUM_COLUMNS } from "./nutrition";
import { ON_DAY, pgInsertOnDay, pgUpdate } from "./logged-writes-repo";

export type MealRow = typeof meals.$inferSelect;
export type NewMeal = typeof meals.$inferInsert;

export interface DayTypeSums {
  date: string;
  meal_type: string;
  n: number;
  [nutrient: string]: number | string | null;
}

/**
 * The food-history aggregates (GROUP BY over raw SQL, one text per dialect: nothing drizzle infers), typed once
 * where their reader declares them (foods/: the recent list and the search's own-first ranking).
 */
export type { FoodHistoryRow } from "../foods/service";
export type { AtMealRow as MealTypeHistoryRow } from "../foods/recent";
import type { FoodHistoryRow } from "../foods/service";
import type { AtMealRow as MealTypeHistoryRow } from "../foods/recent";

// Hot queries are prepared once: building them per call cost ~100 µs each (measured with bench:hot).
const u = sql.placeholder("userId");
const byId = prepared((db, t) =>
  db
    .select()
    .from(t.meals)
    .where(eq(t.meals.id, sql.placeholder("id"))),
);
const own = prepared((db, t) =>
  db
    .select()
    .from(t.meals)
    .where(and(eq(t.meals.id, sql.placeholder("id")), eq(t.meals.userId, u))),
);
const day = prepared((db, t) =>
  db
    .select()
    .from(t.meals)
    .where(and(eq(t.meals.userId, u), eq(t.meals.date, sql.placeholder("date"))))
    .orderBy(asc(t.meals.eatenAt), asc(t.meals.createdAt), asc(t.meals.id))
    .limit(sql.placeholder("limit")),
);
// a day past the cap (daily.ts): its first meals in the index's order, without sorting every meal of it
const dayByTime = prepared((db, t) =>
  db
    .select()
    .from(t.meals)
    .where(and(eq(t.meals.userId, u), eq(t.meals.date, sql.placeholder("date"))))
    .orderBy(asc(t.meals.eatenAt))
    .limit(sql.placeholder("limit")),
);
const insertMeal = preparedInsert(() => loadTables().meals); // the tables load with the first insert, not at start

// By date first (a meal's local date is at most a day before its UTC instant's), from the covering
// (user_id, date, eaten_at, food_id) index: the (user_id, food_id, …) one read every meal the user
// ever logged, 2.6 ms for ten years against 0.4 (bench:scale). quantity and portion_id come from the
// row of the latest eaten_at: SQLite's bare columns beside max(), PostgreSQL's ordered array_agg.
const HISTORY = {
  sqlite: `SELECT food_id AS id, count(*) AS n, max(eaten_at) AS last, quantity, portion_id, energy_kcal FROM meals INDEXED BY meals_user_date
    WHERE user_id = ? AND date >= ? AND eaten_at >= ? AND food_id IS NOT NULL GROUP BY food_id ORDER BY n DESC LIMIT 500`,
  pg: `SELECT food_id AS id, count(*)::int AS n, max(eaten_at) AS last,
      (array_agg(quantity ORDER BY eaten_at DESC))[1] AS quantity, (array_agg(portion_id ORDER BY eaten_at DESC))[1] AS portion_id,
      (array_agg(energy_kcal ORDER BY eaten_at DESC))[1] AS energy_kcal
    FROM meals WHERE user_id = ? AND date >= ? AND eaten_at >= ? AND food_id IS NOT NULL GROUP BY food_id ORDER BY n DESC LIMIT 500`,
};
// Per food and day at one meal type (SQLite: the bare columns come from the max(eaten_at) row); at most
// 5,000 food-days, the latest first, so a day stored before the cap cannot make it a long read.
const AT_MEAL = {
  sqlite: `SELECT food_id AS id, date, count(*) AS n, max(eaten_at) AS last, quantity, portion_id, energy_kcal
    FROM meals INDEXED BY meals_user_date WHERE user_id = ? AND date >= ? AND meal_type = ? AND food_id IS NOT NULL
    GROUP BY food_id, date ORDER BY date DESC LIMIT 5000`,
  pg: `SELECT food_id AS id, date, count(*)::int AS n, max(eaten_at) AS last,
      (array_agg(quantity ORDER BY eaten_at DESC))[1] AS quantity, (array_agg(portion_id ORDER BY eaten_at DESC))[1] AS portion_id,
      (array_agg(energy_kcal ORDER BY eaten_at DESC))[1] AS energy_kcal
    FROM meals WHERE user_id = ? AND date >= ? AND meal_type = ? AND food_id IS NOT NULL
    GROUP BY food_id, date ORDER BY date DESC LIMIT 5000`,
};
const sums = (count: string) =>
  `SELECT date, meal_type, ${count} AS n, ${SUM_COLUMNS}
   FROM meals WHERE user_id = ? AND date BETWEEN ? AND ? GROUP BY date, meal_type`;
const SUMS = { sqlite: sums("count(*)"), pg: sums("count(*)::int") };
// A day's meals are counted from the (user_id, date, …) index alone, without reading a row (ON_DAY): the cap's
// check on every meal write (day-cap.ts), and a copy's source day before any of it is read.
const COUNT_DAY = { sqlite: ON_DAY, pg: ON_DAY.replace("count(*)", "count(*)::int") };
const SUMS_DAY = {
  sqlite: `SELECT count(*) AS n, ${SUM_COLUMNS} FROM meals WHERE user_id = ? AND date = ?`,
  pg: `SELECT count(*)::int AS n, ${SUM_COLUMNS} FROM meals WHERE user_id = ? AND date = ?`,
};

// where a new entry goes in its meal (lib/meal-time.ts): both read the (user_id, date, eaten_at) index
const LATEST_AT = "SELECT max(eaten_at) AS at FROM meals WHERE user_id = ? AND date = ? AND meal_type = ?";
const TIMES_OF =
  "SELECT eaten_at AS at FROM meals WHERE user_id = ? AND date >= ? AND meal_type = ? ORDER BY date DESC LIMIT 200";
// both at once on PostgreSQL, where each is a round trip (SQLite runs the two above: microseconds each), with
// the day's count, so a create that reads them knows the cap before it writes (service.ts createMeal)
const LATEST_AND_TIMES = `SELECT (${LATEST_AT}) AS at, ARRAY(${TIMES_OF}) AS times, (${COUNT_DAY.pg}) AS n`;
const LATEST_AND_COUNT = `SELECT (${LATEST_AT}) AS at, (${COUNT_DAY.pg}) AS n`;

export class MealsRepo {
  /** The latest eaten_at of `date`'s meals of `mealType`, or null when it has none. */
  *latestAt(userId: number, date: string, mealType: string): Q<string | null> {
    return (yield* row<{ at: string | null }>(LATEST_AT, userId, date, mealType))?.at ?? null;
  }

  /** The eaten_at of the user's meals of `mealType` since `sinceDate` (their usual time for it), at most 200. */
  *timesOf(userId: number, mealType: string, sinceDate: string): Q<string[]> {
    return (yield* rows<{ at: string }>(TIMES_OF, userId, sinceDate, mealType)).map((r) => r.at);
  }

  /**
   * `latestAt(date)` and `timesOf(since)` of one meal type: one statement on PostgreSQL, which also counts
   * the day's meals (`count`; null on SQLite, where the count is its own read of microseconds).
   */
  *latestAndTimes(
    userId: number,
    date: string,
    mealType: string,
    sinceDate: string,
  ): Q<{ latest: string | null; times: string[]; count: number | null }> {
    const both = yield* dialect({
      sqlite: () => null,
      pg: async (db, _t, wrote) =>
        (
          (await pgRaw(
            db,
            LATEST_AND_TIMES,
            [userId, date, mealType, userId, sinceDate, mealType, userId, date],
            wrote,
          )) as unknown as { at: string | null; times: string[]; n: number }[]
        )[0]!,
    });
    if (both) return { latest: both.at, times: both.times, count: both.n };
    return {
      latest: yield* this.latestAt(userId, date, mealType),
      times: yield* this.timesOf(userId, mealType, sinceDate),
      count: null,
    };
  }

  /** `latestAt(date)`, with the day's count on PostgreSQL in the same statement (null on SQLite). */
  *latestAndCount(userId: number, date: string, mealType: string): Q<{ latest: string | null; count: number | null }> {
    const both = yield* dialect({
      sqlite: () => null,
      pg: async (db, _t, wrote) =>
        (
          (await pgRaw(db, LATEST_AND_COUNT, [userId, date, mealType, userId, date], wrote)) as unknown as {
            at: string | null;
            n: number;
          }[]
        )[0]!,
    });
    if (both) return { latest: both.at, count: both.n };
    return { latest: yield* this.latestAt(userId, date, mealType), count: null };
  }

  /** Meals per account (the admin's list shows the count, never the meals). */
  *countsByUser(): Q<Map<number, number>> {
    const found = yield* rows<{ user_id: number; n: number }>({
      sqlite: "SELECT user_id, count(*) AS n FROM meals GROUP BY user_id",
      pg: "SELECT user_id, count(*)::int AS n FROM meals GROUP BY user_id",
    });
    return new Map(found.map((r) => [r.user_id, r.n]));
  }

  byId(id: string): Q<MealRow | null> {
    return byId.one({ id });
  }

  get(userId: number, id: string): Q<MealRow | null> {
    return own.one({ id, userId });
  }

  /** The day's first `limit` meals in eating order. */
  day(userId: number, date: string, limit: number): Q<MealRow[]> {
    return day.all({ userId, date, limit });
  }

  /**
   * The day's first `limit` meals by eaten_at alone, meals of one time in the index's order: for a day
   * of 50,000 meals at one time (stored before the cap), `day`'s full order sorted them all (17 ms).
   */
  dayByTime(userId: number, date: string, limit: number): Q<MealRow[]> {
    return dayByTime.all({ userId, date, limit });
  }

  /** How many meals the user has on `date`: one count over the index, no row read. */
  *countOn(userId: number, date: string): Q<number> {
    return (yield* row<{ n: number }>(COUNT_DAY, userId, date))?.n ?? 0;
  }

  /** Per food, how often and how lately the user logged it since `since` (search boosts; the covering meals_user_date index). */
  foodHistory(userId: number, since: string): Q<FoodHistoryRow[]> {
    return rows<FoodHistoryRow>(HISTORY, userId, addDays(since.slice(0, 10), -1), since);
  }

  /** Per food and day since `sinceDate`, the meals of `mealType` (GET /foods/recent?meal_type=). */
  foodHistoryAt(userId: number, mealType: string, sinceDate: string): Q<MealTypeHistoryRow[]> {
    return rows<MealTypeHistoryRow>(AT_MEAL, userId, sinceDate, mealType);
  }

  /** Meals with from ≤ date ≤ to in (date, eaten_at, id) order, after `after` when paging (the (user_id, date, eaten_at) index). */
  range(
    userId: number,
    from: string,
    to: string,
    order: "asc" | "desc",
    after: { date: string; eatenAt: string; id: string } | null,
    limit: number,
  ): Q<MealRow[]> {
    const dir = order === "asc" ? asc : desc;
    return all((db, t) => {
      const past =
        after &&
        sql`(${t.meals.date}, ${t.meals.eatenAt}, ${t.meals.id}) ${sql.raw(order === "asc" ? ">" : "<")} (${after.date}, ${after.eatenAt}, ${after.id})`;
      return db
        .select()
        .from(t.meals)
        .where(and(eq(t.meals.userId, userId), between(t.meals.date, from, to), past ?? undefined))
        .orderBy(dir(t.meals.date), dir(t.meals.eatenAt), dir(t.meals.id))
        .limit(limit);
    });
  }

  /** Each food id the user logged between `min` and `max` (inclusive), once. */
  *foodIdsLogged(userId: number, min: number, max: number): Q<number[]> {
    const found = yield* rows<{ food_id: number }>(
      "SELECT DISTINCT food_id FROM meals WHERE user_id = ? AND food_id BETWEEN ? AND ?",
      userId,
      min,
      max,
    );
    return found.map((r) => r.food_id);
  }

  /** The user's first meal (by date, time, id) of this food. */
  firstOf(userId: number, foodId: number): Q<MealRow | null> {
    return one((db, t) =>
      db
        .select()
        .from(t.meals)
        .where(and(eq(t.meals.userId, userId), eq(t.meals.foodId, foodId)))
        .orderBy(asc(t.meals.date), asc(t.meals.eatenAt), asc(t.meals.id))
        .limit(1),
    );
  }

  insert(m: NewMeal): Q<void> {
    return insertMeal(m);
  }

  /**
   * The meal, inserted only while its day holds fewer than `cap` meals, as a write its change-log
   * record joins (ChangeLog.recordWith). On PostgreSQL the count is the INSERT's own condition, so
   * check, insert and record are one statement (a round trip, not three); it runs after the account's
   * lock is had, in a statement of its own, so it counts every meal the account's earlier writers
   * committed. On SQLite the count and the insert, as before.
   */
  insertOnDay(m: NewMeal, cap: number): LoggedWrite {
    const repo = this;
    return {
      *sqlite() {
        if ((yield* repo.countOn(m.userId, m.date)) >= cap) return false;
        yield* insertMeal(m);
        return true;
      },
      pg: (t) => pgInsertOnDay(t, m, cap),
    };
  }

  /**
   * The meal's update as a write its change-log record joins (ChangeLog.recordWith): one statement on
   * PostgreSQL (`UPDATE meals SET … WHERE id AND user_id`, its SET's parameters typed by their columns).
   */
  updateLogged(userId: number, id: string, set: Partial<NewMeal>): LoggedWrite {
    const repo = this;
    return {
      *sqlite() {
        return (yield* repo.update(userId, id, set)) > 0;
      },
      pg: (t) => pgUpdate(t, userId, id, set),
    };
  }

  update(userId: number, id: string, set: Partial<NewMeal>): Q<number> {
    return exec((db, t) =>
      db
        .update(t.meals)
        .set(set)
        .where(and(eq(t.meals.id, id), eq(t.meals.userId, userId))),
    );
  }

  /** The meal's delete as a write its change-log record joins (ChangeLog.recordWith): no read before it. */
  deleteLogged(userId: number, id: string): LoggedWrite {
    return loggedRun("DELETE FROM meals WHERE id = ? AND user_id = ?", id, userId);
  }

  delete(userId: number, id: string): Q<number> {
    return exec((db, t) => db.delete(t.meals).where(and(eq(t.meals.id, id), eq(t.meals.userId, userId))));
  }

  /** The day's count and nutrient sums, in one pass without grouping (a third of the grouped query's time on 50,000 meals). */
  *daySums(userId: number, date: string): Q<{ n: number; [nutrient: string]: number | string | null }> {
    return (yield* row<{ n: number }>(SUMS_DAY, userId, date)) ?? { n: 0 };
  }

  /** Count and nutrient sums per (date, meal type) for dates from..to inclusive. */
  sums(userId: number, from: string, to: string): Q<DayTypeSums[]> {
    return rows<DayTypeSums>(SUMS, userId, from, to);
  }
}
