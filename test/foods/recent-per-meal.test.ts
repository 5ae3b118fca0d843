/** GET /foods/recent?meal_type=: what this person logs at this meal, by how often and how lately. */
import { expect, test } from "bun:test";
import { addDays } from "../../src/lib/time";
import { expectError, makeApp, registerUser } from "../helpers";

const TODAY = "2026-11-24";
const { call, clock } = makeApp();
clock.set(`${TODAY}T20:00:00Z`);

async function user() {
  const u = await registerUser(call, { timezone: "UTC" });
  const api = (path: string) => call("GET", `/api/v1${path}`, { token: u.access_token });
  const log = async (food_id: number, daysAgo: number, meal_type: string, quantity = 100) => {
    const body = { food_id, quantity, meal_type, date: addDays(TODAY, -daysAgo) };
    const r = await call("POST", "/api/v1/meals", { token: u.access_token, body });
    expect(r.status).toBe(201);
    return r.json;
  };
  return { ...u, api, log };
}
const ids = (r: { json: { items: { id: number }[] } }) => r.json.items.map((i) => i.id);

test("ranked by Σ meals × 0.5^(days ago / 14) at that meal, with that meal's last serving and kcal", async () => {
  const u = await user();
  for (const d of [10, 11, 12, 13, 14]) await u.log(5064, d, "breakfast"); // five, two weeks back: 2.764
  await u.log(9040, 1, "breakfast", 118);
  await u.log(9040, 0, "breakfast", 118); // two, lately: 1.952
  await u.log(9040, 0, "lunch", 300); // the banana's later lunch serving is not breakfast's
  await u.log(9003, 0, "breakfast"); // one today: 1
  for (let i = 0; i < 6; i++) await u.log(11090, 80, "breakfast"); // six, long ago: 0.115
  for (let i = 0; i < 9; i++) await u.log(1123, 0, "dinner"); // dinner only
  const other = await user();
  for (let i = 0; i < 9; i++) await other.log(1123, 0, "breakfast"); // someone else's

  const breakfast = await u.api("/foods/recent?meal_type=breakfast");
  expect(breakfast.status).toBe(200);
  expect(ids(breakfast)).toEqual([5064, 9040, 9003, 11090]);
  const [chicken, banana] = breakfast.json.items;
  expect(chicken.score).toBeCloseTo(2.764, 2);
  expect(banana).toMatchObject({ log_count: 2, last_quantity: 118, last_portion_id: null });
  expect(banana.score).toBeCloseTo(1 + 0.5 ** (1 / 14), 3);
  expect(banana.last_energy_kcal).toBe(Math.round((89 * 118) / 100));
  // frequent counts meals alone: six meals 80 days ago come first there, last by score
  expect(ids(await u.api("/foods/recent?meal_type=breakfast&sort=frequent"))).toEqual([11090, 5064, 9040, 9003]);
  expect(ids(await u.api("/foods/recent?meal_type=dinner"))).toEqual([1123]);
  expect((await u.api("/foods/recent?meal_type=lunch")).json.items[0]).toMatchObject({ id: 9040, last_quantity: 300 });
  expect(ids(await u.api("/foods/recent?meal_type=breakfast&limit=2"))).toEqual([5064, 9040]);
  // without meal_type, as before: every meal, last logged first; no score
  const all = await u.api("/foods/recent");
  expect(all.json.items.every((i: { score?: number }) => i.score === undefined)).toBe(true);
  expect(all.json.items).toHaveLength(5);
  expect(all.json.items[0]).toHaveProperty("last_energy_kcal");
});

test("at least 20 foods are there to show, 50 at most; bad input → 400 naming the field; no token → 401", async () => {
  const u = await user();
  const foods = (await call("GET", "/api/v1/foods/search?q=cheese&limit=30")).json.items.map(
    (f: { id: number }) => f.id,
  );
  expect(foods.length).toBeGreaterThanOrEqual(25);
  for (const id of foods) await u.log(id, 3, "snack", 30);
  expect((await u.api("/foods/recent?meal_type=snack")).json.items).toHaveLength(20);
  expect((await u.api("/foods/recent?meal_type=snack&limit=50")).json.items).toHaveLength(foods.length);
  const bad = expectError(await u.api("/foods/recent?meal_type=brunch"), 400, "validation_failed");
  expect(bad.details?.[0]?.field).toBe("meal_type");
  expectError(await u.api("/foods/recent?meal_type=snack&limit=51"), 400, "validation_failed");
  expectError(await call("GET", "/api/v1/foods/recent?meal_type=snack"), 401, "missing_token");
});
