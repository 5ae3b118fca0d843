/**
 * POST /import/health (API.md §Health bridges) with an Apple Health export shaped like a real one
 * (test/fixtures/health/export.xml) and a Google Fit daily summary: the right local days, the units
 * as stated, re-importing changes nothing, another account untouched, bad input refused with the
 * contract's codes.
 */
import { describe, expect, test } from "bun:test";
import { strToU8, zipSync } from "fflate";
import { readdirSync } from "node:fs";
import { expectError, makeApp, registerUser, tempDir } from "../helpers";

const FIXTURES = `${import.meta.dir}/../fixtures/health`;
const XML = await Bun.file(`${FIXTURES}/export.xml`).text();
const ZIP = zipSync({
  "apple_health_export/export.xml": strToU8(XML),
  "apple_health_export/export_cda.xml": strToU8("<ClinicalDocument/>"),
  "apple_health_export/workout-routes/route_2024-01-15_6.32pm.gpx": strToU8("<gpx/>"),
});
const FIT = await Bun.file(`${FIXTURES}/daily-activity-metrics.csv`).bytes();

async function world(timezone = "America/New_York") {
  const t = makeApp();
  t.clock.set("2024-03-10T12:00:00Z");
  const ana = await registerUser(t.call, { timezone });
  const ben = await registerUser(t.call, { timezone });
  const send = (query: string, body: Uint8Array | string, token = ana.access_token, type = "application/zip") =>
    t.call("POST", `/api/v1/import/health?${query}`, { token, raw: body, headers: { "content-type": type } });
  const get = (path: string, token = ana.access_token) => t.call("GET", `/api/v1${path}`, { token });
  const values = async (date: string, token = ana.access_token) =>
    (await get(`/daily-values/${date}`, token)).json.values;
  const exercises = async (token = ana.access_token) =>
    (await get("/exercises?from=2024-01-01&to=2024-03-10", token)).json.items as {
      date: string;
      name: string;
      minutes: number;
      kcal: number;
      kcal_from: string;
      distance_km: number | null;
      start_time: string | null;
      source: string;
    }[];
  const weights = async (token = ana.access_token) =>
    ((await get("/weights?from=2024-01-01&to=2024-03-10", token)).json.items as { date: string; kg: number }[]).map(
      (w) => [w.date, w.kg],
    );
  return { t, ana, ben, send, get, values, exercises, weights };
}

