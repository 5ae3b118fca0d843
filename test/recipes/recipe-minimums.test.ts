/**
 * A recipe's servings and cooked weight are kept to 0.001, so 0.001 is the least either may be, and a
 * serving must weigh at least 0.001 g: a value that rounded to 0 was stored, a serving of it weighed
 * Infinity grams, its day's totals turned null, its export would not import and POST /foods/parse
 * failed. Refused on every write path (REST create and update, sync push, import).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
const { call } = t;
let token = "";
let waterId = 0; // a custom food of 0 kcal: it may cook down to 0.001 g
let stewId = 0;
let file: Record<string, any>;
const api = (method: string, path: string, body?: unknown, as = token) =>
  call(method, `/api/v1${path}`, { token: as, body });

beforeAll(async () => {
  token = (await registerUser(call)).access_token;
  waterId = (await api("POST", "/foods", { name: "Still water", nutrients: { energy_kcal: 0, protein_g: 0 } })).json.id;
  stewId = (
    await api("POST", "/recipes", { name: "Stew", servings: 2, ingredients: [{ food_id: 9040, quantity: 200 }] })
  ).json.id;
  const { checksum: _, ...rest } = (await api("GET", "/export?format=json")).json;
  file = rest;
});

// biome-ignore format: a table, one bad recipe a line
const BAD: { name: string; fields: () => Record<string, unknown>; field: string }[] = [
  { name: "servings that round to 0", fields: () => ({ servings: 0.0004 }), field: "servings" },
  { name: "0 servings", fields: () => ({ servings: 0 }), field: "servings" },
  { name: "a cooked weight that rounds to 0", fields: () => ({ cooked_grams: 0.0004 }), field: "cooked_grams" },
  { name: "0 g cooked", fields: () => ({ cooked_grams: 0 }), field: "cooked_grams" },
  { name: "servings of less than 0.001 g each", fields: () => ({ servings: 1000, cooked_grams: 0.4, ingredients: [{ food_id: waterId, quantity: 100 }] }), field: "servings" },
  { name: "servings of less than 0.001 g of the ingredients' total", fields: () => ({ servings: 1000, ingredients: [{ food_id: waterId, quantity: 0.4 }] }), field: "servings" },
];
const recipe = (over: Record<string, unknown>) => ({
  name: "Soup",
  servings: 2,
  ingredients: [{ food_id: waterId, quantity: 100 }],
  ...over,
});
const fields = (e: { details?: { field?: string }[] }) => e.details?.map((d) => d.field);

describe("servings and cooked_grams that cannot be kept are refused on every path", () => {
  for (const bad of BAD) {
    test(bad.name, async () => {
      const before = await t.sql("SELECT * FROM recipes ORDER BY food_id");
      expect(
        fields(expectError(await api("POST", "/recipes", recipe(bad.fields())), 400, "validation_failed")),
      ).toContain(bad.field);
      const patch = await api("PATCH", `/recipes/${stewId}`, bad.fields());
      expect(fields(expectError(patch, 400, "validation_failed"))).toContain(bad.field);
      const push = await api("POST", "/sync/push", {
        mutations: [
          {
            mutation_id: crypto.randomUUID(),
            entity: "recipe",
            id: null,
            op: "upsert",
            base_version: null,
            data: recipe(bad.fields()),
          },
        ],
      });
      expect(push.json.results[0]).toMatchObject({ status: "rejected", error: { code: "validation_failed" } });
      expect(fields(push.json.results[0].error)).toContain(bad.field);
      expect(await t.sql("SELECT * FROM recipes ORDER BY food_id")).toEqual(before);

      const other = await registerUser(call);
      const edited = structuredClone(file);
      const water = edited.custom_foods.find((f: { id: number }) => f.id === waterId);
      const sent = bad.fields().ingredients as { food_id: number; quantity: number }[] | undefined;
      const snapshot = (i: { food_id: number; quantity: number }) => ({
        ...i,
        food_name: water.name,
        portion: null,
        grams: i.quantity,
        per_100g: water.nutrients,
      });
      const inFile = {
        ...edited.recipes[0],
        ...bad.fields(),
        ingredients: sent ? sent.map(snapshot) : edited.recipes[0].ingredients,
      };
      edited.recipes = [inFile];
      const imported = await api("POST", "/import", edited, other.access_token);
      expect(fields(expectError(imported, 400, "validation_failed"))).toContain(`recipes.0.${bad.field}`);
      const counts = await t.sql<{ n: number }>(
        "SELECT CAST(count(*) AS integer) AS n FROM custom_foods WHERE user_id = ?",
        other.user.id,
      );
      expect(counts).toEqual([{ n: 0 }]);
    });
  }
});

test("at the minimums a recipe is kept, and a serving of it has finite grams and nutrients", async () => {
  const few = await api(
    "POST",
    "/recipes",
    recipe({ servings: 0.001, ingredients: [{ food_id: 9040, quantity: 100 }] }),
  );
  expect(few.status).toBe(201);
  expect(few.json).toMatchObject({ servings: 0.001, serving_grams: 100_000 });
  const light = await api("POST", "/recipes", recipe({ servings: 1, cooked_grams: 0.001 }));
  expect(light.status).toBe(201);
  expect(light.json).toMatchObject({ cooked_grams: 0.001, serving_grams: 0.001 });
  const many = await api("POST", "/recipes", recipe({ servings: 1000, cooked_grams: 1 }));
  expect(many.json).toMatchObject({ servings: 1000, serving_grams: 0.001 });
  for (const r of [few.json, light.json, many.json]) {
    const m = await api("POST", "/meals", {
      food_id: r.id,
      quantity: 1,
      portion_id: r.portions[0].id,
      meal_type: "dinner",
    });
    expect(m.status).toBe(201);
    expect(Number.isFinite(m.json.grams) && m.json.grams > 0).toBe(true);
    for (const v of Object.values(m.json.nutrients)) expect(v === null || Number.isFinite(v)).toBe(true);
  }
});
