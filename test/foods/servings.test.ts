/**
 * The serving a phrase starts at and the food it finds: counts use the food's countable portion, a
 * glass of wine is its 5 fl oz serving, meat and fish come cooked and oats by weight dry, a dish beats
 * its parts, an amount a food cannot measure is said so, and history ranks up only foods with every
 * word typed. Through the real app; the counts over many phrases are in phrases.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { makeApp, registerUser } from "../helpers";
import { countPortion } from "../../src/features/foods/portion";

const { call } = makeApp();
const top = async (q: string, token?: string) => {
  const r = await call("GET", `/api/v1/foods/search?q=${encodeURIComponent(q)}&limit=5`, token ? { token } : {});
  expect(r.status).toBe(200);
  return r.json.items[0];
};

describe("a count uses the food's countable portion", () => {
  test("biscuits, single almonds, a medium fruit, one side of a chicken breast", async () => {
    expect((await top("2 weetabix")).serving.grams).toBe(36); // 2 biscuits of 18 g, not 2 cups
    expect((await top("10 almonds")).serving.grams).toBe(12); // 1.2 g each, not 10 ounces
    expect((await top("an orange")).serving.grams).toBe(131); // the usual fruit, not a large one
    expect((await top("a chicken breast")).serving.grams).toBe(86); // USDA's "0.5 breast" is one breast as sold
    expect((await top("3 slices of bacon")).serving.grams).toBe(24); // cooked slices of 8 g
    expect((await top("2 scrambled eggs")).serving.grams).toBe(122); // two eggs, not two servings
    expect((await top("scrambled eggs")).default_portion.grams).toBe(122); // a serving is two eggs, not one
  });

  test("the portion order: medium, the food's own noun, one of anything, the default, some thing", () => {
    const p = (id: number, name: string, grams: number, amount = 1) => ({ id, name, amount, grams });
    const cup = p(1, "cup", 57);
    expect(countPortion([cup, p(2, "biscuit", 18)], cup)?.id).toBe(2);
    expect(countPortion([cup, p(3, "roll (8 pieces)", 206), p(4, "piece", 26)], cup, ["sushi", "roll"])?.id).toBe(3);
    expect(countPortion([cup, p(5, "large", 184), p(6, 'fruit (2-5/8" dia)', 131)], p(5, "large", 184))?.id).toBe(6);
    expect(countPortion([cup, p(7, "unit (yield from 1 lb ready-to-cook chicken)", 52)], cup)?.id).toBe(1);
    expect(countPortion([cup], cup)?.id).toBe(1); // a coffee is its cup
  });
});

describe("volumes and measures", () => {
  test("a glass of wine is its 5 fl oz serving; a glass of milk a cup", async () => {
    expect((await top("a glass of red wine")).serving.grams).toBe(147);
    expect((await top("a glass of milk")).serving.grams).toBe(244);
  });

  test("an amount the food cannot measure is said so, not dropped", async () => {
    const apple = await top("a slice of apple");
    expect(apple.id).toBe(9003);
    expect(apple.serving).toBeNull();
    expect(apple.amount_applies).toBe(false);
    expect((await top("2 eggs")).amount_applies).toBe(true);
    expect((await top("eggs")).amount_applies).toBeNull();
    const parsed = (await call("POST", "/api/v1/foods/parse", { body: { text: "a slice of apple, 2 eggs" } })).json;
    expect(parsed.items.map((i: { amount_applies: boolean }) => i.amount_applies)).toEqual([false, true]);
  });
});

describe("the food a phrase means", () => {
  test("meat and fish come cooked unless raw is asked; oats by weight are dry; uncooked rice is raw", async () => {
    expect((await top("150g chicken breast")).id).toBe(5064);
    expect((await top("raw chicken breast")).id).toBe(5062);
    expect((await top("100g salmon")).name).toContain("cooked");
    expect((await top("200g ground beef")).name).toContain("cooked");
    expect((await top("100g oats")).id).toBe(8120);
    expect((await top("40g porridge oats")).id).toBe(8120);
    expect((await top("1 cup oatmeal")).id).toBe(8121);
    expect((await top("75g uncooked rice")).id).toBe(20044);
  });

  test("a dish beats its parts when the words name it", async () => {
    expect((await top("spaghetti bolognese")).id).toBe(900030);
    expect((await top("turkey sandwich")).id).toBe(900027);
    expect((await top("a hot dog")).id).toBe(900025);
    expect((await top("a slice of toast with butter")).id).toBe(900029);
    expect((await top("a bowl of cereal")).id).toBe(900015);
    expect((await top("a bowl of cereal")).serving.grams).toBe(150);
    for (const q of ["fish and chips", "pad thai", "sushi", "beans on toast", "chicken curry with rice", "a burrito"])
      expect((await top(q)).origin).toBe("composed");
  });

  test("history ranks up only foods whose name has every word typed", async () => {
    const ana = await registerUser(call);
    const before = (await top("beef stir fry")).id;
    for (let i = 0; i < 3; i++)
      await call("POST", "/api/v1/meals", {
        token: ana.access_token,
        body: { food_id: 5064, quantity: 150, meal_type: "dinner" },
      });
    expect((await top("chicken", ana.access_token)).id).toBe(5064);
    expect((await top("beef stir fry", ana.access_token)).id).toBe(before);
    expect((await top("beef stir fry", ana.access_token)).id).not.toBe(5064);
  });
});
