/**
 * The web app's local writes (web/src/records/): each as it lands in IndexedDB with its queued mutation, on a
 * device that cannot reach the server (nothing is sent, so the queue is what would be). test/web/data/sync.test.ts
 * sends such queues to a real server.
 */
import { browser } from "./browser-env";
import { beforeEach, describe, expect, test } from "bun:test";
import { renamedKey, type Renamed } from "../../../web/src/records";
import type { Goals, Meal } from "../../../web/src/store";
import { banana, device, medium, signIn } from "./device";

browser();
beforeEach(() => signIn({ access_token: "offline", refresh_token: "offline", user: { timezone: "UTC" } }));

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
