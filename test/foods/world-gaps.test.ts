/**
 * Phrases of the world set (bench/phrases/world.ts) that logged another food at another kcal: each now logs its
 * reference food at its reference grams, through POST /foods/parse in the phrase's region.
 */
import { expect, test } from "bun:test";
import { makeApp, signedIn } from "../helpers";

const app = makeApp();

test("fried chicken pieces, chapati, French toast and a glazed doughnut are the foods people mean", async () => {
  const cases: [string, string, number, number][] = [
    // USDA's fried chicken counts a "unit" as a whole bird's yield: 2 pieces were 560 g, 1,618 kcal
    ["US", "2 pieces of fried chicken", 900213, 220],
    // the home chapati, not USDA's commercial one at twice the kcal
    ["IN", "3 chapati", 901212, 126],
    // made at home, not the frozen ready-to-heat slices
    ["US", "2 slices of french toast", 18269, 130],
    // the yeast-raised glazed ring, not the cake doughnut
    ["US", "a glazed donut", 18255, 64],
  ];
  for (const [region, text, id, grams] of cases) {
    const u = await signedIn(app);
    expect((await u.api("PATCH", "/me", { region })).status).toBe(200);
    const [item] = (await u.api("POST", "/foods/parse", { text })).json.items;
    expect([text, item.food.id, item.serving.grams]).toEqual([text, id, grams]);
    expect(item.sure).toBe(true);
  }
  // a plain donut stays the cake doughnut of the project's phrase set
  const u = await signedIn(app);
  expect((await u.api("POST", "/foods/parse", { text: "a donut" })).json.items[0].food.id).toBe(18250);
});
