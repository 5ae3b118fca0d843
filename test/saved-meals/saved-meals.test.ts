/** Saved meals (API.md §Saved meals) on every path: REST, logging, sync, export and import. */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const TODAY = "2026-11-24";
const t = makeApp();
t.clock.set(`${TODAY}T18:00:00Z`);

async function user(app = t) {
  const u = await registerUser(app.call, { timezone: "UTC" });
  const auth = { token: u.access_token };
  return {
    ...u,
    api: (method: string, path: string, body?: unknown) => app.call(method, `/api/v1${path}`, { ...auth, body }),
    push: (mutations: object[]) => app.call("POST", "/api/v1/sync/push", { ...auth, body: { mutations } }),
  };
}

const BREAKFAST = {
  name: "Usual breakfast",
  entries: [{ food_id: 9040, quantity: 120 }, { quick_add: { energy_kcal: 90, description: "coffee" } }],
};

describe("REST /saved-meals", () => {
  test("save, read, list, rename, replace entries and delete", async () => {
    const u = await user();
    const made = await u.api("POST", "/saved-meals", BREAKFAST);
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      name: "Usual breakfast",
      entries: [{ food: { id: 9040 }, grams: 120 }, { food: null }],
    });
    expect(made.json.entries[1].quick_add.description).toBe("coffee");
    expect(made.json.energy_kcal).toBe(made.json.entries[0].energy_kcal + 90);
    const id = made.json.id;
    expect((await u.api("GET", `/saved-meals/${id}`)).json).toEqual(made.json);
    expect((await u.api("GET", "/saved-meals")).json.items.map((s: { id: string }) => s.id)).toEqual([id]);
    const renamed = await u.api("PATCH", `/saved-meals/${id}`, { name: "Weekday breakfast" });
    expect(renamed.json).toMatchObject({ name: "Weekday breakfast", entries: made.json.entries });
    // a saved meal read and sent back whole is taken as it shows itself
    const back = await u.api("PATCH", `/saved-meals/${id}`, { entries: made.json.entries });
    expect(back.status).toBe(200);
    expect(back.json.entries).toEqual(made.json.entries);
    expect((await u.api("DELETE", `/saved-meals/${id}`)).status).toBe(204);
    expectError(await u.api("GET", `/saved-meals/${id}`), 404, "not_found");
  });

  test("bad input → 400 naming the field; unknown → 404; no token → 401; another account's → 404", async () => {
    const u = await user();
    const named = async (body: unknown, field: string) => {
      const r = await u.api("POST", "/saved-meals", body);
      expectError(r, 400, "validation_failed");
      expect(r.json.error.details.map((d: { field: string }) => d.field)).toContain(field);
    };
    await named({ entries: BREAKFAST.entries }, "name");
    await named({ name: "x".repeat(101), entries: BREAKFAST.entries }, "name");
    await named({ name: "   ", entries: BREAKFAST.entries }, "name");
    await named({ name: "A", entries: [] }, "entries");
    await named({ name: "A", entries: Array.from({ length: 51 }, () => ({ food_id: 9040, quantity: 1 })) }, "entries");
    await named({ name: "A", entries: [{ food_id: 9040 }] }, "entries.0.quantity");
    await named({ name: "A", entries: [{ food_id: 9040, quantity: 9000 }] }, "entries.0.quantity");
    await named({ name: "A", entries: [{ quantity: 5 }] }, "entries.0.food_id");
    await named({ name: "A", entries: [{ food_id: 999_999_999, quantity: 5 }] }, "entries.0.food_id");
    await named({ name: "A", entries: [{ food_id: 9040, quantity: 1, portion_id: 987654 }] }, "entries.0.portion_id");
    const missing = crypto.randomUUID();
    expectError(await u.api("GET", `/saved-meals/${missing}`), 404, "not_found");
    expectError(await u.api("POST", `/saved-meals/${missing}/log`, { meal_type: "lunch" }), 404, "not_found");
    expectError(await t.call("GET", "/api/v1/saved-meals"), 401, "missing_token");
    expectError(await t.call("POST", "/api/v1/saved-meals", { body: BREAKFAST }), 401, "missing_token");

    const mine = (await u.api("POST", "/saved-meals", BREAKFAST)).json;
    const other = await user();
    expectError(await other.api("GET", `/saved-meals/${mine.id}`), 404, "not_found");
    expectError(await other.api("PATCH", `/saved-meals/${mine.id}`, { name: "Mine" }), 404, "not_found");
    expectError(await other.api("DELETE", `/saved-meals/${mine.id}`), 404, "not_found");
    expectError(await other.api("POST", `/saved-meals/${mine.id}/log`, { meal_type: "lunch" }), 404, "not_found");
    expect((await other.api("GET", "/saved-meals")).json.items).toEqual([]);
    // another account's custom food cannot be saved
    const food = (await u.api("POST", "/foods", { name: "Secret", nutrients: { energy_kcal: 100 } })).json;
    const r = await other.api("POST", "/saved-meals", { name: "B", entries: [{ food_id: food.id, quantity: 10 }] });
    expectError(r, 400, "validation_failed");
    expect(r.json.error.details[0].field).toBe("entries.0.food_id");
    // an id another account holds is a conflict, not a way in
    expectError(await other.api("POST", "/saved-meals", { ...BREAKFAST, id: mine.id }), 409, "id_conflict");
    // and stays its owner's once deleted: their undo works, another account's create does not
    expect((await u.api("DELETE", `/saved-meals/${mine.id}`)).status).toBe(204);
    expectError(await other.api("POST", "/saved-meals", { ...BREAKFAST, id: mine.id }), 409, "id_conflict");
    expect((await u.api("POST", "/saved-meals", { ...BREAKFAST, id: mine.id })).status).toBe(201);
  });
});

