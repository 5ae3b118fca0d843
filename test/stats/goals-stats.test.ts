/** GET/PUT /goals, GET /stats/daily and /stats/weekly (API.md §Goals and statistics). */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const { call, clock } = makeApp();
clock.set("2026-11-22T12:00:00Z");
const ana = await registerUser(call);
const bob = await registerUser(call);
const auth = { token: ana.access_token };
const log = (body: object) => call("POST", "/api/v1/meals", { ...auth, body });

describe("goals", () => {
  test("unset goals are null; PUT sets all four; an omitted key is no goal; goals are per user", async () => {
    expect((await call("GET", "/api/v1/goals", auth)).json).toEqual({
      from: null,
      energy_kcal: null,
      protein_g: null,
      fat_g: null,
      carbohydrate_g: null,
      protein_pct: null,
      fat_pct: null,
      carbohydrate_pct: null,
      net_carbs: false,
      balance: null,
      weekdays: {},
      schedule: [],
    });
    const put = await call("PUT", "/api/v1/goals", {
      ...auth,
      body: { energy_kcal: 2000, protein_g: 120, fat_g: null },
    });
    expect(put.status).toBe(200);
    // the first goals ever apply since always (from: null): there were none to keep
    const plan = {
      from: null,
      energy_kcal: 2000,
      protein_g: 120,
      fat_g: null,
      carbohydrate_g: null,
      protein_pct: null,
      fat_pct: null,
      carbohydrate_pct: null,
      net_carbs: false,
      // protein alone is 480 kcal of 2,000: under the energy goal, so no warning until all three are set
      balance: { macro_kcal: 480, energy_kcal: 2000, difference_kcal: -1520, difference_pct: -76, warning: null },
      weekdays: {},
    };
    expect(put.json).toEqual({ ...plan, schedule: [plan] });
    expect((await call("GET", "/api/v1/goals", auth)).json).toEqual(put.json);
    expect((await call("GET", "/api/v1/goals", { token: bob.access_token })).json.energy_kcal).toBeNull();
  });

  test.each([
    [{ energy_kcal: -1 }, "energy_kcal"],
    [{ protein_g: "lots" }, "protein_g"],
    [{ fat_g: 1e9 }, "fat_g"],
    [{ carbohydrate_g: true }, "carbohydrate_g"],
  ])("PUT %p → 400 on %s, goals unchanged", async (body, field) => {
    const before = (await call("GET", "/api/v1/goals", auth)).json;
    const e = expectError(await call("PUT", "/api/v1/goals", { ...auth, body }), 400, "validation_failed");
    expect(e.details?.[0]?.field).toBe(field);
    expect((await call("GET", "/api/v1/goals", auth)).json).toEqual(before);
  });
});

