/** Activity-settings queries (table activity_settings): one row per account, absent until first written. */
import { row, run, type Q } from "../../db/q";
import type { RawRow } from "../../db/raw-row";
import type { activitySettings } from "../../db/schema";

/**
 * A stored record as this raw statement gives it (db/raw-row.ts): `exercise_in_budget` is the 0/1 integer both
 * backends store and the units plain text.
 */
export type ActivitySettingsRow = Omit<RawRow<typeof activitySettings>, "user_id">;

const COLUMNS =
  "exercise_in_budget, water_unit, length_unit, glass_ml, water_goal_ml, steps_goal, target_kg, updated_at";

export class ActivitySettingsRepo {
  of(userId: number): Q<ActivitySettingsRow | null> {
    return row<ActivitySettingsRow>(`SELECT ${COLUMNS} FROM activity_settings WHERE user_id = ?`, userId);
  }

  /** Writes the whole record, replacing the one the account had. */
  *put(
    userId: number,
    s: {
      exercise_in_budget: boolean;
      water_unit: string;
      length_unit: string;
      glass_ml: number;
      water_goal_ml: number | null;
      steps_goal: number | null;
      target_kg: number | null;
      updated_at: string;
    },
  ): Q<void> {
    const set = COLUMNS.split(", ")
      .map((c) => `${c} = excluded.${c}`)
      .join(", ");
    yield* run(
      `INSERT INTO activity_settings (user_id, ${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET ${set}`,
      userId,
      s.exercise_in_budget ? 1 : 0,
      s.water_unit,
      s.length_unit,
      s.glass_ml,
      s.water_goal_ml,
      s.steps_goal,
      s.target_kg,
      s.updated_at,
    );
  }

  /** The account is back to the defaults. */
  *remove(userId: number): Q<void> {
    yield* run("DELETE FROM activity_settings WHERE user_id = ?", userId);
  }
}
