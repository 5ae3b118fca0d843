/**
 * Exercise, daily values (steps, water, body measurements) and activity settings in the browser: kept in the
 * `activity` store as the server sends them, written here first and queued for sync like meals. An exercise's
 * kcal is computed here with the server's own formula and catalogue, so one logged offline shows the kcal the
 * server will store.
 */
import { round } from "./round";
import type { Schemas } from "./api-data";
import { storeActivity } from "./activity-records";
export { ACTIVITY_ENTITIES, isActivityEntity, storeActivity } from "./activity-records";
import { activityByCode } from "../../src/features/activities/catalogue";
import { exerciseKcal } from "../../src/features/exercises/kcal";
import { enqueue, type SyncQueue } from "./records";
import type { ActivityRec, Store } from "./store";

/** The activity settings (Schemas["ActivitySettings"]) without their timestamp, which the defaults have none of. */
export type Settings = Omit<Schemas["ActivitySettings"], "updated_at">;
export const DEFAULTS: Settings = {
  exercise_in_budget: false,
  water_unit: "ml",
  length_unit: "cm",
  glass_ml: 250,
  water_goal_ml: null,
  steps_goal: null,
  target_kg: null,
};
export const ML_PER_FL_OZ = 29.5735295625;
export const CM_PER_IN = 2.54;

/** An exercise (Schemas["Exercise"]) as the day shows it, with its sync version. */
export type ExerciseRec = Pick<
  Schemas["Exercise"],
  "id" | "date" | "activity" | "name" | "minutes" | "kcal" | "kcal_from"
> & { version: number | null };

export async function settingsOf(db: Store): Promise<Settings & { version: number | null }> {
  const rec = await db.get("activity", "activity_settings:activity_settings");
  return { ...DEFAULTS, ...(rec?.data as Partial<Settings> | undefined), version: rec?.version ?? null };
}

/** The day's exercise, daily values and the settings. */
export async function dayActivity(db: Store, date: string) {
  const recs = await db.getAllFromIndex("activity", "date", date);
  const exercises = recs
    .filter((r) => r.entity === "exercise")
    .map((r) => ({ ...(r.data as unknown as ExerciseRec), version: r.version }))
    .sort((a, b) => a.id.localeCompare(b.id));
  const values: Record<string, ActivityRec> = {};
  for (const r of recs) if (r.entity === "daily_value") values[r.id.split(":")[1]!] = r;
  const settings = await settingsOf(db);
  const exerciseKcal = round(exercises.reduce((a, e) => a + e.kcal, 0));
  return { exercises, values, settings, exerciseKcal };
}

/** The latest weigh-in on or before `date` (kg), as the server picks it. */
export async function weightOn(db: Store, date: string): Promise<number | null> {
  const c = await db.transaction("weights").store.openCursor(IDBKeyRange.upperBound(date), "prev");
  return c?.value.kg ?? null;
}

/** The kcal the server will compute for this activity, time and weigh-in, or null (no activity or no weigh-in). */
export function kcalFor(code: string | null, minutes: number, kg: number | null): number | null {
  const a = code ? activityByCode(code) : null;
  return a && kg !== null && minutes > 0 ? exerciseKcal(a.met, kg, minutes) : null;
}

/** kcalFor with the weigh-in the server would take for `date`. */
export async function computedKcal(db: Store, code: string | null, minutes: number, date: string) {
  return kcalFor(code, minutes, await weightOn(db, date));
}

/** Logs an exercise; `kcal` given: the person's own figure (sent), else computed (by the server too). */
export async function logExercise(
  sync: SyncQueue,
  a: { code: string | null; name: string; minutes: number; date: string; kcal: number | null },
): Promise<void> {
  const computed = await computedKcal(sync.db, a.code, a.minutes, a.date);
  const kcal = a.kcal ?? computed;
  if (kcal === null) throw new Error("kcal unknown");
  const id = crypto.randomUUID();
  const entered = a.kcal !== null;
  const data: Record<string, unknown> = {
    id,
    date: a.date,
    activity: a.code,
    name: a.name,
    minutes: a.minutes,
    ...(entered ? { kcal } : {}),
  };
  const shown = { ...data, kcal, kcal_from: entered ? "entered" : "computed" };
  await enqueue(sync, { entity: "exercise", id, op: "upsert", base_version: null, data }, (tx) =>
    storeActivity(tx, "exercise", id, shown, null),
  );
}

/**
 * Changes a logged exercise (PATCH /exercises/:id through the sync queue): activity, name, minutes, and kcal, the
 * person's own figure or null to compute it again (as the server does) from the activity and the weigh-in.
 */
export async function updateExercise(
  sync: SyncQueue,
  e: ExerciseRec,
  a: { code: string | null; name: string; minutes: number; kcal: number | null },
): Promise<void> {
  const computed = await computedKcal(sync.db, a.code, a.minutes, e.date);
  const kcal = a.kcal ?? computed;
  if (kcal === null) throw new Error("kcal unknown");
  const data = { activity: a.code, name: a.name, minutes: a.minutes, kcal: a.kcal };
  const shown = { ...e, ...data, kcal, kcal_from: a.kcal !== null ? "entered" : "computed" };
  delete (shown as { version?: unknown }).version;
  await enqueue(sync, { entity: "exercise", id: e.id, op: "upsert", base_version: e.version, data }, (tx) =>
    storeActivity(tx, "exercise", e.id, shown, e.version),
  );
}

export async function deleteExercise(sync: SyncQueue, e: ExerciseRec): Promise<void> {
  await enqueue(sync, { entity: "exercise", id: e.id, op: "delete", base_version: e.version, data: null }, (tx) =>
    tx.objectStore("activity").delete(`exercise:${e.id}`),
  );
}

/** Sets a date's metric (stored unit: ml, count, cm, %). */
export async function setValue(sync: SyncQueue, date: string, metric: string, value: number): Promise<void> {
  const id = `${date}:${metric}`;
  const cur = await sync.db.get("activity", `daily_value:${id}`);
  const version = cur?.version ?? null;
  await enqueue(sync, { entity: "daily_value", id, op: "upsert", base_version: version, data: { value } }, (tx) =>
    storeActivity(tx, "daily_value", id, { date, metric, value }, version),
  );
}

/**
 * Adds to a date's metric (a glass of water): each call reads the value stored here at that moment, after the
 * previous call has written, so three quick taps add three times (a rendered value would be stale by the second).
 */
let adding: Promise<unknown> = Promise.resolve();
export function addToValue(sync: SyncQueue, date: string, metric: string, delta: number, max: number): Promise<void> {
  const run = adding.then(async () => {
    const cur = await sync.db.get("activity", `daily_value:${date}:${metric}`);
    const now = cur ? Number((cur.data as { value?: unknown }).value) || 0 : 0;
    await setValue(sync, date, metric, Math.min(max, now + delta));
  });
  adding = run.catch(() => undefined);
  return run;
}

export async function putSettings(sync: SyncQueue, patch: Partial<Settings>): Promise<void> {
  const { version, ...cur } = await settingsOf(sync.db);
  const id = "activity_settings";
  await enqueue(sync, { entity: "activity_settings", id, op: "upsert", base_version: version, data: patch }, (tx) =>
    storeActivity(tx, "activity_settings", id, { ...cur, ...patch }, version),
  );
}
