/**
 * A portion weighs at least 0.001 g, the quantum its weight is kept to: a lighter one was stored as
 * 0 g (and then could not be logged). Refused on every path a portion is written by: a custom food's
 * and a recipe's portions through REST, a sync push and an import.
 */
import { expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
const { call } = t;
const fields = (e: { details?: { field?: string }[] }) => e.details?.map((d) => d.field);

test("a portion under 0.001 g is 400 naming its grams; at 0.001 g it is kept and logs 0.001 g", async () => {
  const u = await registerUser(call);
  const api = (method: string, path: string, body?: unknown) =>
    call(method, `/api/v1${path}`, { token: u.access_token, body });
  const crumb = [{ name: "crumb", grams: 0.0004 }];
  const food = { name: "Bar", nutrients: { energy_kcal: 400 } };
  const recipe = { name: "Soup", servings: 2, ingredients: [{ food_id: 9040, quantity: 100 }] };
  const made = (await api("POST", "/foods", food)).json;
  const stew = (await api("POST", "/recipes", recipe)).json;
  const bad = [
    await api("POST", "/foods", { ...food, portions: crumb }),
    await api("PATCH", `/foods/${made.id}`, { portions: crumb }),
    await api("POST", "/recipes", { ...recipe, portions: crumb }),
    await api("PATCH", `/recipes/${stew.id}`, { portions: crumb }),
  ];
  for (const r of bad) expect(fields(expectError(r, 400, "validation_failed"))).toContain("portions.0.grams");
  const push = await api("POST", "/sync/push", {
    mutations: [
      {
        mutation_id: crypto.randomUUID(),
        entity: "food",
        id: null,
        op: "upsert",
        base_version: null,
        data: { ...food, portions: crumb },
      },
    ],
  });
  expect(push.json.results[0]).toMatchObject({ status: "rejected", error: { code: "validation_failed" } });
  const { checksum: _, ...file } = (await api("GET", "/export?format=json")).json;
  file.custom_foods[0].portions = crumb;
  const other = await registerUser(call);
  const imported = await call("POST", "/api/v1/import", { token: other.access_token, body: file });
  expect(fields(expectError(imported, 400, "validation_failed"))).toContain("custom_foods.0.portions.0.grams");
  expect((await api("GET", `/foods/${made.id}`)).json.portions).toEqual([]);

  const least = await api("POST", "/foods", { ...food, portions: [{ name: "crumb", grams: 0.001 }] });
  expect(least.status).toBe(201);
  const meal = await api("POST", "/meals", {
    food_id: least.json.id,
    quantity: 1,
    portion_id: least.json.portions[0].id,
    meal_type: "snack",
  });
  expect(meal.status).toBe(201);
  expect(meal.json.grams).toBe(0.001);
});
