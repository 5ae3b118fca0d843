/**
 * Search as people type (amounts, lines, dishes, cooked-first, SR28 foods, short names) through
 * the real app, plus the pure parsers the web app shares.
 */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";
import { parseAmount } from "../../src/features/foods/amount";
import { resolveAmount } from "../../src/features/foods/portion";

const { call } = makeApp();
const search = async (q: string, token?: string) => {
  const r = await call("GET", `/api/v1/foods/search?q=${encodeURIComponent(q)}&limit=5`, token ? { token } : {});
  expect(r.status).toBe(200);
  return r.json;
};

describe("amounts in the query", () => {
  test("the parser reads counts, units, fractions and words, and leaves food names alone", () => {
    expect(parseAmount("2 eggs")).toEqual({ food: "eggs", amount: { quantity: 2, unit: null, text: "2" } });
    expect(parseAmount("200g chicken breast").amount).toEqual({ quantity: 200, unit: "g", text: "200 g" });
    expect(parseAmount("half an avocado")).toEqual({
      food: "avocado",
      amount: { quantity: 0.5, unit: null, text: "half an" },
    });
    expect(parseAmount("3 slices of bread")).toEqual({
      food: "bread",
      amount: { quantity: 3, unit: "slice", text: "3 slices of" },
    });
    expect(parseAmount("1 1/2 cups oats").amount?.quantity).toBe(1.5);
    expect(parseAmount("chicken breast 150 g")).toEqual({
      food: "chicken breast",
      amount: { quantity: 150, unit: "g", text: "150 g" },
    });
    expect(parseAmount("half and half").amount).toBeNull();
    expect(parseAmount("2% milk").amount).toBeNull();
    expect(parseAmount("double cream").amount).toBeNull();
  });

  test("a unit the food has no portion for converts through its volume portion, else is refused", () => {
    const portions = [
      { id: 7, name: "cup, chopped", amount: 1, grams: 91 },
      { id: 8, name: "tbsp", amount: 1, grams: 6 },
    ];
    expect(resolveAmount({ quantity: 2, unit: "cup", text: "2 cups" }, portions, null)).toEqual({
      quantity: 2,
      portion_id: 7,
      grams: 182,
      measure: "2 cups (473 ml)",
    });
    expect(resolveAmount({ quantity: 100, unit: "ml", text: "100 ml" }, portions, null)?.portion_id).toBeNull();
    expect(resolveAmount({ quantity: 1, unit: "slice", text: "1 slice" }, portions, null)).toBeNull();
    expect(resolveAmount({ quantity: 2, unit: null, text: "2" }, portions, null)).toBeNull();
  });

  test('"2 eggs" finds the egg and carries 2 of its default portion', async () => {
    const r = await search("2 eggs");
    expect(r.amount).toEqual({ quantity: 2, unit: null, text: "2" });
    const egg = r.items[0];
    expect(egg.id).toBe(1123);
    expect(egg.serving).toEqual({
      quantity: 2,
      portion_id: egg.default_portion.id,
      grams: 2 * egg.default_portion.grams,
    });
  });

  test("grams, slices and cups become the meal's quantity and portion", async () => {
    const chicken = (await search("200g chicken breast")).items[0];
    expect(chicken.id).toBe(5064); // weighed as eaten: roasted
    expect(chicken.serving).toEqual({ quantity: 200, portion_id: null, grams: 200 });
    const bread = (await search("3 slices of bread")).items[0];
    const slice = (await call("GET", `/api/v1/foods/${bread.id}`)).json.portions.find(
      (p: { id: number }) => p.id === bread.serving.portion_id,
    );
    expect(slice.name.startsWith("slice")).toBe(true);
    expect(bread.serving.quantity).toBe(3);
    const rice = (await search("1 cup rice")).items[0];
    expect(rice.name).toContain("cooked");
    expect(rice.serving.quantity).toBe(1);
  });

  test("a query with no amount has amount null and serving null", async () => {
    const r = await search("banana");
    expect(r.amount).toBeNull();
    expect(r.items[0].serving).toBeNull();
  });
});

