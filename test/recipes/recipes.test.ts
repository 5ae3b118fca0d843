/** Recipes (API.md §Recipes): computed nutrients, servings, snapshots, and bad input. */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";
import { CHILI } from "../fixtures/recipes";

const t = makeApp();
t.clock.set("2026-11-22T12:00:00Z");
const ana = await registerUser(t.call);
const bob = await registerUser(t.call);
const api = (method: string, path: string, body?: unknown, token = ana.access_token) =>
  t.call(method, `/api/v1${path}`, { token, body });

// kcal per 100 g from the catalogue: 256, 81, 17, 40, 282, 884
const CHILI_KCAL = 256 * 5 + 81 * 4 + 17 * 8 + 40 * 1.5 + 282 * 0.16 + 884 * 0.15; // 1977.72

describe("a recipe", () => {
  test("nutrients per 100 g of the cooked dish and per serving; a 'serving' portion; searchable and loggable by servings", async () => {
    const r = await api("POST", "/recipes", CHILI);
    expect(r.status).toBe(201);
    expect(r.headers.get("location")).toBe(`/api/v1/recipes/${r.json.id}`);
    const chili = r.json;
    expect(chili.total_grams).toBe(1881);
    expect(chili.serving_grams).toBeCloseTo(1600 / 6, 2);
    expect(chili.ingredients.map((i: { grams: number }) => i.grams)).toEqual([500, 400, 800, 150, 16, 15]);
    expect(chili.ingredients[3]).toMatchObject({
      food_name: "Onions, raw",
      portion: { id: 5742, name: "large", grams: 150 },
    });
    expect(chili.nutrients.energy_kcal).toBeCloseTo((CHILI_KCAL * 100) / 1600, 2);
    expect(chili.per_serving.energy_kcal).toBeCloseTo(CHILI_KCAL / 6, 2);
    const protein = 27.73 * 5 + 5.22 * 4 + 0.78 * 8 + 1.1 * 1.5 + 13.46 * 0.16 + 0;
    expect(chili.per_serving.protein_g).toBeCloseTo(protein / 6, 2);
    // the catalogue does not know trans fat for four of them: unknown, named by ingredient, never summed as 0
    expect(chili.unknown.trans_fat_g).toEqual([16034, 11531, 11282, 4053]);
    expect(chili.nutrients.trans_fat_g).toBeNull();
    for (const k of [
      "energy_kcal",
      "protein_g",
      "fat_g",
      "carbohydrate_g",
      "fiber_g",
      "sugars_g",
      "saturated_fat_g",
      "sodium_mg",
    ])
      expect(chili.unknown[k]).toBeUndefined();
    expect(chili.portions[0]).toMatchObject({ name: "serving", amount: 1 });
    expect(chili.portions[0].grams).toBeCloseTo(1600 / 6, 2);

    // it is a custom food: found by search and by id, and logged by servings
    const search = async () =>
      (await api("GET", "/foods/search?q=chili%20con%20carne")).json.items as { id: number; source: string }[];
    expect((await search()).find((f) => f.id === chili.id)).toMatchObject({ source: "custom" });
    const meal = await api("POST", "/meals", {
      food_id: chili.id,
      portion_id: chili.portions[0].id,
      quantity: 1.5,
      meal_type: "dinner",
    });
    expect(meal.status).toBe(201);
    expect((await search())[0]!.id).toBe(chili.id); // once logged, it leads (the history boost)
    expect(meal.json.grams).toBeCloseTo(400, 1);
    expect(meal.json.nutrients.energy_kcal).toBe(Math.round((CHILI_KCAL / 6) * 1.5));

    // editing the recipe never rewrites the meal; the per-serving values follow the new servings
    const edited = await api("PATCH", `/recipes/${chili.id}`, { servings: 8 });
    expect(edited.status).toBe(200);
    expect(edited.json.per_serving.energy_kcal).toBeCloseTo(CHILI_KCAL / 8, 2);
    expect(edited.json.nutrients.energy_kcal).toBeCloseTo(chili.nutrients.energy_kcal, 6);
    expect((await api("GET", `/meals/${meal.json.id}`)).json.nutrients).toEqual(meal.json.nutrients);
    // a Recipe read and sent back whole (as a sync client may) changes nothing
    const { id: _id, ...whole } = edited.json;
    const back = await api("PATCH", `/recipes/${chili.id}`, whole);
    expect({
      ...back.json,
      portions: back.json.portions.map((p: { name: string; grams: number }) => [p.name, p.grams]),
    }).toEqual({
      ...edited.json,
      portions: edited.json.portions.map((p: { name: string; grams: number }) => [p.name, p.grams]),
    });
    // logged by grams too
    const byGrams = await api("POST", "/meals", { food_id: chili.id, quantity: 100, meal_type: "lunch" });
    expect(byGrams.json.nutrients.energy_kcal).toBe(Math.round((CHILI_KCAL * 100) / 1600));
  });

  test("an unknown nutrient stays null (never 0) and names the ingredient that lacks it; no cooked weight = the ingredients' total", async () => {
    const sauce = (
      await api("POST", "/foods", { name: "Grandma's sauce", nutrients: { energy_kcal: 120, protein_g: 2 } })
    ).json;
    const r = await api("POST", "/recipes", {
      name: "Pasta",
      servings: 2,
      ingredients: [
        { food_id: 20121, quantity: 200 },
        { food_id: sauce.id, quantity: 150 },
      ],
    });
    expect(r.status).toBe(201);
    expect(r.json.cooked_grams).toBeNull();
    expect(r.json.serving_grams).toBe(175);
    expect(r.json.nutrients.fiber_g).toBeNull();
    expect(r.json.per_serving.fiber_g).toBeNull();
    expect(r.json.unknown.fiber_g).toEqual([sauce.id]);
    expect(r.json.nutrients.protein_g).not.toBeNull();
    const pasta = (await api("GET", "/foods/20121")).json;
    expect(r.json.nutrients.energy_kcal).toBeCloseTo(
      ((pasta.nutrients.energy_kcal * 200 + 120 * 150) / 100 / 350) * 100,
      2,
    );
  });

  test("deleting an ingredient food keeps the recipe's snapshot; a PATCH that lists it again keeps it too", async () => {
    const stock = (await api("POST", "/foods", { name: "Bone stock", nutrients: { energy_kcal: 30, protein_g: 5 } }))
      .json;
    const soup = (
      await api("POST", "/recipes", {
        name: "Soup",
        servings: 4,
        ingredients: [
          { food_id: stock.id, quantity: 1000 },
          { food_id: 11282, quantity: 200 },
        ],
      })
    ).json;
    expect((await api("DELETE", `/foods/${stock.id}`)).status).toBe(204);
    const after = (await api("GET", `/recipes/${soup.id}`)).json;
    expect(after).toEqual(soup);
    const patched = await api("PATCH", `/recipes/${soup.id}`, {
      ingredients: [
        { food_id: stock.id, quantity: 1000 },
        { food_id: 11282, quantity: 100 },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.json.ingredients[0]).toMatchObject({ food_name: "Bone stock", grams: 1000 });
    expect(patched.json.total_grams).toBe(1100);
  });

  test("a recipe can contain another; deleting a recipe keeps its meals; its food cannot be changed through /foods", async () => {
    const base = (
      await api("POST", "/recipes", {
        name: "Tomato base",
        servings: 1,
        ingredients: [{ food_id: 11531, quantity: 400 }],
      })
    ).json;
    const outer = await api("POST", "/recipes", {
      name: "Shakshuka",
      servings: 2,
      ingredients: [
        { food_id: base.id, quantity: 1, portion_id: base.portions[0].id },
        { food_id: 1123, quantity: 100 },
      ],
    });
    expect(outer.status).toBe(201);
    expect(outer.json.ingredients[0].grams).toBe(400);
    expectError(await api("PATCH", `/foods/${base.id}`, { nutrients: { energy_kcal: 1 } }), 400, "validation_failed");
    expectError(await api("DELETE", `/foods/${base.id}`), 400, "validation_failed");
    const meal = (await api("POST", "/meals", { food_id: outer.json.id, quantity: 250, meal_type: "breakfast" })).json;
    expect((await api("DELETE", `/recipes/${outer.json.id}`)).status).toBe(204);
    expectError(await api("GET", `/recipes/${outer.json.id}`), 404, "food_not_found");
    expectError(await api("GET", `/foods/${outer.json.id}`), 404, "food_not_found");
    expect((await api("GET", `/meals/${meal.id}`)).json.nutrients).toEqual(meal.nutrients);
    expect((await api("GET", "/recipes")).json.items.map((r: { name: string }) => r.name)).toContain("Tomato base");
  });
});

describe("bad input", () => {
  const one = [{ food_id: 9040, quantity: 100 }];

  test("a recipe that contains itself, directly or through another → 400, nothing changes", async () => {
    const a = (await api("POST", "/recipes", { name: "A", servings: 1, ingredients: one })).json;
    const b = (
      await api("POST", "/recipes", { name: "B", servings: 1, ingredients: [{ food_id: a.id, quantity: 50 }] })
    ).json;
    const c = (
      await api("POST", "/recipes", { name: "C", servings: 1, ingredients: [{ food_id: b.id, quantity: 50 }] })
    ).json;
    let e = expectError(
      await api("PATCH", `/recipes/${a.id}`, { ingredients: [{ food_id: a.id, quantity: 10 }] }),
      400,
      "validation_failed",
    );
    expect(e.details?.[0]?.field).toBe("ingredients.0.food_id");
    e = expectError(
      await api("PATCH", `/recipes/${a.id}`, { ingredients: [...one, { food_id: c.id, quantity: 10 }] }),
      400,
      "validation_failed",
    );
    expect(e.details?.[0]).toMatchObject({ field: "ingredients.1.food_id" });
    expect(e.message).toContain("contains this one");
    expect((await api("GET", `/recipes/${a.id}`)).json).toEqual(a);
  });

  test("more than 100 ingredients, zero or negative servings, an empty list, bad quantities → 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "Big", servings: 1, ingredients: Array.from({ length: 101 }, () => one[0]) }, "ingredients"],
      [{ name: "Zero", servings: 0, ingredients: one }, "servings"],
      [{ name: "Neg", servings: -2, ingredients: one }, "servings"],
      [{ name: "Str", servings: "4", ingredients: one }, "servings"],
      [{ name: "Empty", servings: 1, ingredients: [] }, "ingredients"],
      [{ name: "Q", servings: 1, ingredients: [{ food_id: 9040, quantity: 0 }] }, "ingredients.0.quantity"],
      [
        { name: "P", servings: 1, ingredients: [{ food_id: 9040, quantity: 1, portion_id: 552 }] },
        "ingredients.0.portion_id",
      ],
      [{ name: "", servings: 1, ingredients: one }, "name"],
      [{ name: "Cooked", servings: 1, cooked_grams: 0, ingredients: one }, "cooked_grams"],
      [{ name: "Dry", servings: 1, cooked_grams: 1, ingredients: [{ food_id: 4053, quantity: 100 }] }, "cooked_grams"],
    ];
    const before = (await api("GET", "/recipes")).json.items.length;
    for (const [body, field] of cases) {
      const e = expectError(await api("POST", "/recipes", body), 400, "validation_failed");
      expect(`${field}: ${e.details?.map((d) => d.field).join(",")}`).toBe(`${field}: ${field}`);
    }
    expect((await api("GET", "/recipes")).json.items.length).toBe(before);
  });

  test("an ingredient another user owns → 404; another user's recipe → 404 on every route", async () => {
    const bobs = (
      await api("POST", "/foods", { name: "Bob's secret", nutrients: { energy_kcal: 100 } }, bob.access_token)
    ).json;
    expectError(
      await api("POST", "/recipes", { name: "Stolen", servings: 1, ingredients: [{ food_id: bobs.id, quantity: 1 }] }),
      404,
      "food_not_found",
    );
    const bobsRecipe = (
      await api("POST", "/recipes", { name: "Bob's pie", servings: 2, ingredients: one }, bob.access_token)
    ).json;
    expectError(await api("GET", `/recipes/${bobsRecipe.id}`), 404, "food_not_found");
    expectError(await api("PATCH", `/recipes/${bobsRecipe.id}`, { servings: 3 }), 404, "food_not_found");
    expectError(await api("DELETE", `/recipes/${bobsRecipe.id}`), 404, "food_not_found");
    expectError(
      await api("POST", "/recipes", {
        name: "Stolen",
        servings: 1,
        ingredients: [{ food_id: bobsRecipe.id, quantity: 1 }],
      }),
      404,
      "food_not_found",
    );
    expect((await api("GET", `/recipes/${bobsRecipe.id}`, undefined, bob.access_token)).json.servings).toBe(2);
    expectError(await api("GET", "/recipes/abc"), 400, "validation_failed");
  });
});

