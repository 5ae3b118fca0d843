/** POST/GET/PATCH/DELETE /meals and GET /meals/daily through the real app (API.md §Meals). */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
const { call, clock } = t;
clock.set("2026-11-22T08:15:00Z");
const ana = await registerUser(call, { timezone: "Europe/Lisbon" });
const bob = await registerUser(call, { timezone: "UTC" });
const BANANA_MEDIUM = 4189; // "medium (7" to 7-7/8" long)", 118 g
const COTTAGE_4OZ = 41; // food 1012, amount 4 oz = 113 g

const post = (body: object, token = ana.access_token) => call("POST", "/api/v1/meals", { token, body });

describe("POST /meals", () => {
  test("by portion: the contract's banana — 201, Location, nutrients stored with the meal", async () => {
    const r = await post({ food_id: 9040, quantity: 1, portion_id: BANANA_MEDIUM, meal_type: "breakfast" });
    expect(r.status).toBe(201);
    expect(r.headers.get("location")).toBe(`/api/v1/meals/${r.json.id}`);
    expect(r.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/), // UUIDv7
      food: { id: 9040, name: "Bananas, raw" },
      description: null,
      meal_type: "breakfast",
      quantity: 1,
      portion: { id: BANANA_MEDIUM, name: 'medium (7" to 7-7/8" long)', grams: 118 },
      measure: null,
      grams: 118,
      date: "2026-11-22",
      eaten_at: "2026-11-22T08:15:00Z",
      note: null,
      nutrients: {
        energy_kcal: 105,
        protein_g: 1.29,
        fat_g: 0.39,
        carbohydrate_g: 26.95,
        fiber_g: 3.07,
        sugars_g: 14.43,
        saturated_fat_g: 0.13,
        sodium_mg: 1.18,
      },
      created_at: "2026-11-22T08:15:00.000Z",
      updated_at: "2026-11-22T08:15:00.000Z",
    });
    const again = await call("GET", r.headers.get("location")!, { token: ana.access_token });
    expect(again.json).toEqual(r.json);
  });

  test("by grams, and portions whose amount is not 1 (4 oz = 113 g)", async () => {
    const g = await post({ food_id: 9003, quantity: 150, meal_type: "snack" });
    expect(g.json.grams).toBe(150);
    expect(g.json.portion).toBeNull();
    expect(g.json.nutrients.energy_kcal).toBe(78); // 52 kcal/100 g
    const p = await post({ food_id: 1012, quantity: 2, portion_id: COTTAGE_4OZ, meal_type: "lunch" });
    expect(p.json.portion).toEqual({ id: COTTAGE_4OZ, name: "oz", grams: 28.25 });
    expect(p.json.grams).toBe(56.5);
  });

  test("the same client id with the same content → 200 and the stored meal, no duplicate", async () => {
    const id = crypto.randomUUID();
    const body = { id, food_id: 9040, quantity: 100, meal_type: "snack", date: "2026-11-10", note: "retry me" };
    const first = await post(body);
    expect(first.status).toBe(201);
    clock.advance(60_000);
    const second = await post(body);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    const day = await call("GET", "/api/v1/meals/daily?date=2026-11-10", { token: ana.access_token });
    expect(day.json.meals.filter((m: { id: string }) => m.id === id)).toHaveLength(1);
  });

  test("the same id with other content → 409 id_conflict; another user's id → 409 too, nothing leaked", async () => {
    const id = crypto.randomUUID();
    expect((await post({ id, food_id: 9040, quantity: 100, meal_type: "snack" })).status).toBe(201);
    const e = expectError(await post({ id, food_id: 9040, quantity: 101, meal_type: "snack" }), 409, "id_conflict");
    expect(e.message).not.toContain("Banana");
    expectError(
      await post({ id, food_id: 9040, quantity: 100, meal_type: "snack" }, bob.access_token),
      409,
      "id_conflict",
    );
    expect((await call("GET", `/api/v1/meals/${id}`, { token: ana.access_token })).json.quantity).toBe(100);
  });

  test("concurrent posts of one client id store one meal", async () => {
    const id = crypto.randomUUID();
    const rs = await Promise.all(
      [1, 2, 3, 4].map(() => post({ id, food_id: 9040, quantity: 50, meal_type: "snack", date: "2026-11-11" })),
    );
    expect(rs.filter((r) => r.status === 201)).toHaveLength(1);
    expect(rs.filter((r) => r.status === 200)).toHaveLength(3);
  });

  test("unknown food → 404 food_not_found; another user's custom food → 404 too", async () => {
    expectError(await post({ food_id: 99999, quantity: 10, meal_type: "snack" }), 404, "food_not_found");
    const food = await call("POST", "/api/v1/foods", {
      token: bob.access_token,
      body: { name: "Bob's bread", nutrients: { energy_kcal: 250 } },
    });
    expectError(await post({ food_id: food.json.id, quantity: 10, meal_type: "snack" }), 404, "food_not_found");
  });

  test("a portion of another food → 400 on portion_id", async () => {
    const e = expectError(
      await post({ food_id: 9003, quantity: 1, portion_id: BANANA_MEDIUM, meal_type: "snack" }),
      400,
      "validation_failed",
    );
    expect(e.details?.[0]?.field).toBe("portion_id");
  });

  test.each([
    [{ meal_type: "brunch" }, "meal_type"],
    [{ quantity: 0 }, "quantity"],
    [{ quantity: -5 }, "quantity"],
    [{ quantity: 5000.5 }, "quantity"],
    [{ quantity: 101, portion_id: BANANA_MEDIUM }, "quantity"],
    [{ quantity: "ten" }, "quantity"],
    [{ date: "2026-02-30" }, "date"],
    [{ date: "22/11/2026" }, "date"],
    [{ note: "n".repeat(501) }, "note"],
    [{ eaten_at: "2026-11-22 08:15" }, "eaten_at"],
    [{ eaten_at: "2026-11-22T08:15:00" }, "eaten_at"],
    [{ eaten_at: "yesterday" }, "eaten_at"],
    [{ id: "not-a-uuid" }, "id"],
    [{ food_id: "apple" }, "food_id"],
    [{ food_id: 0 }, "food_id"],
    [{ photo_id: "a-photo-we-never-saw" }, "photo_id"],
  ])("%p → 400 validation_failed on %s, nothing stored", async (over, field) => {
    const before = (await call("GET", "/api/v1/meals/daily", { token: ana.access_token })).json.meals.length;
    const e = expectError(
      await post({ food_id: 9040, quantity: 100, meal_type: "snack", ...over }),
      400,
      "validation_failed",
    );
    expect(e.details?.map((d) => d.field)).toContain(field);
    expect((await call("GET", "/api/v1/meals/daily", { token: ana.access_token })).json.meals.length).toBe(before);
  });

  test("5000 g, 100 portions and a 500-character note are accepted", async () => {
    expect((await post({ food_id: 9040, quantity: 5000, meal_type: "snack", date: "2026-01-01" })).status).toBe(201);
    expect(
      (await post({ food_id: 9040, quantity: 100, portion_id: BANANA_MEDIUM, meal_type: "snack", date: "2026-01-01" }))
        .status,
    ).toBe(201);
    expect(
      (await post({ food_id: 9040, quantity: 1, meal_type: "snack", date: "2026-01-01", note: "n".repeat(500) }))
        .status,
    ).toBe(201);
  });
});

