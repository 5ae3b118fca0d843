/**
 * The person's own foods first (rank.ts OWN_FOOD_BOOST, boostApplies): a recipe or custom food whose name has
 * the words typed ranks above the catalogue's; history never pulls another preparation of a food unless asked.
 */
import { expect, test } from "bun:test";
import { makeApp, signedIn } from "../helpers";

const app = makeApp();
const first = async (u: Awaited<ReturnType<typeof signedIn>>, q: string) =>
  (await u.api("GET", `/foods/search?q=${encodeURIComponent(q)}&limit=3`)).json.items[0] as {
    id: number;
    name: string;
  };

test("the person's recipe Chilli con carne ranks above the catalogue's canned chili", async () => {
  const ana = await signedIn(app);
  const bob = await signedIn(app);
  const r = await ana.api("POST", "/recipes", {
    name: "Chilli con carne",
    servings: 4,
    ingredients: [
      { food_id: 23570, quantity: 500 },
      { food_id: 16028, quantity: 400 },
    ],
  });
  expect(r.status).toBe(201);
  const mine = await first(ana, "chilli con carne");
  expect(mine.name).toBe("Chilli con carne");
  expect((await first(ana, "2 bowls of chilli con carne")).name).toBe("Chilli con carne");
  expect((await first(bob, "chilli con carne")).name).not.toBe("Chilli con carne");
});

test("an own food whose name lacks a word typed does not jump ahead", async () => {
  const ana = await signedIn(app);
  expect((await ana.api("POST", "/foods", { name: "Beef stew", nutrients: { energy_kcal: 120 } })).status).toBe(201);
  expect((await first(ana, "beef stir fry")).name).not.toBe("Beef stew");
});

test("after logging toast, wholemeal bread is still bread; wholemeal toast is the toast", async () => {
  const ana = await signedIn(app);
  for (let i = 0; i < 5; i++) {
    const m = await ana.api("POST", "/meals", { food_id: 18076, quantity: 60, meal_type: "breakfast" });
    expect(m.status).toBe(201);
  }
  expect((await first(ana, "2 slices wholemeal bread")).id).toBe(18075);
  expect((await first(ana, "wholemeal bread")).id).toBe(18075);
  expect((await first(ana, "wholemeal toast")).id).toBe(18076);
});

test("after logging porridge made with semi-skimmed milk, a pint of semi-skimmed milk is milk, not the porridge", async () => {
  // a day of use: one bowl of porridge, then "a pint of semi-skimmed milk" in quick entry became the porridge, 596 kcal,
  // marked sure: the history boost lifted a dish whose name has the milk's words but is another food
  const ana = await signedIn(app);
  expect((await ana.api("PATCH", "/me", { region: "GB" })).status).toBe(200);
  const m = await ana.api("POST", "/meals", { food_id: 900131, quantity: 1, meal_type: "breakfast" });
  expect(m.status).toBe(201);
  const parsed = await ana.api("POST", "/foods/parse", { text: "a pint of semi-skimmed milk" });
  expect(parsed.status).toBe(200);
  const item = parsed.json.items[0] as { food: { id: number; name: string } | null };
  expect(item.food?.id).not.toBe(900131);
  expect(item.food?.name).toMatch(/milk/i);
  expect((await first(ana, "semi-skimmed milk")).id).not.toBe(900131);
  // the porridge, asked for by name, is still the porridge (and still lifted by the history)
  expect((await first(ana, "porridge with semi-skimmed milk")).id).toBe(900131);
});
