/**
 * Catalogue matching for tracker imports is budgeted (issue 47): one search per distinct name,
 * however many entries repeat it, and past the cap of distinct names the rest are quick adds,
 * unsearched and counted. Runs the real matcher on the real catalogue and services.
 */
import { expect, test } from "bun:test";
import { anonymous, ctxFor } from "../../src/context";
import type { TrackerFood } from "../../src/features/portability/trackers/entries";
import { CatalogueMatcher, MAX_SEARCHED_NAMES } from "../../src/features/portability/trackers/match";
import { createServices } from "../../src/services";
import { catalogue, makeApp } from "../helpers";

const entry = (name: string, amount: string, kcal: number): TrackerFood => ({
  date: "2026-09-14",
  meal: "breakfast",
  name,
  amount,
  time: null,
  nutrients: { energy_kcal: kcal },
  group: null,
  note: null,
  file: "servings.csv",
  line: 2,
});

test("one search per distinct name; past the cap, names are not searched and are counted", async () => {
  const t = makeApp();
  const store = await t.store();
  const services = createServices({ store, catalogue: catalogue().catalogue, jwtSecret: "not used here" });
  let pauses = 0;
  const matcher = new CatalogueMatcher(
    anonymous(
      ctxFor(
        services,
        {
          id: 1,
          email: "",
          name: "",
          timezone: "UTC",
          role: "user",
          weightUnit: "kg",
          sid: null,
          tokenId: null,
          scopes: [],
        },
        new Date(),
        "test",
      ),
    ),
    (id) => store.run(services.foods.loggable(1, id)),
    async () => {
      pauses++;
    },
    2,
  );
  const banana = await matcher.match(entry("Bananas, raw", "1 medium", 105));
  expect(banana?.food.name).toContain("Bananas");
  // the same name at another amount: matched again, without another search
  expect((await matcher.match(entry("Bananas, raw", "2 medium", 210)))?.grams).toBeGreaterThan(200);
  expect(pauses).toBe(1);
  await matcher.match(entry("Oats", "40 g", 150));
  expect(pauses).toBe(2);
  // the budget of two names is spent: a third name is a quick add, unsearched, and counted once
  expect(await matcher.match(entry("Apples, raw, with skin", "1 medium", 95))).toBeNull();
  expect(await matcher.match(entry("Apples, raw, with skin", "2 medium", 190))).toBeNull();
  expect(pauses).toBe(2);
  expect(matcher.unsearched).toBe(1);
  expect(MAX_SEARCHED_NAMES).toBe(1000);
});
