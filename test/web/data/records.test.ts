/**
 * The web app's local writes (web/src/records/): API bodies converted to the store's shapes, ids of foods made
 * offline, and each write as it lands in IndexedDB with its queued mutation, on a device that cannot reach the
 * server (nothing is sent, so the queue is what would be). Conflicts are settled from records shaped as sync keeps
 * them. test/web/sync.test.ts sends these queues to a real server.
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
import { writeAll, type Conflict, type Goals, type Meal } from "../../../web/src/store";
import { device, signIn } from "./device";

/** A Food as GET /foods/:id answers (trimmed to what the conversion reads). */
const BANANA_BODY = {
  id: 1001,
  name: "Bananas, raw",
  short_name: "Banana",
  brand: null,
  barcode: null,
  source: "usda",
  nutrients: { energy_kcal: 89, protein_g: 1.09, fat_g: 0.33, carbohydrate_g: 22.84, potassium_mg: 358 },
  portions: [{ id: 7, name: "medium", amount: 1, grams: 118 }],
  default_portion: { id: 7, name: "medium", amount: 1, grams: 118 },
};
const banana = fromFood(BANANA_BODY, null);
const medium = banana.portions[0]!;

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

describe("meal writes", () => {
  test("a logged meal is in the day at once, with its food kept and one upsert queued", async () => {
    const { db, local, sync } = await device(1);
    const meal = await local.logMeal({
      food: banana,
      quantity: 2,
      portion: medium,
      mealType: "breakfast",
      date: "2026-03-01",
      today: true,
      measure: "2 bananas",
      photoId: "p1",
    });
    expect(meal).toMatchObject({
      food: { id: 1001, name: "Bananas, raw", short_name: "Banana" },
      portion: { id: 7, name: "medium", grams: 118 },
      grams: 236,
      measure: "2 bananas",
      version: null,
    });
    expect(meal.nutrients.energy_kcal).toBe(210);
    expect(await db.get("meals", meal.id)).toEqual(meal);
    expect(await db.get("foods", 1001)).toEqual(banana); // the log form works offline next time
    const [q, ...more] = await db.getAll("queue");
    expect(more).toEqual([]);
    expect(q).toMatchObject({ entity: "meal", id: meal.id, op: "upsert", base_version: null });
    expect(q!.mutation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(q!.data).toEqual({
      food_id: 1001,
      quantity: 2,
      meal_type: "breakfast",
      date: "2026-03-01",
      portion_id: 7,
      measure: "2 bananas",
      eaten_at: meal.eaten_at,
      photo_id: "p1",
    });
    await sync.refreshCounts();
    expect(sync.state.pending).toBe(1);
  });

  test("another day's entry goes at the meal's usual time, not the clock's", async () => {
    const { local } = await device(1);
    const meal = await local.logMeal({
      food: banana,
      quantity: 100,
      portion: null,
      mealType: "breakfast",
      date: "2026-01-10",
      today: false,
    });
    expect(meal.eaten_at.startsWith("2026-01-10T")).toBe(true);
    const quick = await local.quickAdd({
      nutrients: { energy_kcal: 250, protein_g: null, fat_g: 10, carbohydrate_g: null },
      description: "  ",
      mealType: "breakfast",
      date: "2026-01-10",
      today: false,
    });
    // a second after the meal's latest entry, so items keep the order they were logged in
    expect(Date.parse(quick.eaten_at) - Date.parse(meal.eaten_at)).toBe(1000);
    expect(quick).toMatchObject({ food: null, description: "Quick add", grams: 0 });
  });

  test("an edit builds on the meal's version; a delete and its undo queue in order", async () => {
    const { db, local } = await device(1);
    const meal = await local.logMeal({
      food: banana,
      quantity: 1,
      portion: medium,
      mealType: "lunch",
      date: "2026-03-01",
      today: true,
    });
    const synced: Meal = { ...meal, version: 4 };
    await db.put("meals", synced);
    await local.editMeal(synced, banana, { quantity: 150, portion: null, mealType: "dinner", note: " ripe " });
    const edited = (await db.get("meals", meal.id))!;
    expect(edited).toMatchObject({ quantity: 150, portion: null, grams: 150, meal_type: "dinner", note: "ripe" });
    expect(edited.nutrients.energy_kcal).toBe(134);
    await local.deleteMeal(edited);
    expect(await db.get("meals", meal.id)).toBeUndefined();
    await local.restoreMeal(edited);
    expect((await db.get("meals", meal.id))?.version).toBeNull();

    const queue = await db.getAll("queue");
    expect(queue.map((q) => [q.op, q.base_version])).toEqual([
      ["upsert", null],
      ["upsert", 4],
      ["delete", 4],
      ["upsert", null],
    ]);
    expect(queue[1]!.data).toEqual({
      quantity: 150,
      portion_id: null,
      meal_type: "dinner",
      date: "2026-03-01",
      eaten_at: meal.eaten_at,
      note: "ripe",
    });
    expect(queue[3]!.data).toMatchObject({ food_id: 1001, quantity: 150, meal_type: "dinner", note: "ripe" });
  });

  test("copies go to the other day at the same time of day, in one transaction; their undo deletes them", async () => {
    const { db, local } = await device(1);
    const a = await local.logMeal({
      food: banana,
      quantity: 1,
      portion: medium,
      mealType: "breakfast",
      date: "2026-03-01",
      today: true,
      eatenAt: "2026-03-01T07:30:00Z",
    });
    const copies = await local.copyMeals([a], "2026-03-03");
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ date: "2026-03-03", eaten_at: "2026-03-03T07:30:00Z", version: null });
    expect(copies[0]!.id).not.toBe(a.id);
    expect((await db.getAll("queue")).at(-1)?.data).toEqual({
      food_id: 1001,
      quantity: 1,
      portion_id: 7,
      meal_type: "breakfast",
      date: "2026-03-03",
      eaten_at: "2026-03-03T07:30:00Z",
      note: null,
    });
    await local.deleteCopies(copies);
    expect(await db.get("meals", copies[0]!.id)).toBeUndefined();
    expect((await db.getAll("queue")).at(-1)).toMatchObject({ op: "delete", id: copies[0]!.id });
  });

  test("a meal of a custom food made offline and since numbered by the server names the server's ids", async () => {
    const { db, local } = await device(1);
    const temp = { ...banana, id: -1000, custom: true, portions: [{ ...medium, id: -1001 }] };
    await db.put("meta", { id: 501, portions: [61] } satisfies Renamed, renamedKey(-1000));
    const meal = await local.logMeal({
      food: temp,
      quantity: 1,
      portion: temp.portions[0]!,
      mealType: "snack",
      date: "2026-03-01",
      today: true,
    });
    expect(meal.food?.id).toBe(501);
    expect(meal.portion?.id).toBe(61);
    expect((await db.getAll("queue"))[0]!.data).toMatchObject({ food_id: 501, portion_id: 61 });
    expect(await db.get("foods", -1000)).toBeUndefined(); // kept under its real id by the rename, not again here
  });
});