describe("Apple Health export", () => {
  test("workouts, steps, active energy, water, weight and body fat land on New York's days, in Morsel's units", async () => {
    const w = await world();
    const r = await w.send("format=apple_health", ZIP);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      format: "apple_health",
      first_date: "2024-01-15",
      last_date: "2024-01-16",
      workouts: { added: 2, unchanged: 0 },
      weights: { added: 2, unchanged: 0 },
      body_fat: { added: 1, unchanged: 0 },
      skipped_count: 0,
    });
    // steps: the watch's 1,500 in the 8 o'clock hour, not the phone's 812 as well
    expect(await w.values("2024-01-15")).toMatchObject({
      steps: 1500 + 1203 + 140,
      active_kcal: Math.round(41.5 + 1255.2 / 4.184),
      water_ml: Math.round(500 + 8 * 29.5735295625),
      body_fat_pct: 24.1,
    });
    expect((await w.values("2024-01-16")).steps).toBe(60);
    expect(await w.weights()).toEqual([
      ["2024-01-15", 75.024],
      ["2024-01-16", 74.8],
    ]);
    const ex = await w.exercises();
    expect(ex.map((e) => [e.date, e.name, e.minutes, e.kcal, e.kcal_from, e.start_time, e.source])).toEqual([
      ["2024-01-15", "Running", 32.5, 300, "imported", "18:00", "apple_health"],
      ["2024-01-16", "Traditional Strength Training", 45, 200, "imported", "23:00", "apple_health"],
    ]);
    expect(ex[0]!.distance_km).toBeCloseTo(4.989, 3);
  });

  test("importing the same export again changes nothing", async () => {
    const w = await world();
    await w.send("format=apple_health", ZIP);
    const before = [await w.values("2024-01-15"), await w.exercises(), await w.weights()];
    const r = await w.send("format=apple_health", ZIP);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      workouts: { added: 0, unchanged: 2 },
      days: { added: 0 },
      weights: { added: 0, unchanged: 2 },
      body_fat: { added: 0, unchanged: 1 },
    });
    expect([await w.values("2024-01-15"), await w.exercises(), await w.weights()]).toEqual(before);
  });

  test("in Berlin the 23:00 New York workout is on the next day", async () => {
    const w = await world("Europe/Berlin");
    await w.send("format=apple_health", ZIP);
    expect((await w.exercises()).map((e) => e.date)).toEqual(["2024-01-16", "2024-01-17"]);
  });

  test("a weigh-in typed into Morsel wins over the export's", async () => {
    const w = await world();
    await w.t.call("PUT", "/api/v1/weights/2024-01-15", { token: w.ana.access_token, body: { kg: 74 } });
    const r = await w.send("format=apple_health", ZIP);
    expect(r.json.weights).toEqual({ added: 1, unchanged: 1 });
    expect(await w.weights()).toEqual([
      ["2024-01-15", 74],
      ["2024-01-16", 74.8],
    ]);
  });

  test("dietary energy only when asked for, and only on days without meals", async () => {
    const w = await world();
    await w.send("format=apple_health", ZIP);
    expect((await w.get("/meals/daily?date=2024-01-15")).json.meals).toHaveLength(0);
    const r = await w.send("format=apple_health&dietary_energy=true", ZIP);
    expect(r.json.dietary_energy).toEqual({ added: 1, unchanged: 0 });
    const meals = (await w.get("/meals/daily?date=2024-01-15")).json.meals;
    expect(
      meals.map((m: { description: string; nutrients: { energy_kcal: number } }) => [
        m.description,
        m.nutrients.energy_kcal,
      ]),
    ).toEqual([["Dietary energy (Apple Health)", 640]]);
    expect((await w.send("format=apple_health&dietary_energy=true", ZIP)).json.dietary_energy).toEqual({
      added: 0,
      unchanged: 1,
    });
  });

  test("another account's data is untouched, and its own import is its own", async () => {
    const w = await world();
    await w.t.call("PUT", "/api/v1/daily-values/2024-01-15/steps", { token: w.ben.access_token, body: { value: 9 } });
    await w.send("format=apple_health", ZIP);
    expect((await w.values("2024-01-15", w.ben.access_token)).steps).toBe(9);
    expect(await w.exercises(w.ben.access_token)).toEqual([]);
    expect(await w.weights(w.ben.access_token)).toEqual([]);
    // the same workouts from the same export are Ben's own once he imports it
    expect((await w.send("format=apple_health", ZIP, w.ben.access_token)).json.workouts).toEqual({
      added: 2,
      unchanged: 0,
    });
    expect((await w.values("2024-01-15", w.ben.access_token)).steps).toBe(2843);
    expect(await w.exercises()).toHaveLength(2);
  });

  test("bad input: the contract's codes, nothing written", async () => {
    const w = await world();
    expectError(await w.send("format=apple_health", ""), 400, "validation_failed");
    expectError(await w.send("format=apple_health", zipSync({ "notes.txt": strToU8("hi") })), 400, "validation_failed");
    expectError(await w.send("format=apple_health", "<kml/>", undefined, "application/xml"), 400, "validation_failed");
    expectError(await w.send("format=apple_health", ZIP.subarray(0, 200)), 400, "validation_failed");
    expectError(await w.send("format=fitbit", ZIP), 400, "validation_failed");
    expectError(await w.send("", ZIP), 400, "validation_failed");
    expectError(
      await w.t.call("POST", "/api/v1/import/health?format=apple_health", {
        raw: ZIP,
        headers: { "content-type": "application/zip" },
      }),
      401,
      "missing_token",
    );
    expect(await w.exercises()).toEqual([]);
    expect((await w.values("2024-01-15")).steps).toBeNull();
  });

  test("the upload is spooled to a temporary file that is gone once answered, imported or refused", async () => {
    const w = await world();
    const spool = tempDir();
    const was = process.env.TMPDIR;
    process.env.TMPDIR = spool; // where http/body.ts writes the upload (os.tmpdir())
    try {
      expect((await w.send("format=apple_health", ZIP)).status).toBe(200);
      expectError(await w.send("format=apple_health", zipSync({ "a.txt": strToU8("x") })), 400, "validation_failed");
      expect(readdirSync(spool)).toEqual([]);
    } finally {
      if (was === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = was;
    }
  });

  test("a body declared past 2 GiB is 413 before a byte is read", async () => {
    const w = await world();
    const r = await w.t.call("POST", "/api/v1/import/health?format=apple_health", {
      token: w.ana.access_token,
      raw: ZIP,
      headers: { "content-type": "application/zip", "content-length": String(3 * 1024 ** 3) },
    });
    expectError(r, 413, "payload_too_large");
  });

  test("a read-only access token may not import", async () => {
    const w = await world();
    const tok = await w.t.call("POST", "/api/v1/tokens", {
      token: w.ana.access_token,
      body: { name: "reader", scopes: ["read"] },
    });
    expectError(await w.send("format=apple_health", ZIP, tok.json.token), 403, "forbidden");
  });
});

describe("Google Fit Takeout", () => {
  test("steps and weight from the daily summary, on its own dates; again changes nothing", async () => {
    const w = await world();
    const zip = zipSync({ "Takeout/Fit/Daily activity metrics/Daily activity metrics.csv": FIT });
    const r = await w.send("format=google_fit", zip);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ format: "google_fit", days: { added: 2 }, weights: { added: 2 } });
    expect((await w.values("2024-03-02")).steps).toBe(11450);
    expect(await w.weights()).toEqual([
      ["2024-03-02", 81.3],
      ["2024-03-03", 80.9],
    ]);
    expect((await w.send("format=google_fit", zip)).json).toMatchObject({ days: { added: 0, unchanged: 2 } });
  });
});
