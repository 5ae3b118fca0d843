/** POST/PATCH/DELETE /foods — a user's own foods, invisible to everyone else (API.md §Foods). */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";
import { NUTRIENT_KEYS } from "../../src/db/nutrients";

const { call } = makeApp();
const ana = await registerUser(call);
const bob = await registerUser(call);
const granola = {
  name: "  Grandma's granola ",
  brand: "Home",
  barcode: "5449-0000-0099-6",
  nutrients: {
    energy_kcal: 450,
    protein_g: 10,
    fat_g: 18,
    carbohydrate_g: 60,
    fiber_g: 7,
    sugars_g: null,
    made_up_key: 5,
  },
  portions: [
    { name: "bowl", grams: 60 },
    { name: "handful", grams: 25 },
  ],
};

describe("POST /foods", () => {
  test("201 Food with source custom, an id above every NDB number, a GTIN-14 barcode", async () => {
    const r = await call("POST", "/api/v1/foods", { token: ana.access_token, body: granola });
    expect(r.status).toBe(201);
    expect(r.headers.get("location")).toBe(`/api/v1/foods/${r.json.id}`);
    expect(r.json.id).toBeGreaterThanOrEqual(1_000_000);
    expect(r.json).toMatchObject({
      name: "Grandma's granola",
      source: "custom",
      brand: "Home",
      barcode: "05449000000996",
      group: null,
      energy_kcal: 450,
    });
    expect(Object.keys(r.json.nutrients).sort()).toEqual([...NUTRIENT_KEYS].sort());
    expect(r.json.nutrients.sugars_g).toBeNull();
    expect(r.json.nutrients.energy_kj).toBeCloseTo(450 * 4.184, 3);
    expect(r.json.portions).toEqual([
      { id: expect.any(Number), name: "bowl", amount: 1, grams: 60 },
      { id: expect.any(Number), name: "handful", amount: 1, grams: 25 },
    ]);
    expect(r.json.portions[0].id).toBeGreaterThanOrEqual(1_000_000);
    expect(r.json.default_portion).toEqual({ ...r.json.portions[0] });
    // the owner can read it and log it by portion
    expect((await call("GET", `/api/v1/foods/${r.json.id}`, { token: ana.access_token })).json).toEqual(r.json);
    const meal = await call("POST", "/api/v1/meals", {
      token: ana.access_token,
      body: { food_id: r.json.id, quantity: 1, portion_id: r.json.portions[0].id, meal_type: "breakfast" },
    });
    expect(meal.json.nutrients.energy_kcal).toBe(270);
  });

  test.each([
    [{ name: "" }, "name"],
    [{ name: "x".repeat(201) }, "name"],
    [{ nutrients: {} }, "nutrients.energy_kcal"],
    [{ nutrients: { energy_kcal: null } }, "nutrients.energy_kcal"],
    [{ nutrients: { energy_kcal: -1 } }, "nutrients.energy_kcal"],
    [{ nutrients: { energy_kcal: 100, protein_g: 101 } }, "nutrients.protein_g"],
    [{ nutrients: { energy_kcal: 100, sodium_mg: "lots" } }, "nutrients.sodium_mg"],
    [{ barcode: "5449000000997" }, "barcode"],
    [{ barcode: "12AB" }, "barcode"],
    [{ portions: [{ name: "cup", grams: 0 }] }, "portions.0.grams"],
    [{ portions: [{ name: "", grams: 10 }] }, "portions.0.name"],
    [{ brand: "b".repeat(101) }, "brand"],
  ])("%p → 400 validation_failed on %s", async (over, field) => {
    const body = { name: "Thing", nutrients: { energy_kcal: 100 }, ...over };
    const e = expectError(
      await call("POST", "/api/v1/foods", { token: ana.access_token, body }),
      400,
      "validation_failed",
    );
    expect(e.details?.map((d) => d.field)).toContain(field);
  });

  test("a bad barcode says why", async () => {
    const e = expectError(
      await call("POST", "/api/v1/foods", {
        token: ana.access_token,
        body: { name: "X", nutrients: { energy_kcal: 1 }, barcode: "5449000000997" },
      }),
      400,
      "validation_failed",
    );
    expect(e.details?.[0]).toMatchObject({ field: "barcode", reason: "bad_check_digit" });
  });
});

