/** GET /export and POST /import (API.md §Data portability). */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

async function seeded() {
  const t = makeApp();
  t.clock.set("2026-11-22T20:00:00Z");
  const u = await registerUser(t.call, { timezone: "Europe/Lisbon" });
  const auth = { token: u.access_token };
  const api = (method: string, path: string, body?: unknown) => t.call(method, `/api/v1${path}`, { ...auth, body });
  const granola = (
    await api("POST", "/foods", {
      name: "Granola, homemade",
      barcode: "5901234123457",
      nutrients: { energy_kcal: 450, protein_g: 10 },
      portions: [{ name: "bowl", grams: 60 }],
    })
  ).json;
  await api("POST", "/meals", {
    food_id: 9040,
    quantity: 1,
    portion_id: 4189,
    meal_type: "breakfast",
    date: "2026-11-20",
    eaten_at: "2026-11-20T08:00:00Z",
    note: 'with "quotes", and a comma',
  });
  await api("POST", "/meals", {
    food_id: granola.id,
    quantity: 1,
    portion_id: granola.portions[0].id,
    meal_type: "breakfast",
    date: "2026-11-21",
  });
  await api("POST", "/meals", { food_id: 5064, quantity: 150, meal_type: "dinner", date: "2026-11-22" });
  await api("PUT", "/goals", { energy_kcal: 1900, protein_g: 100 });
  return { t, u, api, granola };
}

describe("export", () => {
  test("JSON: everything the user owns, versioned, with a checksum", async () => {
    const { api, u, granola } = await seeded();
    const r = await api("GET", "/export?format=json");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-disposition")).toMatch(
      /attachment; filename="morsel-export-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const e = r.json;
    expect(e).toMatchObject({
      format: "morsel-export",
      version: 1,
      profile: { email: u.email, timezone: "Europe/Lisbon" },
      goals: { energy_kcal: 1900, protein_g: 100, fat_g: null, carbohydrate_g: null },
    });
    expect(e.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(e.custom_foods).toEqual([
      {
        id: granola.id,
        name: "Granola, homemade",
        brand: null,
        barcode: "05901234123457",
        nutrients: expect.objectContaining({ energy_kcal: 450 }),
        portions: [{ name: "bowl", grams: 60 }],
      },
    ]);
    expect(e.meals).toHaveLength(3);
    expect(e.meals[0]).toMatchObject({
      food_id: 9040,
      food_name: "Bananas, raw",
      grams: 118,
      per_100g: expect.objectContaining({ energy_kcal: 89 }),
    });
    expect((await api("GET", "/export")).json.format).toBe("morsel-export"); // json is the default
  });

  test("CSV: one row per meal with local time and nutrients, quoted where needed", async () => {
    const { api } = await seeded();
    const r = await api("GET", "/export?format=csv");
    expect(r.headers.get("content-type")).toContain("text/csv");
    const lines = r.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "date,time,meal_type,food,food_id,quantity,portion,grams,energy_kcal,protein_g,fat_g,carbohydrate_g,fiber_g,sugars_g,saturated_fat_g,sodium_mg,note",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      '2026-11-20,08:00,breakfast,"Bananas, raw",9040,1,"medium (7"" to 7-7/8"" long)",118,105,1.29,0.39,26.95,3.07,14.43,0.13,1.18,"with ""quotes"", and a comma"',
    );
  });

  test("CSV of weights: one row per weigh-in with its trend, in pounds too for a user who weighs in pounds; formulas neutralised", async () => {
    const { api } = await seeded();
    await api("PUT", "/weights/2026-11-20", { kg: 80 });
    await api("PUT", "/weights/2026-11-22", { kg: 79, note: "=cmd|calc" });
    const kg = await api("GET", "/export?format=csv&table=weights");
    expect(kg.headers.get("content-disposition")).toMatch(/filename="morsel-weights-\d{4}-\d{2}-\d{2}\.csv"/);
    // trend: 80; the 21st interpolated 79.5 → 79.95; the 22nd → 79.855
    expect(kg.text).toBe("date,kg,trend_kg,note\r\n2026-11-20,80,80,\r\n2026-11-22,79,79.86,'=cmd|calc\r\n");
    await api("PATCH", "/me", { weight_unit: "lb" });
    const lb = (await api("GET", "/export?format=csv&table=weights")).text.split("\r\n");
    expect(lb[0]).toBe("date,kg,trend_kg,lb,trend_lb,note");
    expect(lb[1]).toBe("2026-11-20,80,80,176.4,176.4,");
    expectError(await api("GET", "/export?format=csv&table=recipes"), 400, "validation_failed");
  });

  test("a bad format → 400; no token → 401", async () => {
    const { api, t } = await seeded();
    expectError(await api("GET", "/export?format=xml"), 400, "validation_failed");
    expectError(await t.call("GET", "/api/v1/export"), 401, "missing_token");
  });
});

