/** The profile and targets validators (REST, sync push and import): one validation_failed lists every bad field. */
import { NUTRIENT_KEYS } from "../../db/nutrients";
import { Problems } from "../../lib/problems";
import { checkSchema } from "../../lib/validation";
import { ProfileBody, type ProfileT, TargetsBody, type TargetSettingsT } from "./model";

/** Energy is the goals' (features/goals): a target for it would be a second home for the same aim. */
export const TARGET_KEYS: readonly string[] = NUTRIENT_KEYS.filter((k) => k !== "energy_kcal" && k !== "energy_kj");

/** A profile from PUT /targets/profile (or sync, or an import's `target_profile`); `prefix` names where it sits. */
export function checkProfile(raw: unknown, today: string, prefix = ""): ProfileT {
  const body = checkSchema(ProfileBody, raw ?? {}, prefix);
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
  };
}

/** Target settings from PUT /targets (or sync, or an import's `targets`). */
export function checkTargets(raw: unknown, prefix = ""): TargetSettingsT {
  const body = checkSchema(TargetsBody, raw ?? {}, prefix);
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
    if (minimum !== null && maximum !== null && minimum > maximum)
      p.add(`${field}.minimum`, `must not be above the maximum (${maximum})`);
    if (minimum !== null || maximum !== null) nutrients[key] = { minimum, maximum };
  }
  p.throwIfAny();
  return { nutrients, fiber_per_energy: body.fiber_per_energy ?? false };
}