describe("goals, weigh-ins and day marks", () => {
  test("a weigh-in per date: a second replaces the first and builds on its version; a delete sends it", async () => {
    const { db, local } = await device(1);
    await local.saveWeight("2026-03-01", 72.4, null);
    await db.put("weights", { date: "2026-03-01", kg: 72.4, note: null, version: 2 });
    await local.saveWeight("2026-03-01", 72.1, "after breakfast");
    expect(await db.getAll("weights")).toEqual([{ date: "2026-03-01", kg: 72.1, note: "after breakfast", version: 2 }]);
    await local.deleteWeight((await db.get("weights", "2026-03-01"))!);
    expect(await db.count("weights")).toBe(0);
    expect((await db.getAll("queue")).map((q) => [q.entity, q.id, q.op, q.base_version, q.data])).toEqual([
      ["weight", "2026-03-01", "upsert", null, { kg: 72.4, note: null }],
      ["weight", "2026-03-01", "upsert", 2, { kg: 72.1, note: "after breakfast" }],
      ["weight", "2026-03-01", "delete", 2, null],
    ]);
  });

  test("Day complete on and off, one mark per date", async () => {
    const { db, local } = await device(1);
    await local.markDay("2026-03-01", true);
    await local.markDay("2026-03-01", false);
    expect(await db.getAll("days")).toEqual([{ date: "2026-03-01", complete: false, version: null }]);
    expect((await db.getAll("queue")).map((q) => q.data)).toEqual([{ complete: true }, { complete: false }]);
  });

  test("a goals plan gets the schedule the server will make: a later plan applies from its date", async () => {
    const { db, local } = await device(1);
    const goals: Goals = { energy_kcal: 2000, protein_g: 100, fat_g: null, carbohydrate_g: null };
    await local.saveGoals({ goals, weekdays: {}, today: "2026-03-01" });
    const first = (await db.get("meta", "goals")) as { goals: { from: null; schedule: unknown[] } };
    expect(first.goals.from).toBeNull(); // a first plan holds since always
    expect(first.goals.schedule).toHaveLength(1);
    const later: Goals = { energy_kcal: 1800, protein_g: 100, fat_g: null, carbohydrate_g: null };
    await local.saveGoals({ goals: later, weekdays: {}, today: "2026-03-05" });
    const second = (await db.get("meta", "goals")) as {
      goals: { energy_kcal: number; from: string; schedule: { from: string | null; energy_kcal: number }[] };
    };
    expect(second.goals).toMatchObject({ energy_kcal: 1800, from: "2026-03-05" });
    expect(second.goals.schedule.map((p) => [p.from, p.energy_kcal])).toEqual([
      [null, 2000],
      ["2026-03-05", 1800],
    ]);
    const queue = await db.getAll("queue");
    expect(queue.map((q) => [q.entity, q.id, q.data?.energy_kcal, q.data?.from])).toEqual([
      ["goals", "goals", 2000, undefined],
      ["goals", "goals", 1800, undefined], // the server's default date (today) is not sent
    ]);
  });
});