test("an account keeps at most 200 saved meals", async () => {
  const u = await user();
  const first = (await u.api("POST", "/saved-meals", BREAKFAST)).json;
  await t.sql(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO saved_meals (id, user_id, name, entries, created_at, updated_at)
     SELECT substr(s.id, 1, 24) || (100000000000 + n.i), s.user_id, s.name, s.entries, s.created_at, s.updated_at
     FROM saved_meals s, n WHERE s.id = ?`,
    199,
    first.id,
  );
  expect((await u.api("GET", "/saved-meals")).json.items).toHaveLength(200);
  const e = expectError(await u.api("POST", "/saved-meals", BREAKFAST), 400, "validation_failed");
  expect(e.message).toContain("200");
  expect((await u.api("DELETE", `/saved-meals/${first.id}`)).status).toBe(204);
  expect((await u.api("POST", "/saved-meals", BREAKFAST)).status).toBe(201);
});

describe("Save as meal", () => {
  test("a meal region, or chosen meals, become the entries; bad sources → 400 naming the field; another's meal → 404", async () => {
    const u = await user();
    const log = async (body: object) => (await u.api("POST", "/meals", { date: "2026-11-21", ...body })).json;
    const banana = await log({ food_id: 9040, quantity: 118, meal_type: "breakfast" });
    await log({ quick_add: { energy_kcal: 90, protein_g: 4, description: "latte" }, meal_type: "breakfast" });
    const lunch = await log({ food_id: 5064, quantity: 150, meal_type: "lunch" });
    const region = await u.api("POST", "/saved-meals", {
      name: "Breakfast",
      from_date: "2026-11-21",
      meal_type: "breakfast",
    });
    expect(region.status).toBe(201);
    expect(region.json.entries).toMatchObject([
      { food: { id: 9040 }, quantity: 118, grams: 118 },
      { food: null, quick_add: { energy_kcal: 90, protein_g: 4, description: "latte" }, energy_kcal: 90 },
    ]);
    const logged = await u.api("POST", `/saved-meals/${region.json.id}/log`, { meal_type: "breakfast", date: TODAY });
    expect(logged.json.meals.map((m: { nutrients: { energy_kcal: number } }) => m.nutrients.energy_kcal)).toEqual([
      banana.nutrients.energy_kcal,
      90,
    ]);
    const chosen = await u.api("POST", "/saved-meals", { name: "Two", meal_ids: [lunch.id, banana.id] });
    expect(chosen.json.entries.map((e: { food: { id: number } }) => e.food.id)).toEqual([5064, 9040]);
    const whole = await u.api("POST", "/saved-meals", { name: "Day", from_date: "2026-11-21" });
    expect(whole.json.entries).toHaveLength(3);

    const field = async (body: object) => {
      const r = await u.api("POST", "/saved-meals", { name: "X", ...body });
      expectError(r, 400, "validation_failed");
      return r.json.error.details[0].field;
    };
    expect(await field({ from_date: "2026-11-22", meal_type: "breakfast" })).toBe("from_date"); // nothing logged
    expect(await field({ from_date: "2026-02-30" })).toBe("from_date");
    expect(await field({ meal_type: "lunch", meal_ids: [lunch.id] })).toBe("meal_type");
    expect(await field({ meal_ids: [lunch.id], entries: BREAKFAST.entries })).toBe("meal_ids");
    expect(await field({ meal_ids: [] })).toBe("meal_ids");
    const other = await user();
    expectError(await other.api("POST", "/saved-meals", { name: "Y", meal_ids: [lunch.id] }), 404, "meal_not_found");
    expect((await other.api("POST", "/saved-meals", { name: "Y", from_date: "2026-11-21" })).status).toBe(400);
  });
});

describe("POST /saved-meals/{id}/log", () => {
  test("logs every entry into the date and meal type; the same request id logs once", async () => {
    const u = await user();
    const saved = (await u.api("POST", "/saved-meals", BREAKFAST)).json;
    const request = { meal_type: "breakfast", date: "2026-11-22", id: crypto.randomUUID() };
    const first = await u.api("POST", `/saved-meals/${saved.id}/log`, request);
    expect(first.status).toBe(201);
    expect(first.json.created).toBe(2);
    expect(first.json.meals.map((m: { meal_type: string; date: string }) => [m.meal_type, m.date])).toEqual([
      ["breakfast", "2026-11-22"],
      ["breakfast", "2026-11-22"],
    ]);
    const again = await u.api("POST", `/saved-meals/${saved.id}/log`, request);
    expect(again.status).toBe(200);
    expect(again.json.created).toBe(0);
    expect(again.json.meals.map((m: { id: string }) => m.id)).toEqual(
      first.json.meals.map((m: { id: string }) => m.id),
    );
    const day = (await u.api("GET", "/meals/daily?date=2026-11-22")).json;
    expect(day.meals).toHaveLength(2);
    expect(day.totals.energy_kcal).toBe(saved.energy_kcal);
    // without a date: today
    const today = await u.api("POST", `/saved-meals/${saved.id}/log`, { meal_type: "snack" });
    expect(today.json.meals[0].date).toBe(TODAY);
  });

  test("bad input → 400 naming the field; a full day takes none of them", async () => {
    const u = await user();
    const saved = (await u.api("POST", "/saved-meals", BREAKFAST)).json;
    const bad = await u.api("POST", `/saved-meals/${saved.id}/log`, { meal_type: "brunch" });
    expectError(bad, 400, "validation_failed");
    expect(bad.json.error.details[0].field).toBe("meal_type");
    const badDate = await u.api("POST", `/saved-meals/${saved.id}/log`, { meal_type: "lunch", date: "2026-02-30" });
    expect(badDate.json.error.details[0].field).toBe("date");
    // a day with 199 meals: the two entries do not fit, and neither is logged
    const first = (
      await u.api("POST", "/meals", { food_id: 9040, quantity: 50, meal_type: "snack", date: "2026-11-20" })
    ).json;
    const cols =
      "user_id, food_id, food_name, meal_type, quantity, portion_id, portion_name, portion_grams, grams, date, eaten_at, note, per_100g, request_hash, energy_kcal, protein_g, fat_g, carbohydrate_g, fiber_g, sugars_g, saturated_fat_g, sodium_mg, created_at, updated_at";
    await t.sql(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO meals (id, ${cols}) SELECT substr(m.id, 1, 24) || (100000000000 + n.i), ${cols.replaceAll(/(\w+)/g, "m.$1")}
       FROM meals m, n WHERE m.id = ?`,
      198,
      first.id,
    );
    const full = await u.api("POST", `/saved-meals/${saved.id}/log`, { meal_type: "lunch", date: "2026-11-20" });
    expectError(full, 400, "validation_failed");
    expect(full.json.error.details[0].field).toBe("date");
    expect((await u.api("GET", "/meals?from=2026-11-20&to=2026-11-20&limit=500")).json.items).toHaveLength(199);
  });

  test("an entry whose food is gone fails the log, naming the entry", async () => {
    const u = await user();
    const food = (await u.api("POST", "/foods", { name: "Soup", nutrients: { energy_kcal: 40 } })).json;
    const saved = (
      await u.api("POST", "/saved-meals", {
        name: "S",
        entries: [BREAKFAST.entries[0], { food_id: food.id, quantity: 300 }],
      })
    ).json;
    expect((await u.api("DELETE", `/foods/${food.id}`)).status).toBe(204);
    const r = await u.api("POST", `/saved-meals/${saved.id}/log`, { meal_type: "dinner" });
    expectError(r, 400, "validation_failed");
    expect(r.json.error.details[0].field).toBe("entries.1.food_id");
    expect((await u.api("GET", `/meals/daily?date=${TODAY}`)).json.meals).toEqual([]);
  });
});

