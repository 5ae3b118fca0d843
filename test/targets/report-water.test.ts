/**
 * The water target is for total water (the DRI's adequate intake counts food and drinks): GET /report and
 * /report/day add the water drunk (`Add a glass`, the daily value water_ml) to the food's, and say which is which.
 */
import { expect, test } from "bun:test";
import { makeApp, registerUser } from "../helpers";

const TODAY = "2026-11-24";
const DAY = "2026-11-23";
const t = makeApp();
t.clock.set(`${TODAY}T18:00:00Z`);

type Item = { key: string; average?: number | null; total?: number | null; percent_of_minimum: number | null };
const water = (items: Item[]) => items.find((i) => i.key === "water_g")!;

test("water drunk counts toward the water target beside the food's water, each part said", async () => {
  const u = await registerUser(t.call, { timezone: "UTC" });
  const api = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/v1${path}`, { token: u.access_token, body });
  // a banana (75 % water) and 750 ml drunk on a past day
  expect((await api("POST", "/meals", { food_id: 9040, quantity: 200, meal_type: "lunch", date: DAY })).status).toBe(
    201,
  );
  const banana = (await api("GET", "/foods/9040")).json.nutrients.water_g as number;
  const food = Math.round(banana * 2 * 100) / 100;
  expect((await api("PUT", `/daily-values/${DAY}/water_ml`, { value: 750 })).status).toBe(201);

  const r = (await api("GET", `/report?from=${DAY}&to=${DAY}`)).json;
  expect(r.days_counted).toBe(1);
  expect(r.water).toEqual({ food_g: food, drinks_g: 750 });
  const item = water(r.items);
  expect(item.average).toBeCloseTo(food + 750, 2);
  const min = r.items.find((i: { key: string }) => i.key === "water_g").minimum as number;
  expect(item.percent_of_minimum).toBeCloseTo(((food + 750) / min) * 100, 0);

  const d = (await api("GET", `/report/day?date=${DAY}`)).json;
  expect(d.water).toEqual({ food_g: food, drinks_g: 750 });
  expect(water(d.items).total).toBeCloseTo(food + 750, 2);

  // a day of drinks alone: the day view's bar shows them; the report counts only days with meals
  expect((await api("PUT", `/daily-values/${TODAY}/water_ml`, { value: 500 })).status).toBe(201);
  const today = (await api("GET", `/report/day?date=${TODAY}`)).json;
  expect(water(today.items).total).toBe(500);
  expect(today.water).toEqual({ food_g: 0, drinks_g: 500 });
});
