/**
 * A serving said as the person said it (issue 59 item 8): a pint of bitter reads "1 pint (568 ml)", not its
 * grams, in a search result, in the log form's start and when it is logged again from the last time.
 */
import { expect, test } from "bun:test";
import { hitServing, sameAmount, startServing, typedServing, type LastServings } from "../../web/src/serving";
import type { FoodRec } from "../../web/src/store";

const BEER: FoodRec = {
  id: 14003,
  name: "Alcoholic beverage, beer, regular, all",
  brand: null,
  barcode: null,
  per100g: { energy_kcal: 43 },
  portions: [{ id: 7, name: "fl oz", amount: 1, grams: 29.7 }],
  custom: false,
  version: null,
};
const PINT = { quantity: 570.682, portion_id: null, grams: 570.682, measure: "1 pint (568 ml)" };

test("a search result with a measure says it, with the kcal of its grams", () => {
  const s = hitServing({ id: BEER.id, energy_kcal: 43, serving: PINT }, new Map());
  expect(s).toEqual({ text: "1 pint (568 ml)", grams: 570.682, kcal: 245 });
  // without one the grams are said, as before
  expect(hitServing({ id: BEER.id, energy_kcal: 43, serving: { ...PINT, measure: undefined } }, new Map()).text).toBe(
    "571 g",
  );
});

test("the typed serving and the last one carry the measure; a changed amount drops it", () => {
  const typed = typedServing(BEER, PINT)!;
  expect(typed).toEqual({ quantity: 570.682, portion: null, measure: "1 pint (568 ml)" });
  expect(sameAmount(typed, 570.682, null)).toBe(true);
  expect(sameAmount(typed, 285, null)).toBe(false);
  const last: LastServings = new Map([
    [BEER.id, { quantity: 570.682, portion: null, grams: 570.682, measure: "1 pint (568 ml)" }],
  ]);
  expect(startServing(BEER, last).measure).toBe("1 pint (568 ml)");
  expect(hitServing({ id: BEER.id, energy_kcal: 43 }, last).text).toBe("1 pint (568 ml)");
});