describe("conflicts", () => {
  const mine: Meal = {
    id: "m1",
    food: { id: 1001, name: "Banana" },
    meal_type: "lunch",
    quantity: 2,
    portion: { id: 7, name: "medium", grams: 118 },
    grams: 236,
    date: "2026-03-01",
    eaten_at: "2026-03-01T12:00:00Z",
    note: "mine",
    nutrients: { energy_kcal: 210 },
    version: 3,
  };
  const theirs = { ...mine, quantity: 1, grams: 118, note: "theirs", nutrients: { energy_kcal: 105 } };
  const conflict = (over: Partial<Conflict> = {}): Conflict => ({
    key: "meal:m1",
    entity: "meal",
    id: "m1",
    label: "Banana",
    mine: mine as unknown as Record<string, unknown>,
    theirs: theirs as unknown as Record<string, unknown>,
    version: 5,
    ...over,
  });

  test("keeping theirs puts the server's record back and sends nothing", async () => {
    const { db, local } = await device(1);
    await db.put("meals", mine);
    await db.put("conflicts", conflict());
    await local.resolve(conflict(), "theirs");
    expect(await db.count("conflicts")).toBe(0);
    expect(await db.get("meals", "m1")).toMatchObject({ quantity: 1, note: "theirs", version: 5 });
    expect(await db.count("queue")).toBe(0);
  });

  test("keeping theirs when it was deleted there removes it here; a weigh-in likewise", async () => {
    const { db, local } = await device(1);
    await db.put("meals", mine);
    await local.resolve(conflict({ theirs: null, version: null }), "theirs");
    expect(await db.get("meals", "m1")).toBeUndefined();
    await db.put("weights", { date: "2026-03-01", kg: 70, note: null, version: 1 });
    const weight = { key: "weight:2026-03-01", entity: "weight", id: "2026-03-01", label: "a weigh-in" } as const;
    await local.resolve({ ...weight, mine: { kg: 70 }, theirs: { kg: 69.5, note: "scale" }, version: 2 }, "theirs");
    expect(await db.get("weights", "2026-03-01")).toEqual({ date: "2026-03-01", kg: 69.5, note: "scale", version: 2 });
  });

  test("keeping mine sends this device's meal again on top of the server's version", async () => {
    const { db, local } = await device(1);
    await local.resolve(conflict(), "mine");
    expect(await db.get("meals", "m1")).toMatchObject({ quantity: 2, note: "mine", version: 5 });
    const [q] = await db.getAll("queue");
    expect(q).toMatchObject({ entity: "meal", id: "m1", op: "upsert", base_version: 5 });
    expect(q!.data).toEqual({
      quantity: 2,
      portion_id: 7,
      meal_type: "lunch",
      date: "2026-03-01",
      eaten_at: "2026-03-01T12:00:00Z",
      note: "mine",
    });
  });

  test("keeping mine of a meal deleted there logs it again, food and all; a delete of mine is sent as a delete", async () => {
    const { db, local } = await device(1);
    await local.resolve(conflict({ theirs: null, version: 6 }), "mine");
    expect((await db.getAll("queue"))[0]!.data).toMatchObject({ food_id: 1001, quantity: 2, portion_id: 7 });
    await local.resolve(conflict({ mine: null }), "mine");
    expect((await db.getAll("queue"))[1]).toMatchObject({ op: "delete", base_version: 5, data: null });
  });
});
