/**
 * A person's targets from their profile, the DRI tables and their own bounds. Pure: no database.
 *
 * Order of precedence for each bound: the person's own value; for fibre's minimum with
 * `fiber_per_energy`, 14 g per 1,000 kcal of the day's energy goal; then the DRI value of the
 * profile's life-stage group (RDA, or AI where there is no RDA; UL, or sodium's CDRR).
 */
import { NUTRIENTS } from "../../db/nutrients";
import { ACTIVITY_FACTORS, AGE_RANGE, LEVEL_OF_PROFILE, maintenanceKcal, restingKcal } from "../goals/suggest";
import { caveatOf, DEFAULT_ADULT_AGE, groupsFor, REFERENCED_KEYS, referenceOf } from "./dri";
import type { ProfileT, TargetSettingsT, TargetT } from "./model";

const INFO = new Map<string, { name: string; unit: string }>(NUTRIENTS.map((n) => [n.key, n]));
export const FIBER_G_PER_1000_KCAL = 14;

/** Age reached this year: a birth year cannot say more. */
export const ageOf = (p: ProfileT, today: string) =>
  p.birth_year === null ? null : Number(today.slice(0, 4)) - p.birth_year;

export function basisOf(p: ProfileT, today: string) {
  const age = ageOf(p, today);
  const groups = groupsFor({ sex: p.sex, age, life_stage: p.life_stage });
  const said = p.sex !== null || age !== null || p.life_stage !== null;
  const parts: string[] = [];
  if (!said)
    parts.push(
      `No profile: adult reference values, the DRI groups of women and men ${DEFAULT_ADULT_AGE}–30 (the higher minimum and the lower maximum of the two).`,
    );
  else {
    if (age === null) parts.push(`No birth year: the ${DEFAULT_ADULT_AGE}–30 age band.`);
    if (p.sex === null && p.life_stage === null)
      parts.push("No sex: the higher minimum and the lower maximum of women's and men's values.");
    parts.push(`DRI group: ${groups.join(", ")}.`);
  }
  return {
    basis: said ? ("profile" as const) : ("adult_reference" as const),
    basis_note: parts.join(" "),
    groups,
    age,
  };
}

/** Every referenced nutrient, then any other the person bounded, in the catalogue's order. */
export function targetsFor(
  profile: ProfileT,
  settings: TargetSettingsT,
  today: string,
  energyGoal: number | null,
): { items: TargetT[]; groups: string[] } {
  const { groups } = basisOf(profile, today);
  const items: TargetT[] = [];
  for (const n of NUTRIENTS) {
    const own = settings.nutrients[n.key];
    if (!REFERENCED_KEYS.includes(n.key) && !own) continue;
    const ref = referenceOf(n.key, groups);
    let minimum = ref.minimum?.value ?? null;
    let minimumFrom: TargetT["minimum_from"] = ref.minimum ? (ref.minimum.kind as "RDA" | "AI") : null;
    if (n.key === "fiber_g" && settings.fiber_per_energy && energyGoal !== null) {
      minimum = Math.round(((FIBER_G_PER_1000_KCAL * energyGoal) / 1000) * 10) / 10;
      minimumFrom = "fiber_per_energy";
    }
    let maximum = ref.maximum?.value ?? null;
    let maximumFrom: TargetT["maximum_from"] = ref.maximum ? (ref.maximum.kind as "UL" | "CDRR") : null;
    let appliesTo: TargetT["maximum_applies_to"] = ref.maximum?.applies_to ?? null;
    if (own?.minimum !== null && own?.minimum !== undefined) {
      minimum = own.minimum;
      minimumFrom = "you";
    }
    if (own?.maximum !== null && own?.maximum !== undefined) {
      maximum = own.maximum;
      maximumFrom = "you";
      appliesTo = "total";
    }
    const info = INFO.get(n.key)!;
    items.push({
      key: n.key,
      name: info.name,
      unit: info.unit,
      minimum,
      maximum,
      minimum_from: minimum === null ? null : minimumFrom,
      maximum_from: maximum === null ? null : maximumFrom,
      maximum_applies_to: maximum === null ? null : appliesTo,
      reference: { minimum: ref.minimum, maximum: ref.maximum },
      caveat: caveatOf(n.key),
    });
  }
  return { items, groups };
}

/**
 * The energy reference beside the energy goal: the goal step's own maintenance figure (goals/suggest.ts, POST
 * /goals/suggest), Mifflin–St Jeor 1990 resting energy × the profile's activity factor, at the latest weight
 * trend, so Settings and `Set your goal` give one figure for one person (docs/API.md §Nutrient targets says why
 * this equation and not IOM 2005's EER). Null when a fact is missing, for an age outside the equation's adults,
 * or in pregnancy or lactation (their needs add to it by stage, which a profile does not say).
 */
export function energyReference(profile: ProfileT, today: string, weightKg: number | null) {
  const age = ageOf(profile, today);
  const { sex, height_cm: cm, activity } = profile;
  if (!sex || age === null || age < AGE_RANGE.min || age > AGE_RANGE.max) return null;
  if (!cm || !activity || weightKg === null || profile.life_stage) return null;
  const level = LEVEL_OF_PROFILE[activity];
  const resting = restingKcal(sex, weightKg, cm, age);
  return {
    kcal: maintenanceKcal(resting, level),
    method: "Mifflin–St Jeor 1990 resting energy × activity factor, as Set your goal",
    weight_kg: weightKg,
    resting_kcal: resting,
    activity_factor: ACTIVITY_FACTORS[level],
  };
}
