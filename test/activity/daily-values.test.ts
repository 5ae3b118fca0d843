/** Daily values, activity settings and the target weight (API.md §Daily values, §Activity settings, §Weight). */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, signedIn } from "../helpers";

const TODAY = "2026-11-24";
const t = makeApp();
t.clock.set(`${TODAY}T18:00:00Z`);

const user = (app = t) => signedIn(app, { timezone: "UTC" });
const fields = (r: { json: { error: { details: { field: string }[] } } }) => r.json.error.details.map((d) => d.field);

describe("REST /daily-values", () => {
  test("one value per date and metric, in the stored unit; units converted; the same value again changes nothing", async () => {
    const u = await user();
    const steps = await u.api("PUT", `/daily-values/${TODAY}/steps`, { value: 8042 });
    expect(steps.status).toBe(201);
    expect(steps.json).toMatchObject({ date: TODAY, metric: "steps", value: 8042, unit: "count", source: "manual" });
    expect((await u.api("PUT", `/daily-values/${TODAY}/steps`, { value: 9000 })).status).toBe(200);
    const water = await u.api("PUT", `/daily-values/${TODAY}/water_ml`, { value: 16, unit: "fl_oz" });
    expect(water.json).toMatchObject({ value: 473.18, unit: "ml" });
    expect((await u.api("PUT", `/daily-values/${TODAY}/waist_cm`, { value: 32, unit: "in" })).json.value).toBe(81.28);
    expect((await u.api("PUT", `/daily-values/${TODAY}/active_kcal`, { value: 2092, unit: "kJ" })).json.value).toBe(
      500,
    );
    await u.api("PUT", `/daily-values/${TODAY}/body_fat_pct`, { value: 21.5 });
    expect((await u.api("GET", `/daily-values/${TODAY}`)).json).toEqual({
      date: TODAY,
      values: {
        steps: 9000,
        water_ml: 473.18,
        active_kcal: 500,
        body_fat_pct: 21.5,
        waist_cm: 81.28,
        hips_cm: null,
        neck_cm: null,
      },
    });
    const list = await u.api("GET", "/daily-values?metric=steps");
    expect(list.json.items.map((v: { value: number }) => v.value)).toEqual([9000]);
    const changes = async () => (await u.api("GET", "/sync/changes")).json.changes.length;
    const before = await changes();
    await u.api("PUT", `/daily-values/${TODAY}/steps`, { value: 9000 });
    expect(await changes()).toBe(before);
    expect((await u.api("DELETE", `/daily-values/${TODAY}/steps`)).status).toBe(204);
    expectError(await u.api("GET", `/daily-values/${TODAY}/steps`), 404, "not_found");
  });

  test("bad input → 400 naming the field; unknown → 404; no token → 401; another account's → 404", async () => {
    const u = await user();
    const bad = async (path: string, body: unknown, field: string) => {
      const r = await u.api("PUT", path, body);
      expectError(r, 400, "validation_failed");
      expect(fields(r)).toContain(field);
    };
    await bad(`/daily-values/${TODAY}/steps`, { value: -1 }, "value");
    await bad(`/daily-values/${TODAY}/steps`, { value: 12.5 }, "value");
    await bad(`/daily-values/${TODAY}/steps`, {}, "value");
    await bad(`/daily-values/${TODAY}/steps`, { value: 10, unit: "ml" }, "unit");
    await bad(`/daily-values/${TODAY}/body_fat_pct`, { value: 90 }, "value");
    await bad(`/daily-values/${TODAY}/water_ml`, { value: 30_000 }, "value");
    await bad(`/daily-values/${TODAY}/heartbeats`, { value: 1 }, "metric");
    await bad("/daily-values/2026-02-30/steps", { value: 1 }, "date");
    await bad("/daily-values/2027-01-01/steps", { value: 1 }, "date");
    expectError(await u.api("GET", "/daily-values?metric=nope"), 400, "validation_failed");
    expectError(await u.api("GET", `/daily-values/${TODAY}/nope`), 400, "validation_failed");
    expectError(await u.api("GET", `/daily-values/${TODAY}/steps`), 404, "not_found");
    expectError(await t.call("GET", "/api/v1/daily-values"), 401, "missing_token");
    expectError(
      await t.call("PUT", `/api/v1/daily-values/${TODAY}/steps`, { body: { value: 1 } }),
      401,
      "missing_token",
    );
    await u.api("PUT", `/daily-values/${TODAY}/steps`, { value: 500 });
    const other = await user();
    expectError(await other.api("GET", `/daily-values/${TODAY}/steps`), 404, "not_found");
    expectError(await other.api("DELETE", `/daily-values/${TODAY}/steps`), 404, "not_found");
    expect((await other.api("GET", "/daily-values")).json.items).toEqual([]);
    expect((await u.api("GET", `/daily-values/${TODAY}/steps`)).json.value).toBe(500);
  });

  test("sync pushes values and settings, validated as REST does", async () => {
    const u = await user();
    const m = (over: object) => ({ mutation_id: crypto.randomUUID(), op: "upsert", base_version: null, ...over });
    const r = await u.push([
      m({ entity: "daily_value", id: `${TODAY}:water_ml`, data: { value: 750 } }),
      m({ entity: "daily_value", id: `${TODAY}:steps`, data: { value: -5 } }),
      m({ entity: "daily_value", id: `${TODAY}:nope`, data: { value: 5 } }),
      m({ entity: "daily_value", id: "yesterday:steps", data: { value: 5 } }),
      m({ entity: "activity_settings", id: null, data: { glass_ml: 1 } }),
      m({
        entity: "activity_settings",
        id: "activity_settings",
        data: { exercise_in_budget: true, water_unit: "fl_oz" },
      }),
    ]);
    expect(r.json.results.map((x: { status: string }) => x.status)).toEqual([
      "applied",
      "rejected",
      "rejected",
      "rejected",
      "rejected",
      "applied",
    ]);
    expect(r.json.results[1].error.details[0].field).toBe("data.value");
    expect(r.json.results[2].error.details[0].field).toBe("id");
    expect(r.json.results[4].error.details[0].field).toBe("data.glass_ml");
    expect((await u.api("GET", `/daily-values/${TODAY}/water_ml`)).json.value).toBe(750);
    expect((await u.api("GET", "/activity-settings")).json).toMatchObject({
      exercise_in_budget: true,
      water_unit: "fl_oz",
      glass_ml: 250,
    });
    const del = await u.push([
      m({
        entity: "activity_settings",
        id: "activity_settings",
        op: "delete",
        base_version: r.json.results[5].version,
        data: null,
      }),
    ]);
    expect(del.json.results[0].status).toBe("applied");
    expect((await u.api("GET", "/activity-settings")).json.exercise_in_budget).toBe(false);
  });
});

