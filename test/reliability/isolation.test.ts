/**
 * Isolation: for every endpoint that takes an id (found in the OpenAPI document, so a new one
 * joins this test or fails it), a second user gets 404 and never the first user's data; and no
 * listing, stats, export, search or sync pull of the second user shows the first user's records.
 */
import { expect, test } from "bun:test";
import { plainPhoto, multipart } from "../fixtures/images";
import { makeApp, registerUser } from "../helpers";

test("a second user gets 404 on every id route and never sees the first user's records", async () => {
  const t = makeApp();
  const { call } = t;
  const a = await registerUser(call);
  const b = await registerUser(call);
  const A = { token: a.access_token };
  const B = { token: b.access_token };
  const food = (await call("POST", "/api/v1/foods", { ...A, body: { name: "Zqxsecret stew", barcode: "5901234123457", nutrients: { energy_kcal: 300 } } })).json;
  const meal = (await call("POST", "/api/v1/meals", { ...A, body: { food_id: food.id, quantity: 200, meal_type: "dinner", note: "zqxsecret note" } })).json;
  await call("PUT", "/api/v1/goals", { ...A, body: { energy_kcal: 1234 } });
  const { body, contentType } = multipart(await plainPhoto());
  const photo = (await call("POST", "/api/v1/scanner/photo", { ...A, raw: body, headers: { "content-type": contentType } })).json;

  // every OpenAPI path with an {id}, each method: B gets 404 with A's id
  const doc = (await call("GET", "/api/v1/openapi.json")).json as { paths: Record<string, Record<string, unknown>> };
  const idOf: Record<string, string | number> = { "/api/v1/meals/{id}": meal.id, "/api/v1/foods/{id}": food.id };
  const idRoutes = Object.entries(doc.paths).filter(([p]) => p.includes("{"));
  expect(idRoutes.map(([p]) => p).sort()).toEqual(Object.keys(idOf).sort());
  for (const [path, methods] of idRoutes) {
    for (const method of Object.keys(methods)) {
      const r = await call(method.toUpperCase(), path.replace("{id}", String(idOf[path])), { ...B, body: method === "get" || method === "delete" ? undefined : { name: "mine now", quantity: 1 } });
      expect(`${method} ${path} ${r.status}`).toBe(`${method} ${path} 404`);
      expect(r.text).not.toContain("zqxsecret");
      expect(r.text).not.toContain("Zqxsecret");
    }
  }
  // A's things are untouched
  expect((await call("GET", `/api/v1/meals/${meal.id}`, A)).json).toEqual(meal);
  expect((await call("GET", `/api/v1/foods/${food.id}`, A)).json.name).toBe("Zqxsecret stew");

  // nothing of A's reaches B through any other door
  const bViews = [
    await call("GET", `/api/v1/meals/daily?date=${meal.date}`, B),
    await call("GET", `/api/v1/stats/daily?date=${meal.date}`, B),
    await call("GET", "/api/v1/goals", B),
    await call("GET", "/api/v1/foods/search?q=zqxsecret%20stew", B),
    await call("GET", "/api/v1/sync/changes", B),
    await call("GET", "/api/v1/export", B),
    await call("GET", "/api/v1/export?format=csv", B),
    await call("POST", "/api/v1/scanner/barcode", { ...B, body: { barcode: "5901234123457" } }),
    await call("POST", "/api/v1/meals", { ...B, body: { food_id: food.id, quantity: 1, meal_type: "snack" } }),
    await call("POST", "/api/v1/meals", { ...B, body: { food_id: 9040, quantity: 1, meal_type: "snack", photo_id: photo.photo_id } }),
    await call("POST", "/api/v1/sync/push", { ...B, body: { mutations: [{ mutation_id: crypto.randomUUID(), entity: "meal", id: meal.id, op: "delete", base_version: 1, data: null }] } }),
  ];
  for (const [i, r] of bViews.entries()) {
    if (i < 7) expect(r.text).not.toContain(meal.id); // the reads; the writes below echo B's own input
    expect(r.text).not.toContain("zqxsecret note");
    expect(r.text).not.toContain("Zqxsecret stew"); // the food's name (search echoes the query, in lower case)
  }
  expect(bViews[2]!.json.energy_kcal).toBeNull(); // B's goals, not A's 1234
  expect(bViews[3]!.json.items.map((i: { id: number }) => i.id)).not.toContain(food.id);
  expect(bViews[7]!.status).toBe(404);
  expect(bViews[8]!.status).toBe(404);
  expect(bViews[9]!.status).toBe(400);
  expect(bViews[10]!.json.results[0].status).toBe("rejected");
  expect(bViews[4]!.json.changes).toEqual([]);
  expect((await call("GET", `/api/v1/meals/${meal.id}`, A)).status).toBe(200); // the push above did not delete it
});
