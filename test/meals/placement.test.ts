/**
 * A meal sent without eaten_at: on another day than today it sits at the meal's usual time (the person's median,
 * else breakfast 08:00, lunch 12:30, snack 15:30, dinner 19:00), and entries logged one after another, a saved
 * meal's too, keep the order they came in (GET /meals/daily lists them in that order).
 */
import { expect, test } from "bun:test";
import { makeApp, registerUser } from "../helpers";

const TODAY = "2026-11-24";
const PAST = "2026-11-20";
const TZ = "America/New_York"; // UTC−5 in November: a local time is not a UTC one
const t = makeApp();
t.clock.set(`${TODAY}T22:30:00Z`); // 17:30 local

async function user() {
  const u = await registerUser(t.call, { timezone: TZ });
  return (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/v1${path}`, { token: u.access_token, body });
}
type Api = Awaited<ReturnType<typeof user>>;
const local = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: TZ, hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(
    new Date(iso),
  );
async function log(api: Api, food_id: number, meal_type: string, date: string, eaten_at?: string) {
  const r = await api("POST", "/meals", { food_id, quantity: 100, meal_type, date, eaten_at });
  expect(r.status).toBe(201);
  return r.json as { id: string; eaten_at: string };
}

test("another day's entry sits at the meal's usual time, not the clock's", async () => {
  const api = await user();
  const at: Record<string, string> = {};
  for (const type of ["breakfast", "lunch", "snack", "dinner"])
    at[type] = local((await log(api, 9040, type, PAST)).eaten_at);
  expect(at).toEqual({ breakfast: "08:00:00", lunch: "12:30:00", snack: "15:30:00", dinner: "19:00:00" });
});

test("entries logged one after another into a past meal keep that order", async () => {
  const api = await user();
  const foods = [9040, 9003, 1123, 8120];
  const ids = [];
  for (const f of foods) ids.push((await log(api, f, "breakfast", PAST)).id);
  const day = (await api("GET", `/meals/daily?date=${PAST}`)).json;
  expect(day.meals.map((m: { id: string }) => m.id)).toEqual(ids);
  expect(day.meals.map((m: { eaten_at: string }) => local(m.eaten_at))).toEqual([
    "08:00:00",
    "08:00:01",
    "08:00:02",
    "08:00:03",
  ]);
});

test("the person's own usual time: the median of their recent entries of that meal", async () => {
  const api = await user();
  // breakfasts at 07:10, 07:40 and 07:20 local on three days (12:10Z … in UTC−5)
  await log(api, 9040, "breakfast", "2026-11-10", "2026-11-10T12:10:00Z");
  await log(api, 9040, "breakfast", "2026-11-11", "2026-11-11T12:40:00Z");
  await log(api, 9040, "breakfast", "2026-11-12", "2026-11-12T12:20:00Z");
  expect(local((await log(api, 9003, "breakfast", PAST)).eaten_at)).toBe("07:20:00");
  // lunch has no habit yet: the common time
  expect(local((await log(api, 9003, "lunch", PAST)).eaten_at)).toBe("12:30:00");
});

test("a saved meal logs in its entries' order, on a past day and today", async () => {
  const api = await user();
  const foods = [9040, 9003, 1123, 8120, 11090];
  const saved = await api("POST", "/saved-meals", {
    name: "Usual breakfast",
    entries: foods.map((food_id) => ({ food_id, quantity: 100 })),
  });
  expect(saved.status).toBe(201);
  for (const date of [PAST, TODAY]) {
    const r = await api("POST", `/saved-meals/${saved.json.id}/log`, { meal_type: "breakfast", date });
    expect(r.status).toBe(201);
    const day = (await api("GET", `/meals/daily?date=${date}`)).json;
    expect(day.meals.map((m: { food: { id: number } }) => m.food.id)).toEqual(foods);
  }
});
