/**
 * Quick add: a meal without a food (kcal, optional macros, a description), on every path that
 * writes meals (REST, sync push, import) and every one that reads them (day, stats, copy, export).
 */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
const { call, clock } = t;
clock.set("2026-11-22T12:15:00Z");
const ana = await registerUser(call, { timezone: "UTC" });
const bob = await registerUser(call, { timezone: "UTC" });
const post = (body: object, token = ana.access_token) => call("POST", "/api/v1/meals", { token, body });

describe("POST /meals with quick_add", () => {
  test("201: no food, the description, the kcal and macros as given, and the day's totals count it", async () => {
    const r = await post({
      meal_type: "lunch",
      quick_add: { energy_kcal: 450, protein_g: 20, carbohydrate_g: 50, description: "Office cake" },
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      food: null,
      description: "Office cake",
      meal_type: "lunch",
      quantity: 1,
      portion: null,
      grams: 0,
      date: "2026-11-22",
      nutrients: {
        energy_kcal: 450,
        protein_g: 20,
        fat_g: null,
        carbohydrate_g: 50,
        fiber_g: null,
        sugars_g: null,
        saturated_fat_g: null,
        sodium_mg: null,
      },
    });
    await post({ food_id: 9040, quantity: 118, meal_type: "lunch" });
    const day = await call("GET", "/api/v1/meals/daily?date=2026-11-22", { token: ana.access_token });
    expect(day.json.totals.energy_kcal).toBe(450 + 105);
    const stats = await call("GET", "/api/v1/stats/daily?date=2026-11-22", { token: ana.access_token });
    expect(stats.json.by_meal_type.lunch.energy_kcal).toBe(555);
    // it is no food: recent foods leave it out
    const recent = await call("GET", "/api/v1/foods/recent", { token: ana.access_token });
    expect(recent.json.items.map((f: { id: number }) => f.id)).toEqual([9040]);
  });

  test('a blank or missing description is "Quick add"', async () => {
    expect((await post({ meal_type: "snack", quick_add: { energy_kcal: 100 } })).json.description).toBe("Quick add");
    expect(
      (await post({ meal_type: "snack", quick_add: { energy_kcal: 0, description: "   " } })).json.description,
    ).toBe("Quick add");
  });

  test("bad input is 400 naming the field, and nothing is stored", async () => {
    const before = (await call("GET", "/api/v1/meals/daily?date=2026-11-22", { token: ana.access_token })).json.meals
      .length;
    const cases: [object, string][] = [
      [{ meal_type: "lunch" }, "food_id"],
      [{ meal_type: "lunch", food_id: 9040 }, "quantity"],
      [{ meal_type: "lunch", quick_add: {} }, "quick_add.energy_kcal"],
      [{ meal_type: "lunch", quick_add: { energy_kcal: -1 } }, "quick_add.energy_kcal"],
      [{ meal_type: "lunch", quick_add: { energy_kcal: 10_001 } }, "quick_add.energy_kcal"],
      [{ meal_type: "lunch", quick_add: { energy_kcal: "abc" } }, "quick_add.energy_kcal"],
      [{ meal_type: "lunch", quick_add: { energy_kcal: 100, fat_g: 1001 } }, "quick_add.fat_g"],
      [{ meal_type: "lunch", quick_add: { energy_kcal: 100, description: "x".repeat(201) } }, "quick_add.description"],
      [{ meal_type: "lunch", quick_add: { energy_kcal: 100 }, food_id: 9040 }, "food_id"],
      [{ meal_type: "lunch", quick_add: { energy_kcal: 100 }, quantity: 2 }, "quantity"],
      [{ quick_add: { energy_kcal: 100 } }, "meal_type"],
    ];
    for (const [body, field] of cases) {
      const e = expectError(await post(body), 400, "validation_failed");
      expect(e.details?.map((d) => d.field)).toContain(field);
    }
    expect(
      (await call("GET", "/api/v1/meals/daily?date=2026-11-22", { token: ana.access_token })).json.meals.length,
    ).toBe(before);
  });
});

describe("PATCH a quick add", () => {
  test("its kcal, macros and description change; quantity and portion are refused; another user's is 404", async () => {
    const { json: m } = await post({
      meal_type: "dinner",
      quick_add: { energy_kcal: 600, fat_g: 30, description: "Pizza" },
    });
    const patch = (body: object, token = ana.access_token) => call("PATCH", `/api/v1/meals/${m.id}`, { token, body });
    const r = await patch({ quick_add: { energy_kcal: 700 }, note: "two slices" });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      description: "Pizza",
      note: "two slices",
      nutrients: { energy_kcal: 700, fat_g: 30 },
    });
    expect((await patch({ quick_add: { description: "Pizza margherita", fat_g: null } })).json).toMatchObject({
      description: "Pizza margherita",
      nutrients: { energy_kcal: 700, fat_g: null },
    });
    expect(expectError(await patch({ quantity: 2 }), 400, "validation_failed").details?.[0]?.field).toBe("quantity");
    expect(expectError(await patch({ portion_id: 4189 }), 400, "validation_failed").details?.[0]?.field).toBe(
      "portion_id",
    );
    expect(
      expectError(await patch({ quick_add: { energy_kcal: -5 } }), 400, "validation_failed").details?.[0]?.field,
    ).toBe("quick_add.energy_kcal");
    expectError(await patch({ quick_add: { energy_kcal: 1 } }, bob.access_token), 404, "meal_not_found");
    expect((await call("GET", `/api/v1/meals/${m.id}`, { token: ana.access_token })).json.nutrients.energy_kcal).toBe(
      700,
    );
  });

  test("quick_add on a meal of a food is refused", async () => {
    const { json: m } = await post({ food_id: 9040, quantity: 100, meal_type: "snack" });
    const e = expectError(
      await call("PATCH", `/api/v1/meals/${m.id}`, {
        token: ana.access_token,
        body: { quick_add: { energy_kcal: 1 } },
      }),
      400,
      "validation_failed",
    );
    expect(e.details?.[0]?.field).toBe("quick_add");
  });
});

