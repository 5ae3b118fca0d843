/**
 * Nutrient targets (API.md §Nutrient targets). Goals and targets each have one home:
 * - goals (features/goals) are what the person aims to eat: energy and the three macros, in grams or %
 *   of energy, per date and weekday;
 * - targets (here) are the healthy range of every other nutrient, and the DRI floors of protein and
 *   carbohydrate: a minimum and a maximum a day, from the DRI tables for the profile unless the person
 *   sets their own.
 */
import type { Ctx } from "../../context";
import type { Q } from "../../db/q";
import { invalid } from "../../lib/errors";
import { addDays, isCalendarDate, localDate } from "../../lib/time";
import { goalsOn, plansOf, type Plan } from "../goals/service";
import { weightsOver } from "../weights/service";
import { basisOf, energyReference, targetsFor } from "./compute";
import { DRI_SOURCE } from "./dri";
import type { ProfileInput, ProfileT, TargetSettingsT, TargetsDocumentT, TargetsInput } from "./model";
import { saveSettings, settingsOf } from "./settings";
import { checkProfile, checkRanges, checkTargets } from "./validate";

export { saveSettings, settingsOf } from "./settings";
export { checkProfile, checkTargets, parseProfile, parseTargets } from "./validate";

const today = (ctx: Pick<Ctx, "now" | "timezone">) => localDate(ctx.now, ctx.timezone);

export function* getProfile(ctx: Ctx): Q<ProfileT> {
  return (yield* settingsOf(ctx)).profile;
}

/**
 * PUT /targets/profile (and a target_profile upsert from sync): the whole profile; fields left out are unset, but
 * goal_step_dismissed, which a client that predates it leaves out, is kept.
 */
export function* putProfile({ ctx, input }: { ctx: Ctx; input: ProfileInput }): Q<ProfileT> {
  const current = input.goal_step_dismissed === undefined ? (yield* settingsOf(ctx)).profile : undefined;
  const profile = checkProfile(input, today(ctx), "", current);
  yield* saveSettings(ctx, { profile });
  return profile;
}

/** The targets of one day: the energy goal that day (for fibre per energy) and the latest weight trend. */
export function* targetsOn(ctx: Ctx, date: string) {
  const { profile, targets: settings } = yield* settingsOf(ctx);
  const energyGoal = goalsOn(yield* plansOf(ctx), date).energy_kcal;
  const { items } = targetsFor(profile, settings, today(ctx), energyGoal);
  return { profile, settings, energyGoal, items };
}

/** GET /targets?date= */
export function* getTargets({ ctx, input }: { ctx: Ctx; input: { date?: string } }): Q<TargetsDocumentT> {
  const now = today(ctx);
  if (input.date !== undefined && !isCalendarDate(input.date))
    throw invalid("date", "must be a real calendar date YYYY-MM-DD");
  const date = input.date ?? now;
  const { profile, settings, energyGoal, items } = yield* targetsOn(ctx, date);
  const { basis, basis_note, groups, age } = basisOf(profile, now);
  const weights = yield* weightsOver(ctx, addDays(now, -1), now);
  const weight = weights.get(now)?.trend_kg ?? null;
  return {
    date,
    basis,
    basis_note,
    groups,
    age,
    source: DRI_SOURCE,
    fiber_per_energy: settings.fiber_per_energy,
    energy_goal_kcal: energyGoal,
    // the trend to the gram, as weigh-ins are kept: on the goal step's day it is the weight the step used
    energy_reference: energyReference(profile, now, weight === null ? null : Math.round(weight * 1000) / 1000),
    items,
    settings,
  };
}

/**
 * Refuses settings whose ranges cannot be met (validate.ts checkRanges) against the profile and today's energy
 * goal: the stored ones, or those an import brings with them.
 */
export function* checkTargetRanges(
  ctx: Ctx,
  targets: TargetSettingsT,
  prefix = "",
  given: { profile?: ProfileT; plans?: Plan[] | null } = {},
): Q<void> {
  const profile = given.profile ?? (yield* settingsOf(ctx)).profile;
  const plans = given.plans ?? (yield* plansOf(ctx));
  const now = today(ctx);
  checkRanges(targets, targetsFor(profile, targets, now, goalsOn(plans, now).energy_kcal).items, prefix);
}

/** PUT /targets (and a targets upsert from sync): the whole settings document; nutrients left out keep their defaults. */
export function* putTargets({ ctx, input }: { ctx: Ctx; input: TargetsInput }): Q<TargetsDocumentT> {
  const targets = checkTargets(input);
  yield* checkTargetRanges(ctx, targets);
  yield* saveSettings(ctx, { targets });
  return yield* getTargets({ ctx, input: {} });
}