describe("GET, PATCH, DELETE /meals/:id", () => {
  test("PATCH recomputes grams and nutrients; portion_id null switches to grams", async () => {
    const m = (
      await post({ food_id: 9040, quantity: 1, portion_id: BANANA_MEDIUM, meal_type: "breakfast", date: "2026-11-20" })
    ).json;
    const two = await call("PATCH", `/api/v1/meals/${m.id}`, { token: ana.access_token, body: { quantity: 2 } });
    expect(two.status).toBe(200);
    expect(two.json.grams).toBe(236);
    expect(two.json.nutrients.energy_kcal).toBe(210);
    const grams = await call("PATCH", `/api/v1/meals/${m.id}`, {
      token: ana.access_token,
      body: { portion_id: null, quantity: 50 },
    });
    expect(grams.json.portion).toBeNull();
    expect(grams.json.grams).toBe(50);
    expect(grams.json.nutrients.energy_kcal).toBe(45); // 44.5 rounds half up
    const moved = await call("PATCH", `/api/v1/meals/${m.id}`, {
      token: ana.access_token,
      body: { meal_type: "dinner", note: "late", eaten_at: "2026-11-21T19:30:00Z" },
    });
    expect(moved.json).toMatchObject({
      meal_type: "dinner",
      note: "late",
      eaten_at: "2026-11-21T19:30:00Z",
      date: "2026-11-21",
    });
    expect(moved.json.updated_at).not.toBe(m.updated_at === moved.json.updated_at ? "" : m.updated_at);
  });

  test("PATCH bad input → 400 and the meal is unchanged", async () => {
    const m = (await post({ food_id: 9040, quantity: 100, meal_type: "lunch", date: "2026-11-19" })).json;
    for (const body of [
      { quantity: 0 },
      { quantity: 6000 },
      { meal_type: "elevenses" },
      { date: "2026-13-01" },
      { eaten_at: "noon" },
      { note: 5 },
      { portion_id: 41 },
    ]) {
      expectError(
        await call("PATCH", `/api/v1/meals/${m.id}`, { token: ana.access_token, body }),
        400,
        "validation_failed",
      );
    }
    expect((await call("GET", `/api/v1/meals/${m.id}`, { token: ana.access_token })).json).toEqual(m);
  });

  test("another user's meal is 404 meal_not_found on GET, PATCH and DELETE, and stays intact", async () => {
    const m = (await post({ food_id: 9040, quantity: 100, meal_type: "lunch" })).json;
    const bobs = { token: bob.access_token };
    expectError(await call("GET", `/api/v1/meals/${m.id}`, bobs), 404, "meal_not_found");
    expectError(
      await call("PATCH", `/api/v1/meals/${m.id}`, { ...bobs, body: { quantity: 1 } }),
      404,
      "meal_not_found",
    );
    expectError(await call("DELETE", `/api/v1/meals/${m.id}`, bobs), 404, "meal_not_found");
    expect((await call("GET", `/api/v1/meals/${m.id}`, { token: ana.access_token })).json).toEqual(m);
    const bobDay = await call("GET", "/api/v1/meals/daily", bobs);
    expect(bobDay.json.meals.some((x: { id: string }) => x.id === m.id)).toBe(false);
  });

  test("unknown id → 404; a malformed id → 400", async () => {
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const body = method === "PATCH" ? { quantity: 1 } : undefined;
      expectError(
        await call(method, `/api/v1/meals/${crypto.randomUUID()}`, { token: ana.access_token, body }),
        404,
        "meal_not_found",
      );
      expectError(
        await call(method, "/api/v1/meals/12345", { token: ana.access_token, body }),
        400,
        "validation_failed",
      );
    }
  });

  test("DELETE → 204, then 404", async () => {
    const m = (await post({ food_id: 9040, quantity: 100, meal_type: "lunch" })).json;
    const r = await call("DELETE", `/api/v1/meals/${m.id}`, { token: ana.access_token });
    expect(r.status).toBe(204);
    expectError(await call("GET", `/api/v1/meals/${m.id}`, { token: ana.access_token }), 404, "meal_not_found");
    expectError(await call("DELETE", `/api/v1/meals/${m.id}`, { token: ana.access_token }), 404, "meal_not_found");
  });
});

