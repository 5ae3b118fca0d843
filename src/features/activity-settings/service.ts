/**
 * Activity settings (API.md §Activity settings): whether exercise adds to the day's budget, the water and
 * length units, the glass size, the water and steps goals and the target weight. One record per account; an
 * account that never changed them has the defaults. `Add exercise to my budget` is off by default: the goal
 * most people here set comes from the expenditure estimate, which already holds their usual exercise, so
 * adding logged exercise on top would count it twice.
 */
import { row, run, tx, type Q } from "../../db/q";
import type { ChangeLog } from "../../db/change-log";
import { checkSchema } from "../../lib/validation";
import { ActivitySettingsBody, type ActivitySettingsBodyT, type ActivitySettingsT, GLASS_ML } from "./model";

export interface ActivitySettingsCtx {
  log: ChangeLog;
  userId: number;
  now: Date;
}

export const DEFAULT_SETTINGS: ActivitySettingsT = {
  exercise_in_budget: false,
  water_unit: "ml",
  length_unit: "cm",
  glass_ml: GLASS_ML.default,
  water_goal_ml: null,
  steps_goal: null,
  target_kg: null,
  updated_at: null,
};

interface Row {
  exercise_in_budget: number;
  water_unit: string;
  length_unit: string;
  glass_ml: number;
  water_goal_ml: number | null;
  steps_goal: number | null;
  target_kg: number | null;
  updated_at: string;
}

const view = (r: Row): ActivitySettingsT => ({
  exercise_in_budget: r.exercise_in_budget === 1,
  water_unit: r.water_unit === "fl_oz" ? "fl_oz" : "ml",
  length_unit: r.length_unit === "in" ? "in" : "cm",
  glass_ml: r.glass_ml,
  water_goal_ml: r.water_goal_ml,
  steps_goal: r.steps_goal,
  target_kg: r.target_kg,
  updated_at: r.updated_at,
});

/** The account's settings, or the defaults. */
export function* activitySettingsOf(userId: number): Q<ActivitySettingsT> {
  const r = yield* row<Row>(
    "SELECT exercise_in_budget, water_unit, length_unit, glass_ml, water_goal_ml, steps_goal, target_kg, updated_at FROM activity_settings WHERE user_id = ?",
    userId,
  );
  return r ? view(r) : DEFAULT_SETTINGS;
}

/** The one validator (REST, sync push, import); `prefix` names where the record sits. */
export const checkActivitySettings = (raw: unknown, prefix = ""): ActivitySettingsBodyT =>
  checkSchema(ActivitySettingsBody, raw, prefix);

/** PUT /activity-settings (and a sync upsert, and an import): only the fields given change. */
export function* putActivitySettings({
  ctx,
  input,
}: {
  ctx: ActivitySettingsCtx;
  input: ActivitySettingsBodyT;
}): Q<ActivitySettingsT> {
  return yield* tx(function* () {
    const was = yield* activitySettingsOf(ctx.userId);
    const next = { ...was, ...input, updated_at: ctx.now.toISOString() };
    yield* run(
      "INSERT INTO activity_settings (user_id, exercise_in_budget, water_unit, length_unit, glass_ml, water_goal_ml, steps_goal, target_kg, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET exercise_in_budget = excluded.exercise_in_budget, water_unit = excluded.water_unit, length_unit = excluded.length_unit, glass_ml = excluded.glass_ml, water_goal_ml = excluded.water_goal_ml, steps_goal = excluded.steps_goal, target_kg = excluded.target_kg, updated_at = excluded.updated_at",
      ctx.userId,
      next.exercise_in_budget ? 1 : 0,
      next.water_unit,
      next.length_unit,
      next.glass_ml,
      next.water_goal_ml,
      next.steps_goal,
      next.target_kg,
      next.updated_at,
    );
    const stored = yield* activitySettingsOf(ctx.userId);
    yield* ctx.log.record(ctx.userId, "activity_settings", "activity_settings", "upsert", stored, ctx.now);
    return stored;
  });
}

/** A sync delete: back to the defaults. */
export function* resetActivitySettings(ctx: ActivitySettingsCtx): Q<void> {
  yield* tx(function* () {
    yield* run("DELETE FROM activity_settings WHERE user_id = ?", ctx.userId);
    yield* ctx.log.record(ctx.userId, "activity_settings", "activity_settings", "delete", null, ctx.now);
  });
}
