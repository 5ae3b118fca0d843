/**
 * An import with a NUL (U+0000) anywhere in its text is refused whole, before anything is written,
 * on both backends: PostgreSQL's text cannot hold it, and the import used to write thousands of meals
 * before the one such row failed with a 500 (the same on every retry). Another tracker's row with
 * one is skipped with its line, like any row the import cannot take.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
const { call } = t;
const NUL = "a\u0000b";
const MEALS = 300;
let file: Record<string, any>;

const count = async (table: string, userId: number) =>
  (await t.sql<{ n: number }>(`SELECT CAST(count(*) AS integer) AS n FROM ${table} WHERE user_id = ?`, userId))[0]!.n;

beforeAll(async () => {
  const { access_token: token } = await registerUser(call);
  const food = await call("POST", "/api/v1/foods", {
    token,
    body: { name: "Granola", nutrients: { energy_kcal: 450 }, portions: [{ name: "bowl", grams: 60 }] },
  });
  await call("POST", "/api/v1/recipes", {
    token,
    body: { name: "Stew", servings: 2, ingredients: [{ food_id: food.json.id, quantity: 100 }] },
  });
  await call("POST", "/api/v1/meals", { token, body: { food_id: 9040, quantity: 120, meal_type: "lunch", note: "n" } });
  await call("PUT", "/api/v1/weights/2026-11-20", { token, body: { kg: 70, note: "morning" } });
  const exported = (await call("GET", "/api/v1/export?format=json", { token })).json;
  const template = exported.meals[0];
  // many meals, so a write part-way would show; no checksum, so the file may be edited
  const { checksum: _, ...rest } = exported;
  // spread over days: a day holds at most 200 meals
  const day = (i: number) => `2026-10-${String(1 + (i % 20)).padStart(2, "0")}`;
  file = {
    ...rest,
    meals: Array.from({ length: MEALS }, (_, i) => ({
      ...template,
      id: crypto.randomUUID(),
      date: day(i),
      eaten_at: `${day(i)}T12:00:00Z`,
      created_at: `${day(i)}T12:00:00Z`,
    })),
  };
});

// biome-ignore format: a table, one place a line
const PLACES: { field: string; edit: (f: Record<string, any>) => void }[] = [
  { field: `meals.${MEALS - 1}.note`, edit: (f) => (f.meals[MEALS - 1].note = NUL) },
  { field: `meals.${MEALS - 1}.food_name`, edit: (f) => (f.meals[MEALS - 1].food_name = NUL) },
  { field: "custom_foods.0.name", edit: (f) => (f.custom_foods[0].name = NUL) },
  { field: "custom_foods.0.portions.0.name", edit: (f) => (f.custom_foods[0].portions[0].name = NUL) },
  { field: "recipes.0.name", edit: (f) => (f.recipes[0].name = NUL) },
  { field: "recipes.0.ingredients.0.food_name", edit: (f) => (f.recipes[0].ingredients[0].food_name = NUL) },
  { field: "weights.0.note", edit: (f) => (f.weights[0].note = NUL) },
];

describe("a JSON import with one NUL is refused whole, nothing written", () => {
  for (const place of PLACES) {
    test(place.field, async () => {
      const u = await registerUser(call);
      // fresh meal ids: a meal id is one account's
      const own = { ...file, meals: file.meals.map((m: object) => ({ ...m, id: crypto.randomUUID() })) };
      const edited = structuredClone(own);
      place.edit(edited);
      const r = await call("POST", "/api/v1/import", { token: u.access_token, body: edited });
      const e = expectError(r, 400, "validation_failed");
      expect(e.details?.find((d) => d.field === place.field)?.message).toContain("U+0000");
      for (const table of ["meals", "custom_foods", "recipes", "weights"])
        expect(await count(table, u.user.id)).toBe(0);
      // the same file without it imports whole
      const ok = await call("POST", "/api/v1/import", { token: u.access_token, body: own });
      expect(ok.status).toBe(200);
      expect(ok.json.meals.added).toBe(MEALS);
    });
  }
});

test("another tracker's row with a NUL is refused with its line; with skip_invalid it is skipped and the rest imports, nothing holds a NUL", async () => {
  const u = await registerUser(call);
  const csv = [
    "Day,Time,Group,Food Name,Amount,Energy (kcal),Carbs (g),Fat (g),Protein (g)",
    "2026-11-14,07:42 AM,Breakfast,Morning shake,1.00 serving,250.00,30.00,5.00,20.00",
    `2026-11-14,12:15 PM,Lunch,Burrito ${NUL} bowl,1.00 serving,625.00,58.00,22.00,42.00`,
    "2026-11-14,06:50 PM,Dinner,Stir fry,1.00 serving,540.00,50.00,20.00,30.00",
  ].join("\n");
  const refused = await call("POST", "/api/v1/import?format=cronometer", {
    token: u.access_token,
    raw: csv,
    headers: { "content-type": "text/csv" },
  });
  expect(refused.status).toBe(400);
  expect(refused.json.error.details.map((d: { field: string }) => d.field)).toEqual(["upload:3"]);
  expect(await count("meals", u.user.id)).toBe(0);
  const r = await call("POST", "/api/v1/import?format=cronometer&skip_invalid=true", {
    token: u.access_token,
    raw: csv,
    headers: { "content-type": "text/csv" },
  });
  expect(r.status).toBe(200);
  expect(r.json.skipped).toHaveLength(1); // one row, one skip (it was one per refused field)
  expect([...new Set(r.json.skipped.map((s: { line: number }) => s.line))]).toEqual([3]);
  expect(await count("meals", u.user.id)).toBe(2);
  const texts = await t.sql<{ food_name: string; note: string | null }>(
    "SELECT food_name, note FROM meals WHERE user_id = ?",
    u.user.id,
  );
  for (const m of texts) expect(`${m.food_name}${m.note ?? ""}`).not.toContain("\u0000");
});