describe("statistics", () => {
  test("daily: totals, per meal type, goals, remaining and the 4/9/4 energy split", async () => {
    await call("PUT", "/api/v1/goals", {
      ...auth,
      body: { energy_kcal: 2000, protein_g: 100, fat_g: 70, carbohydrate_g: null, from: "2026-11-01" },
    });
    await log({ food_id: 9040, quantity: 200, meal_type: "breakfast", date: "2026-11-20" }); // banana 178 kcal
    await log({ food_id: 1123, quantity: 100, meal_type: "lunch", date: "2026-11-20" }); // egg 143 kcal
    await log({ food_id: 4053, quantity: 10, meal_type: "lunch", date: "2026-11-20" }); // olive oil 88 kcal
    const r = await call("GET", "/api/v1/stats/daily?date=2026-11-20", auth);
    expect(r.status).toBe(200);
    const s = r.json;
    expect(s.date).toBe("2026-11-20");
    expect(s.meal_count).toBe(3);
    expect(s.totals.energy_kcal).toBe(178 + 143 + 88);
    expect(s.totals.protein_g).toBeCloseTo(2.18 + 12.56 + 0, 2);
    expect(s.by_meal_type.breakfast.energy_kcal).toBe(178);
    expect(s.by_meal_type.lunch.energy_kcal).toBe(231);
    expect(s.by_meal_type.dinner).toEqual({
      energy_kcal: 0,
      protein_g: 0,
      fat_g: 0,
      carbohydrate_g: 0,
      fiber_g: 0,
      sugars_g: 0,
      saturated_fat_g: 0,
      sodium_mg: 0,
    });
    expect(s.goals).toEqual({ energy_kcal: 2000, protein_g: 100, fat_g: 70, carbohydrate_g: null });
    expect(s.remaining.energy_kcal).toBe(2000 - 409);
    expect(s.remaining.protein_g).toBeCloseTo(100 - 14.74, 2);
    expect(s.remaining.carbohydrate_g).toBeNull();
    const p = s.totals.protein_g * 4;
    const f = s.totals.fat_g * 9;
    const c = s.totals.carbohydrate_g * 4;
    expect(s.energy_split_pct.protein).toBeCloseTo((100 * p) / (p + f + c), 1);
    expect(s.energy_split_pct.fat).toBeCloseTo((100 * f) / (p + f + c), 1);
    expect(s.energy_split_pct.protein + s.energy_split_pct.fat + s.energy_split_pct.carbohydrate).toBeCloseTo(100, 0);
  });

  test("daily for an empty day: zeros, and no split", async () => {
    const s = (await call("GET", "/api/v1/stats/daily?date=2026-10-01", auth)).json;
    expect(s.meal_count).toBe(0);
    expect(s.totals.energy_kcal).toBe(0);
    expect(s.energy_split_pct).toEqual({ protein: null, fat: null, carbohydrate: null });
    expect(s.remaining.energy_kcal).toBe(2000);
  });

  test("weekly: seven days oldest first, empty days zero-filled, average over logged days, days within ±10 %", async () => {
    const u = await registerUser(call);
    const a = { token: u.access_token };
    await call("PUT", "/api/v1/goals", { ...a, body: { energy_kcal: 1000 } });
    const eat = (date: string, grams: number) =>
      call("POST", "/api/v1/meals", { ...a, body: { food_id: 4053, quantity: grams, meal_type: "dinner", date } });
    await eat("2026-11-16", 113); // 999 kcal: within
    await eat("2026-11-18", 100); // 884: outside (−11.6 %)
    await eat("2026-11-18", 3); // +27 → 911: within
    await eat("2026-11-22", 130); // 1149: outside
    await eat("2026-11-15", 100); // before the window
    await eat("2026-11-23", 100); // after it
    const w = (await call("GET", "/api/v1/stats/weekly?end=2026-11-22", a)).json;
    expect(w.start).toBe("2026-11-16");
    expect(w.end).toBe("2026-11-22");
    expect(w.days.map((d: { date: string }) => d.date)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    expect(w.days.map((d: { meal_count: number }) => d.meal_count)).toEqual([1, 0, 2, 0, 0, 0, 1]);
    expect(w.days[1].totals.energy_kcal).toBe(0);
    expect(w.days.map((d: { totals: { energy_kcal: number } }) => d.totals.energy_kcal)).toEqual([
      999, 0, 911, 0, 0, 0, 1149,
    ]);
    expect(w.totals.energy_kcal).toBe(999 + 911 + 1149);
    expect(w.logged_days).toBe(3);
    // 2026-11-22 is today: not over, so not in the average until it is
    expect(w.average_days).toBe(2);
    expect(w.daily_average.energy_kcal).toBeCloseTo((999 + 911) / 2, 2);
    expect(w.days_within_energy_goal).toBe(2);
    expect(w.goals.energy_kcal).toBe(1000);
  });

  test("weekly defaults to the week ending today; no goal → days_within_energy_goal null; no logs → averages null", async () => {
    const u = await registerUser(call);
    const w = (await call("GET", "/api/v1/stats/weekly", { token: u.access_token })).json;
    expect(w.end).toBe("2026-11-22");
    expect(w.logged_days).toBe(0);
    expect(w.days_within_energy_goal).toBeNull();
    expect(w.daily_average.energy_kcal).toBeNull();
    expect(w.totals.energy_kcal).toBe(0);
  });

  test("stats never include another user's meals", async () => {
    const s = (await call("GET", "/api/v1/stats/daily?date=2026-11-20", { token: bob.access_token })).json;
    expect(s.meal_count).toBe(0);
  });

  test("bad dates → 400", async () => {
    expectError(await call("GET", "/api/v1/stats/daily?date=2026-02-30", auth), 400, "validation_failed");
    const e = expectError(await call("GET", "/api/v1/stats/weekly?end=20261122", auth), 400, "validation_failed");
    expect(e.details?.[0]?.field).toBe("end");
  });
});
