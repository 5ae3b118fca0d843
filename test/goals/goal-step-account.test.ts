/**
 * The first goal step, per account: `Not now` is kept in the profile (goal_step_dismissed) on REST, sync and export,
 * and a client that leaves the field out keeps it; and one maintenance figure: GET /targets' energy reference is
 * POST /goals/suggest's maintenance for the same person (Mifflin–St Jeor × the profile's activity factor).
 */
import { expect, test } from "bun:test";
import { expectError, makeApp, signedIn } from "../helpers";

const t = makeApp();
t.clock.set("2026-11-24T18:00:00Z");

const mutation = (data: object | null, base: number | null) => ({
  mutation_id: crypto.randomUUID(),
  entity: "target_profile",
  id: "target_profile",
  op: "upsert",
  base_version: base,
  data,
});

test("Not now is the account's: kept in the profile, pulled by other devices, exported, kept when left out", async () => {
  const u = await signedIn(t, { timezone: "UTC" });
  expect((await u.api("GET", "/targets/profile")).json.goal_step_dismissed).toBeNull();
  const said = await u.api("PUT", "/targets/profile", { sex: "female", goal_step_dismissed: true });
  expect(said.status).toBe(200);
  expect(said.json).toMatchObject({ sex: "female", goal_step_dismissed: true });
  // another device of the account pulls it
  const other = (await t.call("GET", "/api/v1/sync/changes?cursor=", { token: u.access_token })).json;
  const pulled = other.changes.find((c: { entity: string }) => c.entity === "target_profile");
  expect(pulled.data.goal_step_dismissed).toBe(true);
  // a client that does not know the field (an older app, Settings' profile form) leaves it out: kept, on REST and sync
  expect((await u.api("PUT", "/targets/profile", { sex: "female", birth_year: 1990 })).json.goal_step_dismissed).toBe(
    true,
  );
  const now = (await t.call("GET", "/api/v1/sync/changes?cursor=", { token: u.access_token })).json;
  const version = now.changes.find((c: { entity: string }) => c.entity === "target_profile").version;
  const pushed = await u.push([mutation({ sex: "female", height_cm: 165 }, version)]);
  expect(pushed.json.results[0]).toMatchObject({ status: "applied" });
  expect((await u.api("GET", "/targets/profile")).json).toMatchObject({ height_cm: 165, goal_step_dismissed: true });
  const exported = (await u.api("GET", "/export")).json;
  expect(exported.target_profile.goal_step_dismissed).toBe(true);
  // a sync delete sets the whole profile back, this too
  const v2 = (pushed.json.results[0] as { version: number }).version;
  const deleted = await u.push([{ ...mutation(null, v2), op: "delete" }]);
  expect(deleted.json.results[0]).toMatchObject({ status: "applied" });
  expect((await u.api("GET", "/targets/profile")).json).toMatchObject({ sex: null, goal_step_dismissed: null });
  expect((await u.api("PUT", "/targets/profile", { goal_step_dismissed: true })).status).toBe(200);
  // said null: asked again
  expect((await u.api("PUT", "/targets/profile", { goal_step_dismissed: null })).json.goal_step_dismissed).toBeNull();
  const bad = expectError(
    await u.api("PUT", "/targets/profile", { goal_step_dismissed: "yes" }),
    400,
    "validation_failed",
  );
  expect(bad.details?.[0]?.field).toBe("goal_step_dismissed");
  // another account's profile is its own
  const b = await signedIn(t, { timezone: "UTC" });
  expect((await b.api("GET", "/targets/profile")).json.goal_step_dismissed).toBeNull();
});

test("one maintenance figure: the energy reference equals the goal step's maintenance for each activity level", async () => {
  const u = await signedIn(t, { timezone: "UTC" });
  expect((await u.api("PUT", "/weights/2026-11-24", { kg: 80 })).status).toBe(201);
  // a man of 40, 180 cm, 80 kg: 10 × 80 + 6.25 × 180 − 5 × 40 + 5 = 1730 kcal resting
  const hand = { sedentary: 2076, low_active: 2379, active: 2682, very_active: 2984, extra_active: 3287 };
  const levels = { sedentary: "sedentary", low_active: "light", active: "moderate", very_active: "very" } as const;
  for (const [activity, kcal] of Object.entries(hand)) {
    const put = await u.api("PUT", "/targets/profile", { sex: "male", birth_year: 1986, height_cm: 180, activity });
    expect(put.status).toBe(200);
    const ref = (await u.api("GET", "/targets")).json.energy_reference;
    expect(ref).toMatchObject({ kcal, resting_kcal: 1730, weight_kg: 80 });
    const level = levels[activity as keyof typeof levels] ?? "extra";
    const s = await u.api("POST", "/goals/suggest", {
      sex: "male",
      birth_year: 1986,
      height_cm: 180,
      weight_kg: 80,
      activity: level,
      goal: "keep",
    });
    expect([s.json.maintenance_kcal, s.json.activity_factor]).toEqual([ref.kcal, ref.activity_factor]);
  }
});
