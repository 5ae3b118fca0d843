/**
 * Activity settings (API.md §Activity settings): whether exercise adds to the day's budget, the water and
 * length units, the glass size, the water and steps goals and the target weight. One record per account; an
 * account that never changed them has the defaults. `Add exercise to my budget` is off by default: the goal
 * most people here set comes from the expenditure estimate, which already holds their usual exercise, so
 * adding logged exercise on top would count it twice.
 */
import type { Ctx } from "../../context";
import { tx, type Q } from "../../db/q";
import { checkSchema } from "../../schema/validation";
import type { ActivitySettingsRow } from "./repo";
import { ActivitySettingsBody, type ActivitySettingsBodyT, type ActivitySettingsT, GLASS_ML } from "./model";

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

const view = (r: ActivitySettingsRow): ActivitySettingsT => ({
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
export function* activitySettingsOf(ctx: Ctx): Q<ActivitySettingsT> {
  const r = yield* ctx.deps.activitySettings.of(ctx.userId);
  return r ? view(r) : DEFAULT_SETTINGS;
}

/** The one validator (REST, sync push, import); `prefix` names where the record sits. */
export const checkActivitySettings = (raw: unknown, prefix = ""): ActivitySettingsBodyT =>
  checkSchema(ActivitySettingsBody, raw, prefix);

/** PUT /activity-settings (and a sync upsert, and an import): only the fields given change. */
export function* putActivitySettings({ ctx, input }: { ctx: Ctx; input: ActivitySettingsBodyT }): Q<ActivitySettingsT> {
  return yield* tx(function* () {
    const was = yield* activitySettingsOf(ctx);
    const next = { ...was, ...input, updated_at: ctx.now.toISOString() };
    yield* ctx.deps.activitySettings.put(ctx.userId, next);
    const stored = yield* activitySettingsOf(ctx);
    yield* ctx.log.record(ctx.userId, "activity_settings", "activity_settings", "upsert", stored, ctx.now);
    return stored;
  });
}

/** A sync delete: back to the defaults. */
export function* resetActivitySettings(ctx: Ctx): Q<void> {
  yield* tx(function* () {
    yield* ctx.deps.activitySettings.remove(ctx.userId);
    yield* ctx.log.record(ctx.userId, "activity_settings", "activity_settings", "delete", null, ctx.now);
  });
}
