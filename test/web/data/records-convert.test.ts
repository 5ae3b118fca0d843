/**
 * The web app's records (web/src/records/): API bodies converted to the store's shapes, what a new meal names, and
 * the ids of foods made offline as the server knows them.
 */
import { browser } from "./browser-env";
import { beforeEach, describe, expect, test } from "bun:test";
import {
  fromDay,
  fromFood,
  fromMeal,
  fromRecipe,
  fromSavedMeal,
  fromWeight,
  mealData,
  mealValues,
  nutrientsOf,
  renamedKey,
  renamedPortion,
  serverIds,
  type Renamed,
} from "../../../web/src/records";
import { writeAll } from "../../../web/src/store";
import { BANANA_BODY, banana, device, medium, signIn } from "./device";

browser();
beforeEach(() => signIn({ access_token: "offline", refresh_token: "offline", user: { timezone: "UTC" } }));

describe("conversions", () => {
  test("a Food keeps the eight meal nutrients per 100 g, every nutrient in `all`, its portions and natural serving", () => {
    expect(banana).toEqual({
      id: 1001,
      name: "Bananas, raw",
      short_name: "Banana",
      brand: null,
      barcode: null,
      per100g: {
        energy_kcal: 89,
        protein_g: 1.09,
        fat_g: 0.33,
        carbohydrate_g: 22.84,
        fiber_g: null,
        sugars_g: null,
        saturated_fat_g: null,
        sodium_mg: null,
      },
      portions: [medium],
      default_portion_id: 7,
      all: BANANA_BODY.nutrients,
      custom: false,
      version: null,
    });
    const custom = fromFood({ ...BANANA_BODY, short_name: "", source: "custom", default_portion: null }, 4);
    expect(custom).not.toHaveProperty("short_name");
    expect([custom.custom, custom.default_portion_id, custom.version]).toEqual([true, null, 4]);
  });

  test("nutrients of an amount are the server's arithmetic: kcal whole, the rest to two decimals", () => {
    expect(nutrientsOf(banana, 118)).toMatchObject({ energy_kcal: 105, protein_g: 1.29, fat_g: 0.39, fiber_g: null });
    expect(mealValues({ energy_kcal: 5, potassium_mg: 3 })).toEqual({
      energy_kcal: 5,
      protein_g: null,
      fat_g: null,
      carbohydrate_g: null,
      fiber_g: null,
      sugars_g: null,
      saturated_fat_g: null,
      sodium_mg: null,
    });
  });

  test("a meal, weigh-in, day mark, recipe and saved meal as the server sends them, under their version", () => {
    const body = {
      id: "m1",
      food: { id: 1001, name: "Bananas, raw" },
      description: null,
      meal_type: "snack",
      quantity: 1,
      portion: { id: 7, name: "medium", grams: 118 },
      grams: 118,
      date: "2026-03-01",
      eaten_at: "2026-03-01T15:00:00Z",
      note: "after the run",
      nutrients: { energy_kcal: 105 },
      created_at: "2026-03-01T15:00:01Z",
    };
    const meal = fromMeal(body, 3);
    expect(meal).toMatchObject({ id: "m1", measure: null, note: "after the run", version: 3 });
    expect(meal).not.toHaveProperty("created_at");
    expect(fromWeight("2026-03-01", { kg: "71.5", note: undefined }, 2)).toEqual({
      date: "2026-03-01",
      kg: 71.5,
      note: null,
      version: 2,
    });
    expect(fromDay("2026-03-01", { complete: true }, 1)).toEqual({ date: "2026-03-01", complete: true, version: 1 });
    expect(fromDay("2026-03-01", {}, 1).complete).toBe(false);
    expect(fromRecipe({ id: 9, name: "Soup", servings: 4 }, 1)).toEqual({
      id: 9,
      name: "Soup",
      servings: 4,
      cooked_grams: null,
      ingredients: [],
      version: 1,
    });
    expect(fromSavedMeal({ id: "s", name: "Usual", entries: undefined }, 2)).toEqual({
      id: "s",
      name: "Usual",
      entries: [],
      energy_kcal: null,
      version: 2,
    });
  });

  test("what a new meal names: its food, quantity, portion and said amount, or a quick add's values", () => {
    const base = fromMeal(
      {
        id: "m",
        food: { id: 1001, name: "Banana" },
        meal_type: "lunch",
        quantity: 2,
        portion: { id: 7, name: "medium", grams: 118 },
        grams: 236,
        date: "2026-03-01",
        eaten_at: "2026-03-01T12:00:00Z",
        note: null,
        nutrients: {},
      },
      null,
    );
    expect(mealData(base)).toEqual({ food_id: 1001, quantity: 2, portion_id: 7 });
    expect(mealData({ ...base, portion: null, quantity: 50, measure: "a handful" })).toEqual({
      food_id: 1001,
      quantity: 50,
      measure: "a handful",
    });
    expect(mealData({ ...base, food: null, description: "Cake", nutrients: { energy_kcal: 300, fat_g: 12 } })).toEqual({
      quick_add: { energy_kcal: 300, protein_g: null, fat_g: 12, carbohydrate_g: null, description: "Cake" },
    });
  });
});

describe("ids of foods made offline", () => {
  const renamed: Renamed = { id: 501, portions: [61, 62] };

  test("a portion made here as temp − n is the server's n-th; any other id stays", () => {
    expect(renamedPortion(-1000, renamed, -1001)).toBe(61);
    expect(renamedPortion(-1000, renamed, -1002)).toBe(62);
    expect(renamedPortion(-1000, renamed, -1003)).toBe(-1003); // the server has no third
    expect(renamedPortion(-1000, renamed, 7)).toBe(7);
    expect(renamedPortion(-1000, renamed, null)).toBeNull();
  });

  test("serverIds reads the rename in the write's own transaction; a food not renamed yet keeps its ids", async () => {
    const { db } = await device(1);
    const tx = writeAll(db);
    expect(await serverIds(tx, 1001, 7)).toEqual({ foodId: 1001, portionId: 7, renamed: false });
    expect(await serverIds(tx, -1000, -1001)).toEqual({ foodId: -1000, portionId: -1001, renamed: false });
    await tx.objectStore("meta").put(renamed, renamedKey(-1000));
    expect(await serverIds(tx, -1000, -1002)).toEqual({ foodId: 501, portionId: 62, renamed: true });
    await tx.done;
  });
});
