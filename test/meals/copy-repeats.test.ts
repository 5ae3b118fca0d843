/** Repeats in fewer taps (API.md §Meals, "Copy and move"): a day, a meal or one entry, onto a day and meal the person picks. */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const TODAY = "2026-11-24";
const t = makeApp();
t.clock.set(`${TODAY}T20:00:00Z`);

async function user() {
  const u = await registerUser(t.call, { timezone: "UTC" });
  const api = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/v1${path}`, { token: u.access_token, body });
  const log = async (date: string, meal_type: string, food_id = 9040, quantity = 100) =>
    (await api("POST", "/meals", { food_id, quantity, meal_type, date })).json;
  const day = async (date: string) =>
    (await api("GET", `/meals/daily?date=${date}`)).json.meals.map((m: { food: { id: number }; meal_type: string }) => [
      m.food.id,
      m.meal_type,
    ]);
  return { api, log, day };
}

describe("copy and move", () => {
  test("a whole day onto a picked date; a meal onto another day and meal type", async () => {
    const u = await user();
    await u.log("2026-11-20", "breakfast", 9040);
    await u.log("2026-11-20", "breakfast", 9003);
    await u.log("2026-11-20", "dinner", 5064);
    const whole = await u.api("POST", "/meals/copy", { from_date: "2026-11-20", to_date: "2026-11-26" });
    expect(whole.status).toBe(201);
    expect(await u.day("2026-11-26")).toEqual(await u.day("2026-11-20"));
    const meal = await u.api("POST", "/meals/copy", {
      from_date: "2026-11-20",
      meal_type: "breakfast",
      to_date: TODAY,
      to_meal_type: "lunch",
    });
    expect(meal.json.created).toBe(2);
    expect(await u.day(TODAY)).toEqual([
      [9040, "lunch"],
      [9003, "lunch"],
    ]);
  });

  test("one entry copied to another meal of the same day, and moved to another day and meal", async () => {
    const u = await user();
    const banana = await u.log(TODAY, "breakfast", 9040, 118);
    const copy = await u.api("POST", "/meals/copy", { meal_ids: [banana.id], to_date: TODAY, to_meal_type: "snack" });
    expect(copy.json.meals[0]).toMatchObject({ meal_type: "snack", date: TODAY, grams: 118 });
    expect(copy.json.meals[0].id).not.toBe(banana.id);
    const moved = await u.api("PATCH", `/meals/${banana.id}`, { date: "2026-11-23", meal_type: "dinner" });
    expect(moved.json).toMatchObject({ id: banana.id, date: "2026-11-23", meal_type: "dinner", grams: 118 });
    // the same local time of day, on the new date (eaten_at used to stay on the old day)
    expect(moved.json.eaten_at).toBe(`2026-11-23T${banana.eaten_at.slice(11)}`);
    expect(await u.day(TODAY)).toEqual([[9040, "snack"]]);
    expect(await u.day("2026-11-23")).toEqual([[9040, "dinner"]]);
    // another account's entry can be neither copied nor moved
    const other = await user();
    expectError(
      await other.api("POST", "/meals/copy", { meal_ids: [banana.id], to_date: TODAY }),
      404,
      "meal_not_found",
    );
    expectError(await other.api("PATCH", `/meals/${banana.id}`, { meal_type: "lunch" }), 404, "meal_not_found");
    const bad = expectError(
      await u.api("POST", "/meals/copy", { meal_ids: [banana.id], to_date: TODAY, to_meal_type: "brunch" }),
      400,
      "validation_failed",
    );
    expect(bad.details?.[0]?.field).toBe("to_meal_type");
  });
});
