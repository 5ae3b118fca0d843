/** The person's nutrient targets (API.md §Nutrient targets), as GET /targets gives them. */
import { basisOf, energyReference, targetsFor } from "../../src/features/targets/compute";
import { trendAt } from "../../src/features/weights/trend";
import { DRI_SOURCE } from "../../src/features/targets/dri";
import { goalsFor, type GoalsRecord } from "./goals";
import type { Schemas } from "./api-data";
import { getMeta, type Store } from "./store";
import { localProfile, localSettings } from "./targets-local";

/** One nutrient's target as GET /targets gives it. */
export type TargetItem = Schemas["Target"];

/** A DRI value a default comes from. */
export type Bound = NonNullable<TargetItem["reference"]["minimum"]>;

/**
 * GET /targets' document as this device works it out (loadTargets): all but what only the server's answer
 * carries (the DRI groups and age, the source's links, the settings, the energy reference's parts).
 */
export type TargetsDoc = Omit<
  Schemas["TargetsDocument"],
  "groups" | "age" | "source" | "settings" | "energy_reference"
> & {
  source: Pick<Schemas["TargetsDocument"]["source"], "name" | "version">;
  energy_reference: Pick<
    NonNullable<Schemas["TargetsDocument"]["energy_reference"]>,
    "kcal" | "method" | "weight_kg"
  > | null;
};

/**
 * The targets of `date`, worked out here by the server's own rules (targets/compute.ts, with the DRI tables
 * bundled) from the profile, the settings and that day's energy goal as this device has them: the same answer
 * as GET /targets, offline too, and at once after a change made here.
 */
export async function loadTargets(db: Store, date: string, today: string): Promise<TargetsDoc> {
  const [profile, settings, goals, weights] = await Promise.all([
    localProfile(db),
    localSettings(db),
    getMeta<{ goals: GoalsRecord | null }>(db, "goals"),
    db.getAll("weights"),
  ]);
  // the weight trend today, as GET /targets takes it (to 0.1 kg)
  const trend = trendAt(
    weights.sort((a, b) => a.date.localeCompare(b.date)),
    [today],
  ).get(today);
  const energy = goalsFor(goals?.goals ?? null, date)?.energy_kcal ?? null;
  const { basis, basis_note: note } = basisOf(profile, today);
  const basis_note = note.replace(/[a-z]+_\d+(_\d*)?/g, groupName);
  const { items } = targetsFor(profile, settings, today, energy);
  return {
    date,
    basis,
    basis_note,
    source: DRI_SOURCE,
    fiber_per_energy: settings.fiber_per_energy,
    energy_goal_kcal: energy,
    // to the gram, as the server's (targets/service.ts)
    energy_reference: energyReference(profile, today, trend === undefined ? null : Math.round(trend * 1000) / 1000),
    items,
  };
}

const WHO: Record<string, string> = {
  female: "women",
  male: "men",
  pregnancy: "pregnancy",
  lactation: "breastfeeding",
  child: "children",
};

/** A DRI group's code as words: `female_31_50` → "women 31–50", `male_71_` → "men over 70". */
export function groupName(code: string): string {
  const [who, from, to] = code.split("_");
  const ages = to === "" ? `over ${Number(from) - 1}` : `${from}–${to}`;
  return `${WHO[who!] ?? who}${who === "pregnancy" || who === "lactation" ? "," : ""} ${ages}`;
}
