/** Day-mark queries (table day_marks): one row per user and local date; every read is scoped to the owner. */
import { row, rows, run, type Q } from "../../db/q";
import type { RawRow } from "../../db/raw-row";
import type { dayMarks } from "../../db/schema";

/** A stored mark as these raw statements give it (db/raw-row.ts): `complete` is the 0/1 integer both backends store. */
export type DayMarkRow = Pick<RawRow<typeof dayMarks>, "date" | "complete" | "created_at" | "updated_at">;

const COLUMNS = "date, complete, created_at, updated_at";

export class DayMarksRepo {
  of(userId: number, date: string): Q<DayMarkRow | null> {
    return row<DayMarkRow>(`SELECT ${COLUMNS} FROM day_marks WHERE user_id = ? AND date = ?`, userId, date);
  }

  /** Writes the date's mark, replacing the one it had (its created_at stays). */
  *put(userId: number, date: string, complete: boolean, stamp: string): Q<void> {
    yield* run(
      "INSERT INTO day_marks (user_id, date, complete, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, date) DO UPDATE SET complete = excluded.complete, updated_at = excluded.updated_at",
      userId,
      date,
      complete ? 1 : 0,
      stamp,
      stamp,
    );
  }

  *remove(userId: number, date: string): Q<void> {
    yield* run("DELETE FROM day_marks WHERE user_id = ? AND date = ?", userId, date);
  }

  /** The marks from..to (both included), oldest first. */
  over(userId: number, from: string, to: string): Q<DayMarkRow[]> {
    return rows<DayMarkRow>(
      `SELECT ${COLUMNS} FROM day_marks WHERE user_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
      userId,
      from,
      to,
    );
  }

  /** Every mark of the user, oldest first (the export). */
  all(userId: number): Q<{ date: string; complete: number }[]> {
    return rows<{ date: string; complete: number }>(
      "SELECT date, complete FROM day_marks WHERE user_id = ? ORDER BY date",
      userId,
    );
  }
}
