/**
 * The meal writes that a change-log record joins on PostgreSQL (ChangeLog.recordWith), as SQL text and
 * parameters: a create that checks its day's cap, and a change. Built over PostgreSQL's tables (`t`);
 * each text is one statement with `?` placeholders and no RETURNING (the record adds it).
 */
import { getTableColumns } from "drizzle-orm";
import { pgInsertSelect } from "../../db/insert";
import type { PgTables } from "../../db/q";
import type { meals } from "../../db/schema";
import { loadTables } from "../../db/store";

/** A meal row as inserted (repo.ts names the same type; declared here too so the two files do not import each other). */
type NewMeal = typeof meals.$inferInsert;

type Param = string | number | boolean | null;

/** How many meals the account has on a date (MealsRepo.countOn, and the create's condition here). */
export const ON_DAY = "SELECT count(*) AS n FROM meals WHERE user_id = ? AND date = ?";
const insertMealSelect = pgInsertSelect(() => loadTables().meals); // not at start: db/store.ts

/** The meal, inserted only while its day holds fewer than `cap` meals: the count is the INSERT's condition. */
export function pgInsertOnDay(t: PgTables, m: NewMeal, cap: number): { text: string; params: Param[] } {
  const { text, params } = insertMealSelect(t, m);
  return { text: `${text} WHERE (${ON_DAY}) < ?`, params: [...params, m.userId, m.date, cap] };
}

/** The change of one of the account's meals; SET's parameters take their columns' types. */
export function pgUpdate(
  t: PgTables,
  userId: number,
  id: string,
  set: Partial<NewMeal>,
): { text: string; params: Param[] } {
  const columns = getTableColumns(t.meals);
  const keys = (Object.keys(set) as (keyof NewMeal)[]).filter((k) => set[k] !== undefined);
  const assigned = keys.map((k) => `"${columns[k].name}" = ?`).join(", ");
  const params = keys.map((k) => {
    const v = set[k];
    return v === null || v === undefined ? null : (columns[k].mapToDriverValue(v) as Param);
  });
  return { text: `UPDATE "meals" SET ${assigned} WHERE id = ? AND user_id = ?`, params: [...params, id, userId] };
}
