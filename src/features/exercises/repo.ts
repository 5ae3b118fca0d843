/** Exercise queries (table exercises); every read but `ownerOf` is scoped to the owner. */
import { loggedRun, type LoggedWrite } from "../../db/change-log";
import { row, rows, run, type Q } from "../../db/q";
import type { RawRow } from "../../db/raw-row";
import type { exercises } from "../../db/schema";
import type { ExerciseT } from "./model";

/** A stored exercise as these raw statements give it (db/raw-row.ts): `kcal_from` is plain text in the table. */
type Row = Omit<RawRow<typeof exercises>, "user_id">;

const COLUMNS =
  "id, date, start_time, activity, name, minutes, distance_km, kcal, kcal_from, met, sets, reps, source, source_id, note, created_at, updated_at";

const view = (r: Row): ExerciseT => ({
  ...r,
  kcal_from: r.kcal_from === "entered" ? "entered" : r.kcal_from === "imported" ? "imported" : "computed",
});

export type StoredExercise = Omit<ExerciseT, "created_at" | "updated_at">;

/** What an update may change, in column order (the source and its id stay as first written). */
const CHANGEABLE = [
  "date",
  "start_time",
  "activity",
  "name",
  "minutes",
  "distance_km",
  "kcal",
  "kcal_from",
  "met",
  "sets",
  "reps",
  "note",
] as const satisfies readonly (keyof StoredExercise)[];

/** The latest weigh-in on or before a date: what a computed kcal is figured from (weights' latest). */
const WEIGH_IN = "(SELECT kg FROM weights WHERE user_id = ? AND date <= ? ORDER BY date DESC LIMIT 1)";
const written = ["id", "source", "source_id", ...CHANGEABLE] as const;
const INSERT = `INSERT INTO exercises (user_id, ${written.join(", ")}, created_at, updated_at) VALUES (${"?, ".repeat(written.length + 2)}?)`;
const UPDATE = `UPDATE exercises SET ${CHANGEABLE.map((k) => `${k} = ?`).join(", ")}, updated_at = ? WHERE id = ? AND user_id = ?`;

export class ExercisesRepo {
  *of(userId: number, id: string): Q<ExerciseT | null> {
    const r = yield* row<Row>(`SELECT ${COLUMNS} FROM exercises WHERE id = ? AND user_id = ?`, id, userId);
    return r && view(r);
  }

  *bySource(userId: number, source: string, sourceId: string): Q<ExerciseT | null> {
    const r = yield* row<Row>(
      `SELECT ${COLUMNS} FROM exercises WHERE user_id = ? AND source = ? AND source_id = ?`,
      userId,
      source,
      sourceId,
    );
    return r && view(r);
  }

  /** Whose id this is (any account), or null: a client-made id is its owner's alone. */
  *ownerOf(id: string): Q<number | null> {
    const r = yield* row<{ user_id: number }>("SELECT user_id FROM exercises WHERE id = ?", id);
    return r?.user_id ?? null;
  }

  /** The exercises from..to, by date, start time and id. */
  *over(userId: number, from: string, to: string): Q<ExerciseT[]> {
    const found = yield* rows<Row>(
      `SELECT ${COLUMNS} FROM exercises WHERE user_id = ? AND date BETWEEN ? AND ? ORDER BY date, start_time, id`,
      userId,
      from,
      to,
    );
    return found.map(view);
  }

  /** kcal of each date from..to that has exercise. */
  *kcalByDate(userId: number, from: string, to: string): Q<Map<string, number>> {
    const found = yield* rows<{ date: string; kcal: number | string }>(
      "SELECT date, sum(kcal) AS kcal FROM exercises WHERE user_id = ? AND date BETWEEN ? AND ? GROUP BY date",
      userId,
      from,
      to,
    );
    return new Map(found.map((r) => [r.date, Number(r.kcal)]));
  }

  *insert(userId: number, e: StoredExercise, stamp: string): Q<void> {
    const written = ["id", "source", "source_id", ...CHANGEABLE] as const;
    yield* run(
      `INSERT INTO exercises (user_id, ${written.join(", ")}, created_at, updated_at) VALUES (${"?, ".repeat(written.length + 2)}?)`,
      userId,
      ...written.map((k) => e[k]),
      stamp,
      stamp,
    );
  }