describe("POST /foods/parse", () => {
  const parse = (body: unknown, token?: string) =>
    call("POST", "/api/v1/foods/parse", { body, ...(token ? { token } : {}) });

  test("splits a line into items with foods and servings", async () => {
    const r = await parse({ text: "2 eggs, toast with butter and a coffee" });
    expect(r.status).toBe(200);
    // "toast with butter" is one food's name (the composed buttered toast), so it stays whole
    expect(r.json.items.map((i: { food_text: string }) => i.food_text)).toEqual([
      "eggs",
      "toast with butter",
      "coffee",
    ]);
    const [eggs, toast, coffee] = r.json.items;
    expect(eggs.food.id).toBe(1123);
    expect(eggs.serving.quantity).toBe(2);
    expect(toast.food.name).toBe("Buttered toast");
    expect(coffee.food.id).toBe(14209);
    expect(coffee.amount).toEqual({ quantity: 1, unit: null, text: "a" });
  });

  test('a dish\'s own "and"/"with" does not split it', async () => {
    const r = await parse({ text: "mac and cheese; coffee with milk plus biscuits and gravy" });
    expect(r.json.items.map((i: { food_text: string }) => i.food_text)).toEqual([
      "mac and cheese",
      "coffee with milk",
      "biscuits and gravy",
    ]);
    expect(r.json.items[1].food.origin).toBe("composed");
  });

  test("bad input is a 400 naming text; nothing typed is no items", async () => {
    for (const body of [{}, { text: 5 }, { text: "   " }, { text: "x".repeat(501) }]) {
      const e = expectError(await parse(body), 400, "validation_failed");
      expect(JSON.stringify(e)).toContain("text");
    }
    expect((await parse({ text: "and, with" })).json.items).toEqual([]);
  });

  test("another account's custom food is never an item's food", async () => {
    const owner = await registerUser(call);
    const other = await registerUser(call);
    const made = await call("POST", "/api/v1/foods", {
      token: owner.access_token,
      body: { name: "Zorbleberry crumble", nutrients: { energy_kcal: 300 } },
    });
    expect(made.status).toBe(201);
    expect((await parse({ text: "a zorbleberry crumble" }, owner.access_token)).json.items[0].food.id).toBe(
      made.json.id,
    );
    const theirs = (await parse({ text: "a zorbleberry crumble" }, other.access_token)).json.items[0].food;
    expect(theirs?.id ?? null).not.toBe(made.json.id);
  });

  test("your own food is found by its brand and by any word of its name", async () => {
    const me = await registerUser(call);
    const bar = await call("POST", "/api/v1/foods", {
      token: me.access_token,
      body: { name: "Protein bar, cookies and cream", brand: "Quest", nutrients: { energy_kcal: 380 } },
    });
    expect(bar.status).toBe(201);
    expect((await search("quest", me.access_token)).items[0].id).toBe(bar.json.id);
    expect((await search("cookies cream protein", me.access_token)).items[0].id).toBe(bar.json.id);
    expect((await search("quest")).items[0]?.id).not.toBe(bar.json.id); // anonymous: not theirs to see
  });
});

describe("dishes, cooked-first, SR28 foods and short names", () => {
  test("drinks and dishes people say resolve to a food whose source is stated", async () => {
    const latte = (await search("latte")).items[0];
    expect(latte.origin).toBe("composed");
    const detail = (await call("GET", `/api/v1/foods/${latte.id}`)).json;
    expect(detail.attribution.notice).toContain("Made from:");
    expect((await search("coffee with milk")).items[0].name).toBe("Coffee with milk");
    expect((await search("fried rice")).items[0].id).toBe(36602);
  });

  test("rice, lentils and quinoa come cooked unless raw or dry is asked", async () => {
    expect((await search("rice")).items[0].id).toBe(20045);
    expect((await search("lentils")).items[0].id).toBe(16070);
    expect((await search("quinoa")).items[0].id).toBe(20137);
    expect((await search("raw rice")).items[0].name).toContain("raw");
    expect((await search("dry oats")).items[0].id).toBe(8120);
  });

  test("Greek yogurt comes from SR28, marked so", async () => {
    const top = (await search("greek yogurt")).items[0];
    expect(top.name.toLowerCase()).toContain("greek");
    expect(top.origin).toBe("usda_sr28");
    expect((await call("GET", `/api/v1/foods/${top.id}`)).json.attribution.source).toBe("USDA SR28");
  });

  test("a typo goes to the nearest word, the commoner of equals, and a misspelt alias still finds its food", async () => {
    const top = async (q: string) => (await search(q)).items[0]?.id;
    expect(await top("abuergine")).toBe(11209); // alias aubergine → eggplant
    expect(await top("pranws")).toBe(15151); // alias prawns → shrimp (cooked, as eaten)
    expect(await top("pecasn")).toBe(12142); // one edit (pecans) over two (peas)
    expect(await top("brad")).toBe(18069); // bread and bran are both one edit away; bread is in far more names
    expect(await top("barely")).toBe(20006);
  });

  test("catalogue foods have a short name for lists and keep the full name", async () => {
    const oats = (await call("GET", "/api/v1/foods/8121")).json;
    expect(oats.short_name).toBe("Oatmeal, cooked with water");
    expect(oats.name).toStartWith("Cereals, oats, regular and quick");
    const almonds = (await search("almonds")).items[0];
    expect(almonds.short_name).toBe("Almonds");
  });
});