describe("ownership", () => {
  test("another user cannot read, change, delete, log or find it", async () => {
    const f = (
      await call("POST", "/api/v1/foods", { token: ana.access_token, body: { ...granola, name: "Secret stew zqx" } })
    ).json;
    const bobs = { token: bob.access_token };
    expectError(await call("GET", `/api/v1/foods/${f.id}`, bobs), 404, "food_not_found");
    expectError(await call("GET", `/api/v1/foods/${f.id}`), 404, "food_not_found");
    expectError(
      await call("PATCH", `/api/v1/foods/${f.id}`, { ...bobs, body: { name: "Mine now" } }),
      404,
      "food_not_found",
    );
    expectError(await call("DELETE", `/api/v1/foods/${f.id}`, bobs), 404, "food_not_found");
    expectError(
      await call("POST", "/api/v1/meals", { ...bobs, body: { food_id: f.id, quantity: 10, meal_type: "lunch" } }),
      404,
      "food_not_found",
    );
    const ids = (r: { json: { items: { id: number }[] } }) => r.json.items.map((i) => i.id);
    expect(ids(await call("GET", "/api/v1/foods/search?q=secret%20stew%20zqx&limit=50", bobs))).not.toContain(f.id);
    expect(ids(await call("GET", "/api/v1/foods/search?q=secret%20stew&limit=50", bobs))).not.toContain(f.id);
    expect(ids(await call("GET", "/api/v1/foods/search?q=secret%20stew&limit=50"))).not.toContain(f.id);
    const mine = (await call("GET", "/api/v1/foods/search?q=secret%20stew", { token: ana.access_token })).json;
    expect(mine.items[0].id).toBe(f.id);
    expect((await call("GET", `/api/v1/foods/${f.id}`, { token: ana.access_token })).json.name).toBe("Secret stew zqx");
  });

  test("catalogue foods cannot be changed or deleted", async () => {
    expectError(
      await call("PATCH", "/api/v1/foods/9040", { token: ana.access_token, body: { name: "Mine" } }),
      404,
      "food_not_found",
    );
    expectError(await call("DELETE", "/api/v1/foods/9040", { token: ana.access_token }), 404, "food_not_found");
    expect((await call("GET", "/api/v1/foods/9040")).json.name).toBe("Bananas, raw");
  });

  test("bad ids → 400", async () => {
    expectError(
      await call("PATCH", "/api/v1/foods/abc", { token: ana.access_token, body: { name: "x" } }),
      400,
      "validation_failed",
    );
    expectError(await call("DELETE", "/api/v1/foods/-3", { token: ana.access_token }), 400, "validation_failed");
  });
});

describe("PATCH and DELETE /foods/:id", () => {
  test("PATCH merges nutrients, replaces portions, and never rewrites logged meals", async () => {
    const f = (await call("POST", "/api/v1/foods", { token: ana.access_token, body: granola })).json;
    const meal = (
      await call("POST", "/api/v1/meals", {
        token: ana.access_token,
        body: { food_id: f.id, quantity: 100, meal_type: "snack", date: "2026-11-01" },
      })
    ).json;
    const r = await call("PATCH", `/api/v1/foods/${f.id}`, {
      token: ana.access_token,
      body: { nutrients: { energy_kcal: 500, sugars_g: 20 }, portions: [{ name: "jar", grams: 400 }], barcode: null },
    });
    expect(r.status).toBe(200);
    expect(r.json.nutrients).toMatchObject({ energy_kcal: 500, protein_g: 10, sugars_g: 20 });
    expect(r.json.nutrients.energy_kj).toBeCloseTo(500 * 4.184, 3);
    expect(r.json.portions.map((p: { name: string }) => p.name)).toEqual(["jar"]);
    expect(r.json.barcode).toBeNull();
    const after = (await call("GET", `/api/v1/meals/${meal.id}`, { token: ana.access_token })).json;
    expect(after.nutrients.energy_kcal).toBe(450);
    // a PATCH of the meal recomputes from the values stored with it, not the edited food
    const m2 = (await call("PATCH", `/api/v1/meals/${meal.id}`, { token: ana.access_token, body: { quantity: 200 } }))
      .json;
    expect(m2.nutrients.energy_kcal).toBe(900);
    expectError(
      await call("PATCH", `/api/v1/foods/${f.id}`, {
        token: ana.access_token,
        body: { nutrients: { energy_kcal: null } },
      }),
      400,
      "validation_failed",
    );
  });

  test("DELETE → 204; meals that used it keep their snapshot", async () => {
    const f = (
      await call("POST", "/api/v1/foods", { token: ana.access_token, body: { ...granola, name: "Short-lived" } })
    ).json;
    const meal = (
      await call("POST", "/api/v1/meals", {
        token: ana.access_token,
        body: { food_id: f.id, quantity: 100, meal_type: "snack", date: "2026-11-02" },
      })
    ).json;
    expect((await call("DELETE", `/api/v1/foods/${f.id}`, { token: ana.access_token })).status).toBe(204);
    expectError(await call("GET", `/api/v1/foods/${f.id}`, { token: ana.access_token }), 404, "food_not_found");
    const kept = (await call("GET", `/api/v1/meals/${meal.id}`, { token: ana.access_token })).json;
    expect(kept).toEqual(meal);
    expect(
      (await call("PATCH", `/api/v1/meals/${meal.id}`, { token: ana.access_token, body: { quantity: 50 } })).json
        .nutrients.energy_kcal,
    ).toBe(225);
    expectError(
      await call("PATCH", `/api/v1/meals/${meal.id}`, { token: ana.access_token, body: { portion_id: 1_000_000 } }),
      400,
      "validation_failed",
    );
  });
});