  *update(userId: number, e: StoredExercise, stamp: string): Q<void> {
    yield* run(
      `UPDATE exercises SET ${CHANGEABLE.map((k) => `${k} = ?`).join(", ")}, updated_at = ? WHERE id = ? AND user_id = ?`,
      ...CHANGEABLE.map((k) => e[k]),
      stamp,
      e.id,
      userId,
    );
  }

  *remove(userId: number, id: string): Q<void> {
    yield* run("DELETE FROM exercises WHERE id = ? AND user_id = ?", id, userId);
  }

  /**
   * Every account's exercises with a figure past the limits a typed one obeys (kcal 0–`kcal`, minutes above 0 and at
   * most `minutes`, distance 0–`km`): written before those limits held on every path. For the start-up repair.
   */
  *pastLimits(limits: { kcal: number; minutes: number; km: number }): Q<(ExerciseT & { user_id: number })[]> {
    const found = yield* rows<Row & { user_id: number }>(
      `SELECT user_id, ${COLUMNS} FROM exercises
       WHERE kcal > ? OR kcal < 0 OR minutes > ? OR minutes <= 0 OR distance_km > ? OR distance_km < 0
       ORDER BY user_id, id`,
      limits.kcal,
      limits.minutes,
      limits.km,
    );
    return found.map((r) => ({ ...view(r), user_id: Number(r.user_id) }));
  }

  // Issue 61: a write the API makes goes with its change-log record (ChangeLog.recordWith: one statement on
  // PostgreSQL) after at most one read, which asks for what the write needs at once.

  /**
   * Before a create, in one read: whose the id is (any account), whether another account deleted an exercise
   * under it, and the user's latest weigh-in on or before `date` (null: none).
   */
  *beforeCreate(
    userId: number,
    id: string,
    date: string,
  ): Q<{ owner: number | null; theirs: boolean; weighIn: { kg: number } | null }> {
    const r = yield* row<{ owner: number | null; theirs: boolean | number; kg: number | null }>(
      `SELECT (SELECT user_id FROM exercises WHERE id = ?) AS owner, EXISTS (SELECT 1 FROM sync_log WHERE entity = 'exercise'
        AND entity_id = ? AND op = 'delete' AND user_id <> ?) AS theirs, ${WEIGH_IN} AS kg`,
      id,
      id,
      userId,
      userId,
      date,
    );
    return { owner: r?.owner ?? null, theirs: Boolean(r?.theirs), weighIn: r?.kg == null ? null : { kg: r.kg } };
  }

  /** The user's exercise and their latest weigh-in on or before `date` (its own date when null), in one read. */
  *withWeighIn(
    userId: number,
    id: string,
    date: string | null,
  ): Q<{ stored: ExerciseT; weighIn: { kg: number } | null } | null> {
    const r = yield* row<Row & { weigh_kg: number | null }>(
      `SELECT ${COLUMNS}, (SELECT kg FROM weights w WHERE w.user_id = e.user_id AND w.date <= coalesce(?, e.date)
        ORDER BY w.date DESC LIMIT 1) AS weigh_kg FROM exercises e WHERE id = ? AND user_id = ?`,
      date,
      id,
      userId,
    );
    if (!r) return null;
    const { weigh_kg: kg, ...stored } = r;
    return { stored: view(stored), weighIn: kg == null ? null : { kg } };
  }

  /** The insert as a logged write. */
  insertLogged(userId: number, e: StoredExercise, stamp: string): LoggedWrite {
    return loggedRun(INSERT, userId, ...written.map((k) => e[k]), stamp, stamp);
  }

  /** The update as a logged write (nothing written when the id is not the user's). */
  updateLogged(userId: number, e: StoredExercise, stamp: string): LoggedWrite {
    return loggedRun(UPDATE, ...CHANGEABLE.map((k) => e[k]), stamp, e.id, userId);
  }

  /** The delete as a logged write (nothing written when the id is not the user's). */
  deleteLogged(userId: number, id: string): LoggedWrite {
    return loggedRun("DELETE FROM exercises WHERE id = ? AND user_id = ?", id, userId);
  }
}
