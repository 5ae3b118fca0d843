/**
 * The server, never a client, chooses ids in the custom-food sequence that every account shares: a
 * client-sent `data.id` is ignored on every write path, and a food or recipe upsert whose id is not one of
 * the caller's records is rejected as unknown. Before, `{"entity":"food","id":null,"data":{"id":1999999999}}`
 * moved the sequence into the imported-products range for everyone (their next POST /foods answered 201,
 * then 404 on GET). A deleted meal's client-made id stays its owner's, so the owner's undo works.
 */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
const uuid = () => crypto.randomUUID();

async function user() {
  const u = await registerUser(t.call);
  const auth = { token: u.access_token };
  return {
    ...u,
    push: async (mutations: object[]) =>
      (await t.call("POST", "/api/v1/sync/push", { ...auth, body: { mutations } })).json.results,
    api: (method: string, path: string, body?: unknown) => t.call(method, `/api/v1${path}`, { ...auth, body }),
  };
}
type User = Awaited<ReturnType<typeof user>>;
const foodUpsert = (id: number | null, data: Record<string, unknown>) => ({
  mutation_id: uuid(),
  entity: "food",
  id,
  op: "upsert",
  base_version: null,
  data,
});

/** A fresh custom food through REST works end to end: readable, loggable, usable in a recipe. */
async function restFoodWorks(u: User): Promise<number> {
  const food = await u.api("POST", "/foods", { name: "Plain oats", nutrients: { energy_kcal: 380 } });
  expect(food.status).toBe(201);
  expect(food.json.id).toBeLessThan(2_000_000_000);
  expect((await u.api("GET", `/foods/${food.json.id}`)).status).toBe(200);
  expect((await u.api("POST", "/meals", { food_id: food.json.id, quantity: 40, meal_type: "breakfast" })).status).toBe(
    201,
  );
  expect(
    (
      await u.api("POST", "/recipes", {
        name: "Porridge",
        servings: 1,
        ingredients: [{ food_id: food.json.id, quantity: 40 }],
      })
    ).status,
  ).toBe(201);
  return food.json.id;
}

describe("sync push: data.id is ignored, the server chooses", () => {
  for (const planted of [1_999_999_999, 9040, "abc", 2 ** 53, "9223372036854775807", -5, 1.5]) {
    test(`data.id ${JSON.stringify(planted)} → applied under a server-chosen id; everyone's next foods still work`, async () => {
      const a = await user();
      const b = await user();
      const before = await restFoodWorks(b);
      const [r] = await a.push([foodUpsert(null, { id: planted, name: "x", nutrients: { energy_kcal: 1 } })]);
      expect(r.status).toBe("applied");
      expect(r.current.id).not.toBe(planted);
      expect(r.current.id).toBeGreaterThan(before);
      expect(r.current.id).toBeLessThan(before + 10);
      expect((await a.api("GET", `/foods/${r.current.id}`)).json.name).toBe("x");
      if (planted === 9040) expect((await a.api("GET", "/foods/9040")).json.name).not.toBe("x"); // the catalogue's food is the catalogue's
      const after = await restFoodWorks(b);
      expect(after).toBeLessThan(before + 10);
    });
  }

  test("data.id naming another account's food → a new food of the caller's; the other's food and portions are untouched", async () => {
    const a = await user();
    const b = await user();
    const theirs = (
      await b.api("POST", "/foods", {
        name: "Theirs",
        nutrients: { energy_kcal: 5 },
        portions: [{ name: "cup", grams: 100 }],
      })
    ).json;
    const [r] = await a.push([
      foodUpsert(null, {
        id: theirs.id,
        name: "Mine",
        nutrients: { energy_kcal: 2 },
        portions: [{ name: "bowl", grams: 300 }],
      }),
    ]);
    expect(r.status).toBe("applied");
    expect(r.current.id).not.toBe(theirs.id);
    expect((await b.api("GET", `/foods/${theirs.id}`)).json).toEqual(theirs);
  });

  test("a food or recipe upsert with an id that is not the caller's record → rejected food_not_found, nothing made", async () => {
    const a = await user();
    const b = await user();
    const theirs = (await b.api("POST", "/foods", { name: "Theirs", nutrients: { energy_kcal: 5 } })).json;
    const results = await a.push([
      foodUpsert(1_999_999_999, { name: "x", nutrients: { energy_kcal: 1 } }),
      foodUpsert(theirs.id, { name: "x", nutrients: { energy_kcal: 1 } }),
      {
        mutation_id: uuid(),
        entity: "recipe",
        id: 1_999_999_998,
        op: "upsert",
        base_version: null,
        data: { name: "Stew", servings: 1, ingredients: [{ food_id: 9040, quantity: 100 }] },
      },
    ]);
    expect(results.map((x: { status: string; error: { code: string } }) => `${x.status}:${x.error?.code}`)).toEqual([
      "rejected:food_not_found",
      "rejected:food_not_found",
      "rejected:food_not_found",
    ]);
    expect(results[0].error.message).toContain("send id null");
    // the unknown id and the other account's id answer alike
    expect(results[1].error).toEqual({
      ...results[0].error,
      message: results[0].error.message.replace("1999999999", String(theirs.id)),
    });
    expectError(await a.api("GET", "/foods/1999999999"), 404, "food_not_found");
    await restFoodWorks(b);
  });

  test("a deleted food's id cannot be brought back by an upsert: create anew with id null", async () => {
    const a = await user();
    const food = (await a.api("POST", "/foods", { name: "Gone", nutrients: { energy_kcal: 5 } })).json;
    expect((await a.api("DELETE", `/foods/${food.id}`)).status).toBe(204);
    const [r] = await a.push([foodUpsert(food.id, { name: "Back", nutrients: { energy_kcal: 5 } })]);
    expect(`${r.status}:${r.error?.code}`).toBe("rejected:food_not_found");
  });
});