describe("sync and import validate as REST does", () => {
  test("a saved meal is pushed, updated and deleted; bad data is rejected naming the same field", async () => {
    const u = await user();
    const id = crypto.randomUUID();
    const m = (over: object) => ({
      mutation_id: crypto.randomUUID(),
      entity: "saved_meal",
      id,
      op: "upsert",
      base_version: null,
      ...over,
    });
    const r = await u.push([m({ data: BREAKFAST })]);
    expect(r.json.results[0]).toMatchObject({ status: "applied", current: { id, name: "Usual breakfast" } });
    expect((await u.api("GET", `/saved-meals/${id}`)).json.entries).toHaveLength(2);
    const up = await u.push([m({ base_version: r.json.results[0].version, data: { name: "Renamed" } })]);
    expect(up.json.results[0].status).toBe("applied");
    expect((await u.api("GET", `/saved-meals/${id}`)).json.name).toBe("Renamed");
    const bad = await u.push([
      m({ id: crypto.randomUUID(), data: { name: "A", entries: [{ food_id: 9040, quantity: 9000 }] } }),
      m({ id: crypto.randomUUID(), data: { entries: BREAKFAST.entries } }),
    ]);
    expect(bad.json.results.map((x: { status: string }) => x.status)).toEqual(["rejected", "rejected"]);
    expect(bad.json.results[0].error.details[0].field).toBe("entries.0.quantity");
    expect(bad.json.results[1].error.details[0].field).toBe("name");
    // another account cannot write under this id
    const other = await user();
    const taken = await other.push([m({ data: BREAKFAST })]);
    expect(taken.json.results[0].status).toBe("rejected");
    expect((await u.api("GET", `/saved-meals/${id}`)).json.name).toBe("Renamed");
    const del = await u.push([m({ op: "delete", base_version: up.json.results[0].version, data: null })]);
    expect(del.json.results[0].status).toBe("applied");
    expectError(await u.api("GET", `/saved-meals/${id}`), 404, "not_found");
  });

  test("saved meals travel in the JSON export, with a custom food; an older file still imports", async () => {
    const u = await user();
    const food = (
      await u.api("POST", "/foods", {
        name: "Granola",
        nutrients: { energy_kcal: 450 },
        portions: [{ name: "bowl", grams: 60 }],
      })
    ).json;
    const bowl = food.portions.find((p: { name: string }) => p.name === "bowl");
    const saved = (
      await u.api("POST", "/saved-meals", {
        name: "Granola bowl",
        entries: [{ food_id: food.id, quantity: 1, portion_id: bowl.id }, ...BREAKFAST.entries],
      })
    ).json;
    const exported = (await u.api("GET", "/export?format=json")).json;
    expect(exported.saved_meals).toEqual([saved]);
    // another account on this server: the ids are taken, so nothing is imported
    const w = await user();
    expectError(await w.api("POST", "/import", exported), 409, "id_conflict");
    // another server: the custom food is made again and the entry logs it, its portion matched by name
    const there = makeApp();
    there.clock.set(`${TODAY}T18:00:00Z`);
    const v = await user(there);
    const first = await v.api("POST", "/import", exported);
    expect(first.status).toBe(200);
    expect(first.json.saved_meals).toEqual({ added: 1, unchanged: 0 });
    const [copy] = (await v.api("GET", "/saved-meals")).json.items;
    expect(copy).toMatchObject({ id: saved.id, name: "Granola bowl", energy_kcal: saved.energy_kcal });
    expect(copy.entries[0]).toMatchObject({
      food: { name: "Granola" },
      portion: { name: "bowl" },
      grams: 60,
    });
    expect((await v.api("POST", "/import", exported)).json.saved_meals).toEqual({ added: 0, unchanged: 1 });
    // an older file (no saved_meals) imports; a bad saved meal is named where it sits
    const { saved_meals: _, checksum: __, ...older } = exported;
    expect((await v.api("POST", "/import", older)).status).toBe(200);
    const bad = { ...older, saved_meals: [{ name: "A", entries: [{ food_id: 9040, quantity: 9000 }] }] };
    const refused = await v.api("POST", "/import", bad);
    expectError(refused, 400, "validation_failed");
    expect(refused.json.error.details[0].field).toBe("saved_meals.0.entries.0.quantity");
  });

  test("a custom food deleted after it was saved: the export still imports, without that entry", async () => {
    const u = await user();
    const soup = (await u.api("POST", "/foods", { name: "Soup", nutrients: { energy_kcal: 40 } })).json;
    const both = (
      await u.api("POST", "/saved-meals", {
        name: "Lunch",
        entries: [{ food_id: soup.id, quantity: 300 }, BREAKFAST.entries[0]],
      })
    ).json;
    await u.api("POST", "/saved-meals", { name: "Soup only", entries: [{ food_id: soup.id, quantity: 300 }] });
    expect((await u.api("DELETE", `/foods/${soup.id}`)).status).toBe(204);
    const exported = (await u.api("GET", "/export?format=json")).json;
    expect(exported.saved_meals).toHaveLength(2);
    const there = makeApp();
    const v = await user(there);
    const r = await v.api("POST", "/import", exported);
    expect(r.status).toBe(200);
    expect(r.json.saved_meals).toEqual({ added: 1, unchanged: 0 });
    const [lunch] = (await v.api("GET", "/saved-meals")).json.items;
    expect(lunch).toMatchObject({ id: both.id, name: "Lunch", entries: [{ food: { id: 9040 } }] });
  });
});
