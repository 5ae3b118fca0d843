/** Every food id named in the hand-kept search data exists in the catalogue. */
import { expect, test } from "bun:test";
import { catalogue } from "../helpers";
import { ALIASES, EVERYDAY_FOODS } from "../../src/features/foods/ranking-data";
import { words } from "../../src/features/foods/text";

const { catalogue: c } = catalogue();

test("every everyday food and alias preference is a catalogue food", () => {
  const ids = [...EVERYDAY_FOODS, ...Object.values(ALIASES).flatMap((a) => a.prefer ?? [])];
  const missing = ids.filter((id) => c.food(id) === null);
  expect(missing).toEqual([]);
});

test("alias keys are normalised the way queries are", () => {
  for (const key of Object.keys(ALIASES)) expect(words(key).join(" ")).toBe(key);
});