describe("GET /meals/daily", () => {
  test("meals in eating order with totals; unknown nutrients are summed over the meals that know them", async () => {
    const u = await registerUser(call);
    const noSugar = await call("POST", "/api/v1/foods", {
      token: u.access_token,
      body: { name: "Plain porridge", nutrients: { energy_kcal: 70, protein_g: 2.5 } },
    });
    const mk = (body: object) =>
      call("POST", "/api/v1/meals", { token: u.access_token, body: { date: "2026-11-15", ...body } });
    await mk({ food_id: 9040, quantity: 100, meal_type: "snack", eaten_at: "2026-11-15T16:00:00Z" });
    await mk({ food_id: noSugar.json.id, quantity: 200, meal_type: "breakfast", eaten_at: "2026-11-15T07:00:00Z" });
    const day = (await call("GET", "/api/v1/meals/daily?date=2026-11-15", { token: u.access_token })).json;
    expect(day.meals.map((m: { meal_type: string }) => m.meal_type)).toEqual(["breakfast", "snack"]);
    expect(day.totals.energy_kcal).toBe(89 + 140);
    expect(day.totals.protein_g).toBe(1.09 + 5);
    expect(day.totals.sugars_g).toBe(12.23); // porridge does not know sugars: not a 0
    expect(day.meals[0].nutrients.sugars_g).toBeNull();
    const only = await mk({ food_id: noSugar.json.id, quantity: 100, meal_type: "lunch", date: "2026-11-16" });
    expect(only.status).toBe(201);
    const d2 = (await call("GET", "/api/v1/meals/daily?date=2026-11-16", { token: u.access_token })).json;
    expect(d2.totals.sugars_g).toBeNull();
    const empty = (await call("GET", "/api/v1/meals/daily?date=2026-11-17", { token: u.access_token })).json;
    expect(empty.meals).toEqual([]);
    expect(empty.totals.energy_kcal).toBe(0);
  });

  test("a bad date → 400", async () => {
    expectError(
      await call("GET", "/api/v1/meals/daily?date=2026-02-30", { token: ana.access_token }),
      400,
      "validation_failed",
    );
    expectError(
      await call("GET", "/api/v1/meals/daily?date=today", { token: ana.access_token }),
      400,
      "validation_failed",
    );
  });
});

