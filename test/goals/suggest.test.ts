/**
 * POST /goals/suggest: the three worked examples of docs/API.md §Goals, each figure computed by hand here, then bad
 * input and no token.
 */
import { expect, test } from "bun:test";
import { expectError, makeApp, signedIn } from "../helpers";

const t = makeApp();
t.clock.set("2026-11-24T18:00:00Z");

test("a woman of 36 losing 0.5 kg a week: 1360 kcal", async () => {
  const { api } = await signedIn(t, { timezone: "UTC" });
  const r = await api("POST", "/goals/suggest", {
    sex: "female",
    birth_year: 1990,
    height_cm: 165,
    weight_kg: 70,
    activity: "light",
    goal: "lose",
    rate_per_week: 0.5,
  });
  expect(r.status).toBe(200);
  // 10 × 70 + 6.25 × 165 − 5 × 36 − 161 = 700 + 1031.25 − 180 − 161 = 1390.25
  // × 1.375 = 1911.25; − 0.5 × 7700 ÷ 7 = − 550 → 1361 → 1360
  // protein 1.6 × 70 = 112 g; fat 1360 × 0.3 ÷ 9 = 45.3 → 44 g, the nearest that leaves whole grams of carbs
  // (fat ≡ 1360 ≡ 0 mod 4); carbs (1360 − 448 − 396) ÷ 4 = 129 g: 448 + 396 + 516 = 1360 kcal exactly
  expect(r.json).toMatchObject({
    age: 36,
    resting_kcal: 1390,
    activity_factor: 1.375,
    maintenance_kcal: 1911,
    rate_kg_per_week: -0.5,
    adjustment_kcal: -550,
    floor_kcal: 1200,
    below_floor: false,
    energy_kcal: 1360,
    protein_g: 112,
    fat_g: 44,
    carbohydrate_g: 129,
    note: null,
  });
  expect(r.json.steps.map((s: { kcal: number }) => s.kcal)).toEqual([1390, 1911, -550, 1360]);
  // the macros add up to the goal exactly, so Settings has no balance warning for the goal the app proposed
  expect(4 * r.json.protein_g + 9 * r.json.fat_g + 4 * r.json.carbohydrate_g).toBe(r.json.energy_kcal);
  expect(r.json.steps[0].formula).toBe("10 × 70 kg + 6.25 × 165 cm − 5 × 36 years − 161");
});

test("a man of 45 keeping his weight: 2800 kcal", async () => {
  const { api } = await signedIn(t, { timezone: "UTC" });
  const r = await api("POST", "/goals/suggest", {
    sex: "male",
    birth_year: 1981,
    height_cm: 180,
    weight_kg: 90,
    activity: "moderate",
    goal: "keep",
  });
  expect(r.status).toBe(200);
  // 900 + 1125 − 225 + 5 = 1805; × 1.55 = 2797.75 → 2798 → 2800
  // protein 1.6 × 90 = 144 g; fat 840 ÷ 9 = 93.3 → 92 g (fat ≡ 2800 ≡ 0 mod 4); carbs (2800 − 576 − 828) ÷ 4 = 349 g:
  // 576 + 828 + 1396 = 2800 kcal exactly
  expect(r.json).toMatchObject({
    age: 45,
    resting_kcal: 1805,
    maintenance_kcal: 2798,
    rate_kg_per_week: 0,
    adjustment_kcal: 0,
    floor_kcal: 1500,
    energy_kcal: 2800,
    protein_g: 144,
    fat_g: 92,
    carbohydrate_g: 349,
  });
  expect(r.json.steps.map((s: { name: string }) => s.name)).toEqual(["Resting energy", "Maintenance", "Energy goal"]);
});

test("a woman of 60 asking to lose 2 lb a week gets the floor, 1200 kcal, and is told why", async () => {
  const { api } = await signedIn(t, { timezone: "UTC" });
  const r = await api("POST", "/goals/suggest", {
    sex: "female",
    birth_year: 1966,
    height_cm: 155,
    weight_kg: 55,
    activity: "sedentary",
    goal: "lose",
    rate_per_week: 2,
    rate_unit: "lb",
  });
  expect(r.status).toBe(200);
  // 550 + 968.75 − 300 − 161 = 1057.75 → 1058; × 1.2 = 1269.6 → 1270
  // 2 lb = 0.90718474 kg; × 7700 ÷ 7 = 997.9 → − 998; 1270 − 998 = 272 → 270 < 1200: the floor
  // protein 1.6 × 55 = 88 g; fat 360 ÷ 9 = 40 g (40 ≡ 1200 ≡ 0 mod 4); carbs (1200 − 352 − 360) ÷ 4 = 122 g
  expect(r.json).toMatchObject({
    age: 60,
    resting_kcal: 1058,
    maintenance_kcal: 1270,
    rate_kg_per_week: -0.907,
    adjustment_kcal: -998,
    below_floor: true,
    energy_kcal: 1200,
    protein_g: 88,
    fat_g: 40,
    carbohydrate_g: 122,
  });
  expect(r.json.note).toContain("below 1200 kcal");
});

test("the year is the caller's: just before midnight of 31 December in UTC it is already the next year in Auckland", async () => {
  t.clock.set("2026-12-31T18:00:00Z");
  try {
    const { api } = await signedIn(t, { timezone: "Pacific/Auckland" });
    const body = { sex: "male", birth_year: 1990, height_cm: 180, weight_kg: 80, activity: "light", goal: "keep" };
    expect((await api("POST", "/goals/suggest", body)).json.age).toBe(37);
  } finally {
    t.clock.set("2026-11-24T18:00:00Z");
  }
});

test("bad input: validation_failed naming each field", async () => {
  const { api } = await signedIn(t, { timezone: "UTC" });
  const good = { sex: "female", birth_year: 1990, height_cm: 165, weight_kg: 70, activity: "light", goal: "keep" };
  const cases: [Record<string, unknown>, string][] = [
    [{ sex: "other" }, "sex"],
    [{ birth_year: 2015 }, "birth_year"],
    [{ birth_year: 1900 }, "birth_year"],
    [{ birth_year: "1990" }, "birth_year"],
    [{ height_cm: 40 }, "height_cm"],
    [{ weight_kg: 900 }, "weight_kg"],
    [{ activity: "athlete" }, "activity"],
    [{ goal: "bulk" }, "goal"],
    [{ goal: "lose" }, "rate_per_week"],
    [{ goal: "lose", rate_per_week: 1.5 }, "rate_per_week"],
    [{ goal: "gain", rate_per_week: 3, rate_unit: "lb" }, "rate_per_week"],
    [{ goal: "keep", rate_per_week: 0.5 }, "rate_per_week"],
    [{ rate_unit: "st" }, "rate_unit"],
  ];
  for (const [change, field] of cases) {
    const e = expectError(await api("POST", "/goals/suggest", { ...good, ...change }), 400, "validation_failed");
    expect(e.details?.[0]?.field ?? e.message).toContain(field);
  }
  const { sex: _s, ...noSex } = good;
  expectError(await api("POST", "/goals/suggest", noSex), 400, "validation_failed");
  const edge = { ...good, goal: "gain", rate_per_week: 2, rate_unit: "lb" };
  expect((await api("POST", "/goals/suggest", edge)).status).toBe(200); // the range's ends are in it
});

test("no token: 401", async () => {
  const r = await t.call("POST", "/api/v1/goals/suggest", { body: { sex: "female" } });
  expectError(r, 401, "missing_token");
});
