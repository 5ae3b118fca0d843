/**
 * The profile and the target settings on this device (API.md §Nutrient targets): each one document, kept in
 * the meta store under its sync entity's name (`target_profile`, `targets`) with the server's version, written
 * here first and queued for /sync/push like goals, so Settings works offline and the next sync sends it.
 */
import type { Schemas } from "./api-data";
import { enqueue } from "./records";
import { getMeta, type Store } from "./store";
import type { Sync } from "./sync";

export const SEXES = ["female", "male"] as const;
export const ACTIVITIES = ["sedentary", "low_active", "active", "very_active", "extra_active"] as const;
export const LIFE_STAGES = ["pregnancy", "lactation"] as const;

/** The profile (GET /targets/profile), and the target settings (GET /targets' `settings`). */
export type Profile = Schemas["Profile"];
export type TargetSettings = Schemas["TargetSettings"];

export const EMPTY_PROFILE: Profile = {
  sex: null,
  birth_year: null,
  height_cm: null,
  activity: null,
  life_stage: null,
  goal_step_dismissed: null,
};
export const EMPTY_SETTINGS: TargetSettings = { nutrients: {}, fiber_per_energy: false };

type Kept<T> = { data: T; version: number | null };
export type SettingsEntity = "target_profile" | "targets";

async function kept<T>(db: Store, entity: SettingsEntity): Promise<Kept<T> | undefined> {
  return getMeta<Kept<T>>(db, entity);
}

export async function localProfile(db: Store): Promise<Profile> {
  return { ...EMPTY_PROFILE, ...(await kept<Profile>(db, "target_profile"))?.data };
}

export async function localSettings(db: Store): Promise<TargetSettings> {
  return { ...EMPTY_SETTINGS, ...(await kept<TargetSettings>(db, "targets"))?.data };
}

/** Writes one document here and queues it (the whole document: the server replaces it). */
async function save(
  sync: Sync,
  entity: SettingsEntity,
  data: Omit<Profile, "goal_step_dismissed"> | TargetSettings,
): Promise<void> {
  const cur = await kept(sync.db, entity);
  const version = cur?.version ?? null;
  await enqueue(sync, { entity, id: entity, op: "upsert", base_version: version, data: { ...data } }, (tx) =>
    tx.objectStore("meta").put({ data, version }, entity),
  );
}

/**
 * The profile, without `goal_step_dismissed` while it is null here: left out, the server keeps its own, so a copy
 * that has not yet heard another device's `Not now` cannot undo it (the pull after the push brings it).
 */
export function saveProfile(sync: Sync, p: Profile): Promise<void> {
  const { goal_step_dismissed, ...rest } = p;
  return save(sync, "target_profile", goal_step_dismissed === null ? rest : p);
}
export const saveTargetSettings = (sync: Sync, s: TargetSettings) => save(sync, "targets", s);