describe("GET /meals/daily is never stale", () => {
  test("after REST, sync and import writes the day shows them at once", async () => {
    const u = await registerUser(call);
    const auth = { token: u.access_token };
    const day = async () => (await call("GET", "/api/v1/meals/daily?date=2026-10-05", auth)).json;
    const m = (
      await call("POST", "/api/v1/meals", {
        ...auth,
        body: { food_id: 9040, quantity: 100, meal_type: "lunch", date: "2026-10-05" },
      })
    ).json;
    expect((await day()).totals.energy_kcal).toBe(89);
    expect((await day()).totals.energy_kcal).toBe(89); // served again (cached)
    await call("PATCH", `/api/v1/meals/${m.id}`, { ...auth, body: { quantity: 200 } });
    expect((await day()).totals.energy_kcal).toBe(178);
    await call("POST", "/api/v1/sync/push", {
      ...auth,
      body: {
        mutations: [
          {
            mutation_id: crypto.randomUUID(),
            entity: "meal",
            id: crypto.randomUUID(),
            op: "upsert",
            base_version: null,
            data: { food_id: 9040, quantity: 100, meal_type: "snack", date: "2026-10-05" },
          },
        ],
      },
    });
    expect((await day()).meals).toHaveLength(2);
    const exported = (await call("GET", "/api/v1/export", auth)).json;
    exported.meals[0].id = crypto.randomUUID();
    exported.meals[0].date = "2026-10-05";
    const { checksum: _c, ...edited } = exported;
    expect((await call("POST", "/api/v1/import", { ...auth, body: edited })).status).toBe(200);
    expect((await day()).meals).toHaveLength(3);
    await call("DELETE", `/api/v1/meals/${m.id}`, auth);
    expect((await day()).meals).toHaveLength(2);
    // another user's writes never show, and their cache entries are their own
    const other = await registerUser(call);
    expect(
      (await call("GET", "/api/v1/meals/daily?date=2026-10-05", { token: other.access_token })).json.meals,
    ).toEqual([]);
  });
});
