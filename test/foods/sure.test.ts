/**
 * How sure a match is (src/features/foods/sure.ts, API.md §Foods): `sure` on search results and parsed
 * items, `alternatives` on unsure items, the web app's offline ranker giving the same answer, and the
 * aims over the public query sets: confidently wrong ≤ 3 %, right items marked unsure ≤ 10 %.
 */
import { describe, expect, test } from "bun:test";
import { catalogue, makeApp } from "../helpers";
import { SEARCH_CASES } from "../fixtures/search-queries";
import { NATURAL_CASES } from "../fixtures/search-natural";
import { parseAmount, searchText } from "../../src/features/foods/amount";
import { MemorySearch } from "../../src/features/foods/offline";
import type { RankInput } from "../../src/features/foods/rank";
import { isSure, sureOfTop } from "../../src/features/foods/sure";

const { call } = makeApp();
const { catalogue: cat, search } = catalogue();
const kcalOf = (id: number) => cat.food(id)?.nutrients.energy_kcal ?? null;
const foodText = (q: string) => {
  const { food, amount } = parseAmount(q);
  return searchText(food, amount);
};

describe("sure and alternatives through the API", () => {
  test("a dish matched to one of its parts is not sure, and offers up to 5 alternatives with servings", async () => {
    // no food has both words: the search falls back to foods with either (roast chicken)
    const r = await call("POST", "/api/v1/foods/parse", { body: { text: "chicken chasseur, an apple" } });
    expect(r.status).toBe(200);
    const [dish, apple] = r.json.items;
    expect(dish.food.name).not.toMatch(/chasseur/i);
    expect(dish.food).not.toBeNull();
    expect(dish.sure).toBe(false);
    expect(dish.alternatives.length).toBeGreaterThanOrEqual(1);
    expect(dish.alternatives.length).toBeLessThanOrEqual(5);
    for (const alt of dish.alternatives) {
      expect(alt.id).not.toBe(dish.food.id);
      expect("serving" in alt && "energy_kcal" in alt && "amount_applies" in alt).toBe(true);
      expect(alt.sure).toBeUndefined();
    }
    expect(apple.sure).toBe(true);
    expect(apple.alternatives).toEqual([]);
  });

  test("a one-word alias inside a longer query does not make its food sure", async () => {
    // "chicken" points to roast chicken; "chicken chasseur" (a dish the catalogue lacks) does not
    const r = await call("GET", "/api/v1/foods/search?q=chicken%20chasseur&limit=1");
    expect(r.json.items[0].sure).toBe(false);
    const plain = await call("GET", "/api/v1/foods/search?q=chicken&limit=1");
    expect(plain.json.items[0].sure).toBe(true);
  });

  test("search: only the first result of the first page may be sure", async () => {
    const first = await call("GET", "/api/v1/foods/search?q=banana&limit=5");
    expect(first.status).toBe(200);
    expect(first.json.items[0].sure).toBe(true);
    expect(first.json.items.slice(1).every((i: { sure: boolean }) => i.sure === false)).toBe(true);
    const next = await call("GET", "/api/v1/foods/search?q=banana&limit=5&offset=1");
    expect(next.json.items.every((i: { sure: boolean }) => i.sure === false)).toBe(true);
  });
});

describe("the rule", () => {
  test("close scores with other kcal are unsure; close with the same kcal, or far apart, are sure", () => {
    const named = { score: 50, named: true, kcal: 100 };
    expect(isSure(named, { score: 49, named: true, kcal: 200 })).toBe(false);
    expect(isSure(named, { score: 49, named: true, kcal: 105 })).toBe(true);
    expect(isSure(named, { score: 40, named: true, kcal: 200 })).toBe(true);
    expect(isSure({ ...named, named: false }, undefined)).toBe(false);
    expect(isSure(undefined, undefined)).toBe(false);
  });

  const judged = [...SEARCH_CASES, ...NATURAL_CASES].map((c) => {
    const r = search.search(foodText(c.q), { limit: 1, offset: 0 });
    return { q: c.q, right: c.expect.includes(r.ids[0]!), sure: sureOfTop(r.top, kcalOf) };
  });

  test("over the public query sets: confidently wrong ≤ 3 %, right ones marked unsure ≤ 10 %", () => {
    const right = judged.filter((j) => j.right);
    const wrongSure = judged.filter((j) => !j.right && j.sure).length;
    const rightUnsure = right.filter((j) => !j.sure).length;
    expect(wrongSure / judged.length).toBeLessThanOrEqual(0.03);
    expect(rightUnsure / right.length).toBeLessThanOrEqual(0.1);
  });

  test("the web app's offline ranker gives the same sure answer as the server", () => {
    const rows = cat.db
      .query("SELECT id, name, group_code, synonyms, portion_count, brand FROM food")
      .all() as RankInput[];
    const offline = new MemorySearch(rows);
    const differ = judged.filter((j) => {
      const top = offline.search(foodText(j.q), { limit: 1 }).top ?? [];
      return sureOfTop(top, kcalOf) !== j.sure;
    });
    expect(differ.map((j) => j.q)).toEqual([]);
  }, 120_000);
});