describe("import", () => {
  test("into a fresh account on another server: same stats; importing twice changes nothing", async () => {
    const a = await seeded();
    const exported = (await a.api("GET", "/export?format=json")).json;
    // the week to the 22nd leaves out of its average the day that is today here (the 22nd), not on the
    // other server (the 25th): its days and totals are compared, and the week to the 21st whole
    const sansAverage = ({ daily_average: _d, average_days: _n, ...rest }: Record<string, unknown>) => rest;
    const statsA = {
      day: (await a.api("GET", "/stats/daily?date=2026-11-21")).json,
      week: sansAverage((await a.api("GET", "/stats/weekly?end=2026-11-22")).json),
      before: (await a.api("GET", "/stats/weekly?end=2026-11-21")).json,
    };
    const b = makeApp(); // another server, another database
    b.clock.set("2026-11-25T10:00:00Z");
    const v = await registerUser(b.call, { timezone: "Europe/Lisbon" });
    const imp = (body: unknown) => b.call("POST", "/api/v1/import", { token: v.access_token, body });
    const first = await imp(exported);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      meals: { added: 3, unchanged: 0 },
      custom_foods: { added: 1, unchanged: 0 },
      recipes: { added: 0, unchanged: 0 },
      weights: { added: 0, unchanged: 0 },
      days: { added: 0, unchanged: 0 },
      saved_meals: { added: 0, unchanged: 0 },
      exercises: { added: 0, unchanged: 0 },
      daily_values: { added: 0, unchanged: 0 },
      activity_settings: "unchanged",
      goals: "updated",
      target_profile: "unchanged",
      targets: "unchanged",
    });
    const statsB = {
      day: (await b.call("GET", "/api/v1/stats/daily?date=2026-11-21", { token: v.access_token })).json,
      week: sansAverage((await b.call("GET", "/api/v1/stats/weekly?end=2026-11-22", { token: v.access_token })).json),
      before: (await b.call("GET", "/api/v1/stats/weekly?end=2026-11-21", { token: v.access_token })).json,
    };
    expect(statsB).toEqual(statsA);
    const again = await imp(exported);
    expect(again.json).toEqual({
      meals: { added: 0, unchanged: 3 },
      custom_foods: { added: 0, unchanged: 1 },
      recipes: { added: 0, unchanged: 0 },
      weights: { added: 0, unchanged: 0 },
      days: { added: 0, unchanged: 0 },
      saved_meals: { added: 0, unchanged: 0 },
      exercises: { added: 0, unchanged: 0 },
      daily_values: { added: 0, unchanged: 0 },
      activity_settings: "unchanged",
      goals: "unchanged",
      target_profile: "unchanged",
      targets: "unchanged",
    });
    const reexport = (await b.call("GET", "/api/v1/export", { token: v.access_token })).json;
    expect(reexport.meals.map((m: { id: string }) => m.id)).toEqual(exported.meals.map((m: { id: string }) => m.id));
    // the imported custom food is the meal's food on the new server
    const granolaMeal = reexport.meals.find((m: { food_name: string }) => m.food_name.startsWith("Granola"));
    expect(granolaMeal.food_id).toBe(reexport.custom_foods[0].id);
  });

  test("two identical custom foods stay two after a round trip, and importing again adds none", async () => {
    // the round-trip property found it on PostgreSQL: the second of two identical foods was merged into the first
    const t = makeApp();
    const call = (u: { access_token: string }) => (method: string, path: string, body?: unknown) =>
      t.call(method, `/api/v1${path}`, { token: u.access_token, body });
    const from = call(await registerUser(t.call));
    for (let i = 0; i < 2; i++)
      expect((await from("POST", "/foods", { name: "Flapjack", nutrients: { energy_kcal: 450 } })).status).toBe(201);
    const file = (await from("GET", "/export?format=json")).json;
    const into = call(await registerUser(t.call));
    const first = await into("POST", "/import", file);
    expect(first.status).toBe(200);
    expect(first.json.custom_foods).toEqual({ added: 2, unchanged: 0 });
    const again = await into("POST", "/import", file);
    expect(again.json.custom_foods).toEqual({ added: 0, unchanged: 2 });
    const back = (await into("GET", "/export?format=json")).json;
    expect(back.custom_foods.map((f: { name: string }) => f.name)).toEqual(["Flapjack", "Flapjack"]);
  });

  test("an export from before recipes and weights (no recipes, weights or schedule) still imports; its goals apply since always", async () => {
    const { api } = await seeded();
    const { checksum: _c, recipes: _r, weights: _w, ...old } = (await api("GET", "/export")).json;
    old.goals = { energy_kcal: 1900, protein_g: 100, fat_g: null, carbohydrate_g: null };
    const b = makeApp();
    b.clock.set("2026-11-25T10:00:00Z");
    const v = await registerUser(b.call, { timezone: "Europe/Lisbon" });
    const r = await b.call("POST", "/api/v1/import", { token: v.access_token, body: old });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      meals: { added: 3 },
      recipes: { added: 0 },
      weights: { added: 0 },
      goals: "updated",
    });
    const goals = (await b.call("GET", "/api/v1/goals", { token: v.access_token })).json;
    expect(goals).toMatchObject({ from: null, energy_kcal: 1900, protein_g: 100 });
    expect(
      (await b.call("GET", "/api/v1/stats/daily?date=2026-11-20", { token: v.access_token })).json.goals.energy_kcal,
    ).toBe(1900);
  });

  test("a tampered export → 400 naming the checksum, nothing applied", async () => {
    const a = await seeded();
    const exported = (await a.api("GET", "/export")).json;
    exported.meals[0].quantity = 3;
    const b = makeApp();
    const v = await registerUser(b.call);
    const e = expectError(
      await b.call("POST", "/api/v1/import", { token: v.access_token, body: exported }),
      400,
      "validation_failed",
    );
    expect(e.details?.[0]?.field).toBe("checksum");
    expect((await b.call("GET", "/api/v1/export", { token: v.access_token })).json.meals).toEqual([]);
  });

  test("a truncated export → 400 malformed_json; an edited one without checksum is checked field by field, all or nothing", async () => {
    const a = await seeded();
    const text = (await a.api("GET", "/export")).text;
    const b = makeApp();
    const v = await registerUser(b.call);
    expectError(
      await b.call("POST", "/api/v1/import", {
        token: v.access_token,
        raw: text.slice(0, Math.floor(text.length / 2)),
      }),
      400,
      "malformed_json",
    );
    const { checksum: _c, ...edited } = JSON.parse(text);
    edited.meals[2].meal_type = "elevenses";
    edited.meals[1].quantity = -1;
    const e = expectError(
      await b.call("POST", "/api/v1/import", { token: v.access_token, body: edited }),
      400,
      "validation_failed",
    );
    expect(e.details?.map((d) => d.field)).toEqual(["meals.1.quantity", "meals.2.meal_type"]);
    expect((await b.call("GET", "/api/v1/export", { token: v.access_token })).json.meals).toEqual([]);
    expect((await b.call("GET", "/api/v1/export", { token: v.access_token })).json.custom_foods).toEqual([]);
  });

  test("not an export → 400; someone else's meals on the same server → 409 and nothing imported", async () => {
    const a = await seeded();
    expectError(await a.api("POST", "/import", { hello: "world" }), 400, "validation_failed");
    expectError(
      await a.api("POST", "/import", { format: "morsel-export", version: 2, meals: [], custom_foods: [] }),
      400,
      "validation_failed",
    );
    const exported = (await a.api("GET", "/export")).json;
    const other = await registerUser(a.t.call);
    expectError(
      await a.t.call("POST", "/api/v1/import", { token: other.access_token, body: exported }),
      409,
      "id_conflict",
    );
    expect((await a.t.call("GET", "/api/v1/export", { token: other.access_token })).json.custom_foods).toEqual([]);
  });
});
