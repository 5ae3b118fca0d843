/** Daily-value queries (table daily_values): one row per user, local date and metric; every read is scoped to the owner. */
import { row, rows, run, type Q } from "../../db/q";
import type { RawRow } from "../../db/raw-row";
import type { dailyValues } from "../../db/schema";

/** A stored value as these raw statements give it (db/raw-row.ts): the metric as stored text. */
export type DailyValueRow = Pick<
  RawRow<typeof dailyValues>,
  "date" | "metric" | "value" | "source" | "created_at" | "updated_at"
>;

const COLUMNS = "date, metric, value, source, created_at, updated_at";

export class DailyValuesRepo {
  of(userId: number, date: string, metric: string): Q<DailyValueRow | null> {
    return row<DailyValueRow>(
      `SELECT ${COLUMNS} FROM daily_values WHERE user_id = ? AND metric = ? AND date = ?`,
      userId,
      metric,
      date,
    );
  }

  /** Writes the date's metric, replacing the value it had (its created_at stays). */
  *put(userId: number, v: { date: string; metric: string; value: number; source: string }, stamp: string): Q<void> {
    yield* run(
      "INSERT INTO daily_values (user_id, date, metric, value, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, metric, date) DO UPDATE SET value = excluded.value, source = excluded.source, updated_at = excluded.updated_at",
      userId,
      v.date,
      v.metric,
      v.value,
      v.source,
      stamp,
      stamp,
    );
  }

  *remove(userId: number, date: string, metric: string): Q<void> {
    yield* run("DELETE FROM daily_values WHERE user_id = ? AND metric = ? AND date = ?", userId, metric, date);
  }

  /** The values from..to, by date then metric; of one metric when given. */
  over(userId: number, from: string, to: string, metric?: string): Q<DailyValueRow[]> {
    return rows<DailyValueRow>(
      `SELECT ${COLUMNS} FROM daily_values WHERE user_id = ? AND date BETWEEN ? AND ?${metric ? " AND metric = ?" : ""} ORDER BY date, metric`,
      userId,
      from,
      to,
      ...(metric ? [metric] : []),
    );
  }

  on(userId: number, date: string): Q<DailyValueRow[]> {
    return rows<DailyValueRow>(`SELECT ${COLUMNS} FROM daily_values WHERE user_id = ? AND date = ?`, userId, date);
  }

  /** Every value of the user, by date then metric (the export). */
  all(userId: number): Q<DailyValueRow[]> {
    return rows<DailyValueRow>(`SELECT ${COLUMNS} FROM daily_values WHERE user_id = ? ORDER BY date, metric`, userId);
  }
}
