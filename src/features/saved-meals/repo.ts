/** Saved-meal queries (table saved_meals); every read but `owner` is scoped to the owner. */
import { loggedRun, type LoggedWrite } from "../../db/change-log";
import { row, rows, type Q } from "../../db/q";
import type { RawRow } from "../../db/raw-row";
import type { savedMeals } from "../../db/schema";
import type { SavedEntryT, SavedMealT } from "./model";

/** A stored saved meal as these raw statements give it: `entries` is the JSON text both backends store. */
type Row = Omit<RawRow<typeof savedMeals>, "user_id">;

const COLUMNS = "id, name, entries, created_at, updated_at";

/** kcal added up; null when any entry does not know its kcal. */
function total(entries: SavedEntryT[]): number | null {
  let sum = 0;
  for (const e of entries) {
    if (e.energy_kcal === null) return null;
    sum += e.energy_kcal;
  }
  return Math.round(sum);
}

function view(r: Row): SavedMealT {
  // entries saved before `measure` existed have none
  const entries = (JSON.parse(r.entries) as SavedEntryT[]).map((e) => ({ ...e, measure: e.measure ?? null }));
  return {
    id: r.id,
    name: r.name,
    entries,
    energy_kcal: total(entries),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export class SavedMealsRepo {
  *of(userId: number, id: string): Q<SavedMealT | null> {
    const r = yield* row<Row>(`SELECT ${COLUMNS} FROM saved_meals WHERE id = ? AND user_id = ?`, id, userId);
    return r && view(r);
  }

  /** Whose id this is (any account), or null: a client-made id is its owner's alone. */
  *ownerOf(id: string): Q<number | null> {
    const r = yield* row<{ user_id: number }>("SELECT user_id FROM saved_meals WHERE id = ?", id);
    return r?.user_id ?? null;
  }

  *allOf(userId: number): Q<SavedMealT[]> {
    const found = yield* rows<Row>(`SELECT ${COLUMNS} FROM saved_meals WHERE user_id = ? ORDER BY name, id`, userId);
    return found.map(view);
  }

  *countOf(userId: number): Q<number> {
    const r = yield* row<{ n: number }>(
      {
        sqlite: "SELECT count(*) AS n FROM saved_meals WHERE user_id = ?",
        pg: "SELECT count(*)::int AS n FROM saved_meals WHERE user_id = ?",
      },
      userId,
    );
    return r?.n ?? 0;
  }

  // Issue 61: each write goes with its change-log record (ChangeLog.recordWith: one statement on PostgreSQL),
  // and the saved meal as stored is made from what is written, not read back.

  /** Before a create, in one read: whose the id is, whether another account deleted one under it, and the user's count. */
  *beforeCreate(userId: number, id: string): Q<{ owner: number | null; theirs: boolean; have: number }> {
    const text = (count: string) =>
      `SELECT (SELECT user_id FROM saved_meals WHERE id = ?) AS owner, EXISTS (SELECT 1 FROM sync_log WHERE entity = 'saved_meal'
        AND entity_id = ? AND op = 'delete' AND user_id <> ?) AS theirs, (SELECT ${count} FROM saved_meals WHERE user_id = ?) AS n`;
    const r = yield* row<{ owner: number | null; theirs: boolean | number; n: number }>(
      { sqlite: text("count(*)"), pg: text("count(*)::int") },
      id,
      id,
      userId,
      userId,
    );
    return { owner: r?.owner ?? null, theirs: Boolean(r?.theirs), have: r?.n ?? 0 };
  }

  /** The insert as a logged write, and the saved meal it stores. */
  insertLogged(userId: number, m: { id: string; name: string; entries: SavedEntryT[] }, stamp: string): Written {
    const entries = JSON.stringify(m.entries);
    return {
      write: loggedRun(
        "INSERT INTO saved_meals (id, user_id, name, entries, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
        m.id,
        userId,
        m.name,
        entries,
        stamp,
        stamp,
      ),
      saved: view({ id: m.id, name: m.name, entries, created_at: stamp, updated_at: stamp }),
    };
  }

  /** The update as a logged write (nothing written when the id is not the user's), and the saved meal it stores. */
  updateLogged(
    userId: number,
    m: { id: string; name: string; entries: SavedEntryT[] },
    createdAt: string,
    stamp: string,
  ): Written {
    const entries = JSON.stringify(m.entries);
    return {
      write: loggedRun(
        "UPDATE saved_meals SET name = ?, entries = ?, updated_at = ? WHERE id = ? AND user_id = ?",
        m.name,
        entries,
        stamp,
        m.id,
        userId,
      ),
      saved: view({ id: m.id, name: m.name, entries, created_at: createdAt, updated_at: stamp }),
    };
  }

  /** The delete as a logged write (nothing written when the id is not the user's). */
  deleteLogged(userId: number, id: string): LoggedWrite {
    return loggedRun("DELETE FROM saved_meals WHERE id = ? AND user_id = ?", id, userId);
  }
}

type Written = { write: LoggedWrite; saved: SavedMealT };
