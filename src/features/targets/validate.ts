/** The profile and targets validators (REST, sync push and import): one validation_failed lists every bad field. */
import { NUTRIENT_KEYS } from "../../db/nutrients";
import { Problems } from "../../lib/problems";
import { checkSchema } from "../../schema/validation";
import { rangeProblems } from "./ranges";
import {
  ProfileBody,
  type ProfileInput,
  type ProfileT,
  TargetsBody,
  type TargetsInput,
  type TargetSettingsT,
  type TargetT,
} from "./model";

/** Energy is the goals' (features/goals): a target for it would be a second home for the same aim. */
export const TARGET_KEYS: readonly string[] = NUTRIENT_KEYS.filter((k) => k !== "energy_kcal" && k !== "energy_kj");

/** Sync push and import parse a profile here, at their edge (REST has Elysia check the same schema). */
export const parseProfile = (raw: unknown, prefix = ""): ProfileInput => checkSchema(ProfileBody, raw ?? {}, prefix);

/** Sync push and import parse target settings here, at their edge. */
export const parseTargets = (raw: unknown, prefix = ""): TargetsInput => checkSchema(TargetsBody, raw ?? {}, prefix);

/**
 * What the profile's schema cannot say, on every path: a birth year up to last year, pregnancy or
 * lactation not with sex male. `prefix` names where it sits (import: "target_profile."). `goal_step_dismissed`
 * left out keeps `current`'s: a client that does not know the field must not bring the goal step back.
 */
export function checkProfile(body: ProfileInput, today: string, prefix = "", current?: ProfileT): ProfileT {
  const p = new Problems();
  const lastYear = Number(today.slice(0, 4)) - 1;
  if (body.birth_year !== undefined && body.birth_year !== null && body.birth_year > lastYear)
    p.add(`${prefix}birth_year`, `must be ${lastYear} or earlier (infants' intakes are not covered)`);
  if (body.life_stage && body.sex === "male")
    p.add(`${prefix}life_stage`, `${body.life_stage} needs sex female or unset`);
  p.throwIfAny();
  return {
    sex: body.sex ?? null,
    birth_year: body.birth_year ?? null,
    height_cm: body.height_cm === undefined || body.height_cm === null ? null : Math.round(body.height_cm * 10) / 10,
    activity: body.activity ?? null,
    life_stage: body.life_stage ?? null,
    goal_step_dismissed:
      body.goal_step_dismissed === undefined ? (current?.goal_step_dismissed ?? null) : body.goal_step_dismissed,
  };
}

/** What the settings' schema cannot say, on every path: known nutrient keys, minimum ≤ maximum. */
export function checkTargets(body: TargetsInput, prefix = ""): TargetSettingsT {
  const p = new Problems();
  const nutrients: TargetSettingsT["nutrients"] = {};
  for (const [key, o] of Object.entries(body.nutrients ?? {})) {
    const field = `${prefix}nutrients.${key}`;
    if (!TARGET_KEYS.includes(key)) {
      p.add(
        field,
        key === "energy_kcal" || key === "energy_kj"
          ? "energy is a goal: set it with PUT /goals"
          : "is not a nutrient key (see Food.nutrients)",
      );
      continue;
    }
    if (!o) continue;
    const minimum = o.minimum ?? null;
    const maximum = o.maximum ?? null;
    if (minimum !== null || maximum !== null) nutrients[key] = { minimum, maximum };
  }
  p.throwIfAny();
  return { nutrients, fiber_per_energy: body.fiber_per_energy ?? false };
}

/** checkRanges (ranges.ts) as one validation_failed. */
export function checkRanges(settings: TargetSettingsT, items: TargetT[], prefix = ""): void {
  const p = new Problems();
  for (const d of rangeProblems(settings, items, prefix)) p.add(d.field, d.message);
  p.throwIfAny();
}
