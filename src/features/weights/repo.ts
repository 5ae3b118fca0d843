/** Weigh-in queries (table weights): one row per user and local date, in kg; every read is scoped to the owner. */
import { row, rows, run, type Q } from "../../db/q";
import type { RawRow } from "../../db/raw-row";
import type { weights } from "../../db/schema";
import type { Weighing } from "./trend";

/** A stored weigh-in as these raw statements give it: the table's columns by their SQL names (db/raw-row.ts). */
export type WeightRow = Pick<RawRow<typeof weights>, "date" | "kg" | "note" | "created_at" | "updated_at">;

const COLUMNS = "date, kg, note, created_at, updated_at";

export class WeightsRepo {
  of(userId: number, date: string): Q<WeightRow | null> {
    return row<WeightRow>(`SELECT ${COLUMNS} FROM weights WHERE user_id = ? AND date = ?`, userId, date);
  }

  /** Writes the date's weigh-in, replacing the one it had (its created_at stays). */
  *put(userId: number, date: string, w: { kg: number; note: string | null }, stamp: string): Q<void> {
    yield* run(
      "INSERT INTO weights (user_id, date, kg, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, date) DO UPDATE SET kg = excluded.kg, note = excluded.note, updated_at = excluded.updated_at",
      userId,
      date,
      w.kg,
      w.note,
      stamp,
      stamp,
    );
  }

  *remove(userId: number, date: string): Q<void> {
    yield* run("DELETE FROM weights WHERE user_id = ? AND date = ?", userId, date);
  }

  /** The weigh-ins from..to, oldest first. */
  over(userId: number, from: string, to: string): Q<WeightRow[]> {
    return rows<WeightRow>(
      `SELECT ${COLUMNS} FROM weights WHERE user_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
      userId,
      from,
      to,
    );
  }

  /** Every weigh-in up to `through`, oldest first (the trend needs the history before a range). */
  weighings(userId: number, through: string): Q<Weighing[]> {
    return rows<Weighing>(
      "SELECT date, kg FROM weights WHERE user_id = ? AND date <= ? ORDER BY date",
      userId,
      through,
    );
  }

  /** The latest weigh-in on or before `date`, or null. */
  latest(userId: number, date: string): Q<Weighing | null> {
    return row<Weighing>(
      "SELECT date, kg FROM weights WHERE user_id = ? AND date <= ? ORDER BY date DESC LIMIT 1",
      userId,
      date,
    );
  }

  /** Every weigh-in of the user, oldest first, as the export carries them (date, kg, note). */
  all(userId: number): Q<{ date: string; kg: number; note: string | null }[]> {
    return rows("SELECT date, kg, note FROM weights WHERE user_id = ? ORDER BY date", userId);
  }
}
