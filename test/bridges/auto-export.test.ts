/**
 * POST /health/auto-export (API.md §Health bridges): Health Auto Export's pushes, with a personal
 * access token of write scope. Overlapping and repeated pushes leave one value per day and metric.
 */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const FIXTURES = `${import.meta.dir}/../fixtures/health`;
const PUSH1 = await Bun.file(`${FIXTURES}/hae-push-1.json`).json();
const PUSH2 = await Bun.file(`${FIXTURES}/hae-push-2.json`).json();

async function world() {
  const t = makeApp();
  t.clock.set("2021-12-27T04:00:00Z");
  const ana = await registerUser(t.call, { timezone: "Asia/Singapore" });
  const ben = await registerUser(t.call, { timezone: "Asia/Singapore" });
  const pat = async (token: string, scopes: string[]) =>
    (await t.call("POST", "/api/v1/tokens", { token, body: { name: "Health Auto Export", scopes } })).json
      .token as string;
  const write = await pat(ana.access_token, ["write"]);
  const push = (body: unknown, token = write) => t.call("POST", "/api/v1/health/auto-export", { token, body });
  const values = async (date: string, token = ana.access_token) =>
    (await t.call("GET", `/api/v1/daily-values/${date}`, { token })).json.values;
  const exercises = async (token = ana.access_token) =>
    (await t.call("GET", "/api/v1/exercises?from=2021-12-20&to=2021-12-27", { token })).json.items as {
      date: string;
      name: string;
      kcal: number;
      minutes: number;
    }[];
  return { t, ana, ben, pat, write, push, values, exercises };
}

describe("Health Auto Export", () => {
  test("a push lands on the account's days: steps, active energy (kJ), water (fl oz), weight (lb), body fat, a workout", async () => {
    const w = await world();
    const r = await w.push(PUSH1);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ format: "health_auto_export", workouts: { added: 1 }, weights: { added: 1 } });
    expect(await w.values("2021-12-24")).toMatchObject({
      steps: 1000,
      active_kcal: Math.round((0.76856774374845116 + 0.377848256251549 + 418.4) / 4.184),
      water_ml: 473,
      body_fat_pct: 24.1,
    });
    const weights = (
      await w.t.call("GET", "/api/v1/weights?from=2021-12-20&to=2021-12-27", { token: w.ana.access_token })
    ).json.items;
    expect(weights.map((x: { date: string; kg: number }) => [x.date, x.kg])).toEqual([["2021-12-24", 75.024]]);
    expect((await w.exercises()).map((e) => [e.date, e.name, Math.round(e.minutes), e.kcal])).toEqual([
      ["2021-12-24", "Walking", 19, Math.round((226.21122641832523 / 4.184) * 10) / 10],
    ]);
  });

  test("the same push twice, and an overlapping one, leave one value per day and metric", async () => {
    const w = await world();
    await w.push(PUSH1);
    const again = await w.push(PUSH1);
    expect(again.json).toMatchObject({ workouts: { added: 0, unchanged: 1 }, days: { added: 0 } });
    expect((await w.values("2021-12-24")).steps).toBe(1000); // not 2000
    // the second push carries the whole 25th (overlapping the first's) and the 26th
    await w.push(PUSH2);
    await w.push(PUSH2);
    expect(await w.values("2021-12-24")).toMatchObject({ steps: 1000 });
    expect(await w.values("2021-12-25")).toMatchObject({ steps: 6500, active_kcal: 300 });
    expect(await w.values("2021-12-26")).toMatchObject({ steps: 700, active_kcal: 50 });
    const rows = await w.t.sql<{ n: number }>(
      "SELECT COUNT(*) AS n FROM daily_values WHERE user_id = ? AND metric = 'steps'",
      w.ana.user.id,
    );
    expect(Number(rows[0]!.n)).toBe(3);
    expect((await w.exercises()).map((e) => e.name)).toEqual(["Walking", "Outdoor Run"]);
  });

  test("bad input is a 400 naming the field; a read-only token 403; no token 401; nothing written", async () => {
    const w = await world();
    expectError(await w.push({ metrics: [] }), 400, "validation_failed");
    expectError(await w.push({ data: { metrics: [{ units: "count", data: [] }] } }), 400, "validation_failed");
    expectError(await w.push({ data: { metrics: "steps" } }), 400, "validation_failed");
    const bad = await w.t.call("POST", "/api/v1/health/auto-export", {
      token: w.write,
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    expectError(bad, 400, "malformed_json");
    expectError(await w.push(PUSH1, await w.pat(w.ana.access_token, ["read"])), 403, "forbidden");
    expectError(await w.t.call("POST", "/api/v1/health/auto-export", { body: PUSH1 }), 401, "missing_token");
    expect((await w.values("2021-12-24")).steps).toBeNull();
    // a sample that cannot be read is left out and named; the rest is written
    const r = await w.push({
      data: {
        metrics: [
          {
            name: "step_count",
            units: "count",
            data: [
              { qty: 5, date: "2021-12-26 10:00:00 +0800" },
              { qty: -3, date: "2021-12-26 11:00:00 +0800" },
            ],
          },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.skipped).toEqual([{ what: "metrics.0.data.1", message: expect.stringContaining("qty -3") }]);
    expect((await w.values("2021-12-26")).steps).toBe(5);
  });

  test("another account's data is untouched", async () => {
    const w = await world();
    await w.t.call("PUT", "/api/v1/daily-values/2021-12-24/steps", { token: w.ben.access_token, body: { value: 42 } });
    await w.push(PUSH1);
    expect((await w.values("2021-12-24", w.ben.access_token)).steps).toBe(42);
    expect(await w.exercises(w.ben.access_token)).toEqual([]);
  });
});