describe("sync, copy, export and import", () => {
  test("a sync push creates and updates a quick add with the same rules", async () => {
    const id = crypto.randomUUID();
    const push = (mutations: object[]) =>
      call("POST", "/api/v1/sync/push", { token: bob.access_token, body: { mutations } });
    const one = (data: object, base: number | null) => ({
      mutation_id: crypto.randomUUID(),
      entity: "meal",
      id,
      op: "upsert",
      base_version: base,
      data,
    });
    const a = await push([
      one(
        { meal_type: "breakfast", date: "2026-11-21", quick_add: { energy_kcal: 300, description: "Hotel breakfast" } },
        null,
      ),
    ]);
    expect(a.json.results[0]).toMatchObject({
      status: "applied",
      current: { food: null, description: "Hotel breakfast", nutrients: { energy_kcal: 300 } },
    });
    const b = await push([one({ quick_add: { energy_kcal: 350 } }, a.json.results[0].version)]);
    expect(b.json.results[0]).toMatchObject({ status: "applied", current: { nutrients: { energy_kcal: 350 } } });
    const bad = await push([one({ quick_add: { energy_kcal: -1 } }, b.json.results[0].version)]);
    expect(bad.json.results[0]).toMatchObject({ status: "rejected", error: { code: "validation_failed" } });
    const c = await push([
      { ...one({ meal_type: "snack", quick_add: { energy_kcal: 1 }, food_id: 9040 }, null), id: crypto.randomUUID() },
    ]);
    expect(c.json.results[0]).toMatchObject({ status: "rejected", error: { code: "validation_failed" } });
  });

  test("copy keeps it a quick add; export and import round-trip it", async () => {
    const u = await registerUser(call, { timezone: "UTC" });
    await post(
      {
        meal_type: "breakfast",
        date: "2026-11-20",
        quick_add: { energy_kcal: 222, protein_g: 11, description: "Café latte" },
      },
      u.access_token,
    );
    const copy = await call("POST", "/api/v1/meals/copy", {
      token: u.access_token,
      body: { from_date: "2026-11-20", to_date: "2026-11-21" },
    });
    expect(copy.json.meals[0]).toMatchObject({
      food: null,
      description: "Café latte",
      date: "2026-11-21",
      nutrients: { energy_kcal: 222, protein_g: 11 },
    });

    const exported = (await call("GET", "/api/v1/export", { token: u.access_token })).json;
    expect(exported.meals[0]).toMatchObject({
      food_id: null,
      food_name: "Café latte",
      description: "Café latte",
      grams: 0,
    });
    const csv = (await call("GET", "/api/v1/export?format=csv", { token: u.access_token })).text;
    expect(csv).toContain("breakfast,Café latte,,1,,0,222,11,");

    // into another server (meal ids stay their owner's on this one)
    const other = makeApp();
    const v = await registerUser(other.call, { timezone: "UTC" });
    const imp = await other.call("POST", "/api/v1/import", { token: v.access_token, body: exported });
    expect(imp.status).toBe(200);
    expect(imp.json.meals.added).toBe(2);
    const day = (await other.call("GET", "/api/v1/meals/daily?date=2026-11-20", { token: v.access_token })).json;
    expect(day.meals[0]).toMatchObject({ food: null, description: "Café latte", nutrients: { energy_kcal: 222 } });

    // a tampered quick add (grams, or no kcal) is refused like any bad meal
    const third = makeApp();
    const w = await registerUser(third.call, { timezone: "UTC" });
    for (const [patch, field] of [
      [{ grams: 5 }, "meals.0.grams"],
      [{ nutrients: { ...exported.meals[0].nutrients, energy_kcal: null } }, "meals.0.nutrients.energy_kcal"],
    ] as const) {
      const body = { ...exported, meals: [{ ...exported.meals[0], ...patch }], checksum: undefined };
      delete body.checksum;
      const e = expectError(
        await third.call("POST", "/api/v1/import", { token: w.access_token, body }),
        400,
        "validation_failed",
      );
      expect(e.details?.map((d) => d.field)).toContain(field);
    }
  });
});