describe("GET /recipes pages", () => {
  test("a page at a time by id with next_cursor; null on the last page; only the caller's; bad cursor or limit → 400", async () => {
    const cara = await registerUser(t.call);
    const mine = (path: string) => api("GET", path, undefined, cara.access_token);
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        (
          await api(
            "POST",
            "/recipes",
            { name: `Stew ${i}`, servings: 1, ingredients: [{ food_id: 9040, quantity: 100 + i }] },
            cara.access_token,
          )
        ).json.id,
      );
    }
    await api("POST", "/recipes", { name: "Ana's", servings: 1, ingredients: [{ food_id: 9040, quantity: 1 }] });
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await mine(`/recipes?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(r.status).toBe(200);
      expect(r.json.items.length).toBeLessThanOrEqual(2);
      seen.push(...r.json.items.map((x: { id: number }) => x.id));
      cursor = r.json.next_cursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(made);
    expect(pages).toBe(3);
    const all = await mine("/recipes");
    expect(all.json.items.map((x: { id: number }) => x.id)).toEqual(made); // 5 fit the default page of 50
    expect(all.json.next_cursor).toBeNull();
    for (const bad of ["?cursor=nope", "?cursor=r1.", "?limit=0", "?limit=101", "?limit=x"]) {
      expectError(await mine(`/recipes${bad}`), 400, "validation_failed");
    }
  });
});

describe("portion ids across an edit", () => {
  test("a recipe's serving and a custom food's portion keep their ids while their names stay, so a client holding them still logs", async () => {
    const r = (await api("POST", "/recipes", CHILI)).json;
    const serving = r.portions[0].id;
    const edited = (await api("PATCH", `/recipes/${r.id}`, { servings: 4 })).json;
    expect(edited.portions[0]).toMatchObject({ id: serving, name: "serving" });
    expect(edited.portions[0].grams).toBeCloseTo(400, 3);
    const meal = await api("POST", "/meals", { food_id: r.id, portion_id: serving, quantity: 1, meal_type: "dinner" });
    expect(meal.status).toBe(201);
    expect(meal.json.grams).toBeCloseTo(400, 1);

    const food = (
      await api("POST", "/foods", {
        name: "Flatbread",
        nutrients: { energy_kcal: 300 },
        portions: [
          { name: "piece", grams: 60 },
          { name: "half", grams: 30 },
        ],
      })
    ).json;
    const [piece, half] = food.portions;
    const changed = (
      await api("PATCH", `/foods/${food.id}`, {
        portions: [
          { name: "slice", grams: 20 },
          { name: "piece", grams: 70 },
        ],
      })
    ).json;
    expect(changed.portions.map((p: { name: string }) => p.name)).toEqual(["slice", "piece"]);
    expect(changed.portions[1]).toMatchObject({ id: piece.id, grams: 70 });
    expect(changed.portions[0].id).not.toBe(half.id);
    // the removed portion is gone: logging with it is refused, naming the field
    expectError(
      await api("POST", "/meals", { food_id: food.id, portion_id: half.id, quantity: 1, meal_type: "lunch" }),
      400,
      "validation_failed",
    );
    // two portions of one name: each is matched once, and the one no longer listed goes
    const twice = (
      await api("PATCH", `/foods/${food.id}`, {
        portions: [
          { name: "piece", grams: 70 },
          { name: "piece", grams: 35 },
        ],
      })
    ).json;
    expect(twice.portions.map((p: { name: string; grams: number }) => [p.name, p.grams])).toEqual([
      ["piece", 70],
      ["piece", 35],
    ]);
    const once = (await api("PATCH", `/foods/${food.id}`, { portions: [{ name: "piece", grams: 35 }] })).json;
    expect(once.portions).toEqual([{ id: piece.id, name: "piece", amount: 1, grams: 35 }]);
  });
});
