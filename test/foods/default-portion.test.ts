/**
 * The catalogue's natural serving (`default_portion`), chosen at build time by
 * scripts/catalogue/default-portion.ts: the rule on real USDA portion lists, and the shipped catalogue
 * through the API. The web app's log form starts at one of it as stated ("0.5 breast (118 g)").
 */
import { expect, test } from "bun:test";
import { defaultPortionIndex } from "../../scripts/catalogue/default-portion";
import { makeApp } from "../helpers";

const { call } = makeApp();

const p = (name: string, amount: number, grams: number) => ({ name, amount, grams });

test("a piece of the animal, not the meat of a pound of it", () => {
  // Chicken breast, raw (114 kcal/100 g): was the yield unit, 71 g of a pound of chicken
  const breast = [
    p("unit (yield from 1 lb ready-to-cook chicken)", 1, 71),
    p("breast, bone and skin removed", 0.5, 118),
  ];
  expect(defaultPortionIndex(breast, 114)).toBe(1);
  // Chicken, dark meat, thigh, raw: a thigh (69 g), not the thigh meat of a pound (41 g)
  const thigh = [
    p("thigh, bone and skin removed (yield from 1 lb ready-to-cook chicken)", 1, 41),
    p("thigh, bone and skin removed", 1, 69),
  ];
  expect(defaultPortionIndex(thigh, 119)).toBe(1);
  // Chicken, meat only, raw: the meat of a pound (197 g) beats half a chicken's (329 g)
  const meat = [
    p("unit (yield from 1 lb ready-to-cook chicken)", 1, 197),
    p("chicken, bone and skin removed", 0.5, 329),
  ];
  expect(defaultPortionIndex(meat, 119)).toBe(0);
});

test("a few ounces when the other measures are a whole cut, a bag or a roast", () => {
  // Beef, rib, large end, cooked (372 kcal/100 g): 3 oz, not the 290 g yield of a pound (1,079 kcal)
  const rib = [p("piece, cooked, excluding refuse (yield from 1 lb raw meat with refuse)", 1, 290), p("oz", 3, 85)];
  expect(defaultPortionIndex(rib, 372)).toBe(1);
  // Tortilla chips (489 kcal/100 g): an ounce, not the bag (1,042 kcal)
  expect(defaultPortionIndex([p("oz", 1, 28.35), p("bag", 1, 213)], 489)).toBe(0);
  // Beef, top sirloin steak, raw: a 608 g steak is passed over for an ounce
  expect(defaultPortionIndex([p("steak", 1, 608), p("oz", 1, 28.35)], 201)).toBe(1);
  // Pork, shoulder, arm picnic, cooked: only the roast (2.25 kg): none, the form starts at 100 g
  expect(defaultPortionIndex([p("roast", 1, 2252)], 270)).toBe(-1);
});

test("a berry, a radish or a lettuce leaf is not a serving; a cracker or a packet is", () => {
  // Strawberries, raw (32 kcal/100 g): the NLEA serving (147 g), not one medium berry (12 g, 4 kcal)
  const strawberries = [p("cup, halves", 1, 152), p('medium (1-1/4" dia)', 1, 12), p("NLEA serving", 1, 147)];
  expect(defaultPortionIndex(strawberries, 32)).toBe(2);
  // Radishes, raw: a cup of slices, not one radish (4 g)
  expect(defaultPortionIndex([p("cup slices", 1, 116), p('medium (3/4" to 1" dia)', 1, 4.5)], 16)).toBe(0);
  // a melba toast (5 g, 20 kcal) and a packet of sweetener (1 g) stay what people count
  expect(defaultPortionIndex([p("cup, crushed", 1, 70), p("piece", 1, 5)], 390)).toBe(1);
  expect(defaultPortionIndex([p("tsp", 1, 4), p("serving 1 packet", 1, 1)], 365)).toBe(1);
});

test("a sauce, dressing, cream or spread by the tablespoon, a cooked cereal by the cup", () => {
  const ketchup = [p("cup", 1, 240), p("tbsp", 1, 15), p("packet", 1, 9)];
  expect(defaultPortionIndex(ketchup, 97, "Catsup")).toBe(1);
  expect(defaultPortionIndex([p("cup", 1, 230), p("tbsp", 1, 12)], 193, "Cream, sour, cultured")).toBe(1);
  const creamOfWheat = [p("cup (1 serving)", 1, 251), p("tbsp", 1, 16)];
  expect(defaultPortionIndex(creamOfWheat, 50, "Cereals, CREAM OF WHEAT, regular, cooked with water")).toBe(0);
  // a stated serving still comes first: ranch dressing's "serving" (2 tbsp, 30 g)
  expect(defaultPortionIndex([p("tbsp", 1, 15), p("serving", 1, 30)], 484, "Salad dressing, ranch dressing")).toBe(1);
});

test("a serving as stated: a quarter cup is weighed as a quarter cup", () => {
  // REESE'S PIECES (497 kcal/100 g): "0.25 cup" is 47 g, 234 kcal (a cup, 188 g, would be 934)
  const reeses = [p("cup", 0.25, 47), p("pieces", 10, 8), p("package 1.63 oz", 1, 46)];
  expect(defaultPortionIndex(reeses, 497)).toBe(0);
  // the rules before still hold: a medium banana over a mashed cup, an ounce of almonds over a ground cup
  const banana = [p("cup, mashed", 1, 225), p('medium (7" to 7-7/8" long)', 1, 118)];
  expect(defaultPortionIndex(banana, 89)).toBe(1);
  const almonds = [p("cup, ground", 1, 95), p("oz (23 whole kernels)", 1, 28.35)];
  expect(defaultPortionIndex(almonds, 579)).toBe(1);
});

test("the shipped catalogue carries these servings", async () => {
  const food = async (id: number) => (await call("GET", `/api/v1/foods/${id}`)).json;
  expect((await food(5062)).default_portion).toMatchObject({
    name: "breast, bone and skin removed",
    amount: 0.5,
    grams: 118,
  });
  expect((await food(13386)).default_portion).toMatchObject({ name: "oz", amount: 3, grams: 85 });
  const roast = await food(10075);
  expect(roast.portions.length).toBeGreaterThan(0);
  expect(roast.default_portion).toBeNull();
});