describe("activity settings and the target weight", () => {
  test("settings change one field at a time; bad input names the field; no token → 401", async () => {
    const u = await user();
    const r = await u.api("PUT", "/activity-settings", { length_unit: "in", water_goal_ml: 2000, steps_goal: 10000 });
    expect(r.json).toMatchObject({
      length_unit: "in",
      water_goal_ml: 2000,
      steps_goal: 10000,
      water_unit: "ml",
      glass_ml: 250,
    });
    expect((await u.api("PUT", "/activity-settings", { glass_ml: 330 })).json).toMatchObject({
      glass_ml: 330,
      length_unit: "in",
    });
    for (const [body, field] of [
      [{ water_unit: "gallons" }, "water_unit"],
      [{ length_unit: "furlong" }, "length_unit"],
      [{ steps_goal: 1.5 }, "steps_goal"],
      [{ target_kg: 5 }, "target_kg"],
      [{ exercise_in_budget: "yes" }, "exercise_in_budget"],
    ] as const) {
      const bad = await u.api("PUT", "/activity-settings", body);
      expectError(bad, 400, "validation_failed");
      expect(fields(bad)).toContain(field);
    }
    expectError(await t.call("GET", "/api/v1/activity-settings"), 401, "missing_token");
    const other = await user();
    expect((await other.api("GET", "/activity-settings")).json.glass_ml).toBe(250);
  });

  test("the Weight view's target has an ETA from the trend", async () => {
    const u = await user();
    // 0.1 kg a day down for 40 days to today
    for (let i = 40; i >= 0; i--) {
      const d = new Date(Date.parse(`${TODAY}T00:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10);
      await u.api("PUT", `/weights/${d}`, { kg: 84 - (40 - i) * 0.1 });
    }
    expect((await u.api("GET", "/weights")).json.target).toBeNull();
    await u.api("PUT", "/activity-settings", { target_kg: 75 });
    const w = (await u.api("GET", "/weights")).json;
    expect(w.target).toMatchObject({ kg: 75, value: 75, status: "on_track" });
    expect(w.target.rate_kg_per_week).toBeLessThan(-0.55);
    expect(w.target.rate_kg_per_week).toBeGreaterThan(-0.75);
    // the trend lags a falling weight by about 0.9 kg: ~80.9 − 75 = 5.9 kg at 0.1 kg a day is ~59 days
    expect(w.target.days).toBeGreaterThan(50);
    expect(w.target.days).toBeLessThan(75);
    expect(w.target.eta > TODAY).toBe(true);
    await u.api("PUT", "/activity-settings", { target_kg: 90 });
    expect((await u.api("GET", "/weights")).json.target).toMatchObject({ status: "moving_away", eta: null });
  });
});
