/**
 * FoodSearch merges a person's boosts and own foods into a cached base ranking instead of scoring
 * and sorting every candidate again. This checks the merge against that full re-sort (the ranking as
 * it was computed before the merge existed), for random boosts and extra foods over real queries, every page.
 */
import { expect, test } from "bun:test";
import { FoodSearch } from "../../src/features/foods/search";
import { parseQuery } from "../../src/features/foods/query";
import { prepareName, score, type RankInput } from "../../src/features/foods/rank";
import { rng } from "../../scripts/rng";
import { catalogue } from "../helpers";

function fullSort(search: FoodSearch, q: string, boosts: Map<number, number>, extra: RankInput[]) {
  const { catalogue: c } = catalogue();
  const query = parseQuery(q, search.vocab);
  let rows = c.search(query.match!, 3000);
  if (rows.length === 0 && query.looseMatch) rows = c.search(query.looseMatch, 3000);
  const ctx = { query, boosts };
  const scored = [
    ...rows.map((r) => ({ id: r.id, s: score(prepareName(r), ctx), bm25: r.bm25 })),
    ...extra.map((e) => ({ id: e.id, s: score(prepareName(e), ctx), bm25: 0 })),
  ];
  return scored.sort((a, b) => b.s - a.s || a.bm25 - b.bm25 || a.id - b.id).map((x) => x.id);
}

test("a personal ranking merged into the cached base equals scoring and sorting every candidate", () => {
  const { catalogue: c } = catalogue();
  const search = new FoodSearch(c);
  const random = rng(18);
  let compared = 0;
  for (const q of ["apple", "chicken breast", "milk", "rice", "cheese", "bread", "egg", "oats", "yogurt", "beans"]) {
    const all = search.search(q, { limit: 3000, offset: 0, cacheKey: "t" }).ids;
    for (let round = 0; round < 6; round++) {
      // boosts on random candidates (some deep in the list), on ids that are not candidates, and own foods
      const boosts = new Map<number, number>();
      for (let i = 0; i < 25; i++) boosts.set(all[Math.floor(random() * all.length)]!, Math.round(random() * 30));
      boosts.set(424242, 20);
      const extra: RankInput[] = Array.from({ length: round % 3 }, (_, i) => ({
        id: 1_000_000 + round * 10 + i,
        name: `${q} homemade ${i}`,
        group_code: null,
        synonyms: "",
        portion_count: i,
        brand: null,
      }));
      for (const e of extra) boosts.set(e.id, 3);
      const want = fullSort(search, q, boosts, extra);
      for (const [offset, limit] of [
        [0, 20],
        [20, 20],
        [0, 100],
        [37, 5],
      ] as const) {
        const got = search.search(q, { limit, offset, boosts, extra, cacheKey: "t" });
        expect({ q, round, offset, ids: got.ids }).toEqual({
          q,
          round,
          offset,
          ids: want.slice(offset, offset + limit),
        });
        compared++;
      }
    }
  }
  expect(compared).toBe(240);
});
