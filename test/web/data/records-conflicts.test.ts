/**
 * A conflict settled by the person (web/src/records/conflicts.ts), from records shaped as sync keeps them: the
 * server's version kept, or this device's sent again on top of it.
 */
import { browser } from "./browser-env";
import { beforeEach, describe, expect, test } from "bun:test";
import type { Conflict, Meal } from "../../../web/src/store";
import { device, signIn } from "./device";

browser();
beforeEach(() => signIn({ access_token: "offline", refresh_token: "offline", user: { timezone: "UTC" } }));

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