describe("REST and import ignore a client's food id too", () => {
  test("POST /foods with id → 201 under the server's next id (an unknown field is ignored, API.md)", async () => {
    const a = await user();
    const before = (await a.api("POST", "/foods", { name: "first", nutrients: { energy_kcal: 1 } })).json.id;
    const r = await a.api("POST", "/foods", { id: 1_999_999_999, name: "x", nutrients: { energy_kcal: 1 } });
    expect(r.status).toBe(201);
    expect(r.json.id).toBeGreaterThan(before);
    expect(r.json.id).not.toBe(1_999_999_999);
    expectError(await a.api("GET", "/foods/1999999999"), 404, "food_not_found");
    await restFoodWorks(a);
  });

  test("an import's custom foods and recipes get server ids, whatever ids the file carries", async () => {
    const a = await user();
    const b = await user();
    const food = (await a.api("POST", "/foods", { name: "Soup", nutrients: { energy_kcal: 50 } })).json;
    await a.api("POST", "/recipes", {
      name: "Soup bowl",
      servings: 2,
      ingredients: [{ food_id: food.id, quantity: 300 }],
    });
    const exported = (await a.api("GET", "/export?format=json")).json;
    exported.custom_foods[0].id = 1_999_999_990;
    delete exported.checksum;
    const r = await b.api("POST", "/import", exported);
    expect(r.status).toBe(200);
    const mine = await restFoodWorks(b);
    expect(mine).toBeLessThan(1_999_999_000);
  });
});

describe("a deleted meal's id stays its owner's", () => {
  test("another account cannot claim it (REST, sync, import); the owner's undo works", async () => {
    const a = await user();
    const b = await user();
    const meal = (
      await a.api("POST", "/meals", { food_id: 9040, quantity: 100, meal_type: "lunch", date: "2026-11-20" })
    ).json;
    const exported = (await a.api("GET", "/export?format=json")).json;
    expect((await a.api("DELETE", `/meals/${meal.id}`)).status).toBe(204);
    expectError(await b.api("POST", "/import", exported), 409, "id_conflict");
    expectError(
      await b.api("POST", "/meals", { id: meal.id, food_id: 9040, quantity: 1, meal_type: "lunch" }),
      409,
      "id_conflict",
    );
    const [pushed] = await b.push([
      {
        mutation_id: uuid(),
        entity: "meal",
        id: meal.id,
        op: "upsert",
        base_version: null,
        data: { food_id: 9040, quantity: 1, meal_type: "lunch" },
      },
    ]);
    expect(`${pushed.status}:${pushed.error?.code}`).toBe("rejected:id_conflict");
    const undo = await a.api("POST", "/meals", {
      id: meal.id,
      food_id: 9040,
      quantity: 100,
      meal_type: "lunch",
      date: "2026-11-20",
    });
    expect(undo.status).toBe(201);
    expect(undo.json.id).toBe(meal.id);
  });
});
