/**
 * Search quality on the public everyday-query set (test/fixtures/search-queries.ts). The bars
 * sit just under today's figures, so a ranking change that loses ground fails here;
 * `bun run bench:search --verbose` shows which queries moved.
 */
import { describe, expect, test } from "bun:test";
import { catalogue } from "./helpers";
import { SEARCH_CASES } from "./fixtures/search-queries";

const { search } = catalogue();

function rate(curated: boolean) {
  let hit1 = 0;
  let hit3 = 0;
  const misses: string[] = [];
  for (const c of SEARCH_CASES) {
    const ids = search.search(c.q, { limit: 3, offset: 0, curated }).ids;
    if (c.expect.includes(ids[0]!)) hit1++;
    else misses.push(c.q);
    if (ids.some((id) => c.expect.includes(id))) hit3++;
  }
  return { hit1: hit1 / SEARCH_CASES.length, hit3: hit3 / SEARCH_CASES.length, misses };
}

describe("food search quality", () => {
  test("the set is big enough and covers every kind of query", () => {
    expect(SEARCH_CASES.length).toBeGreaterThanOrEqual(60);
    for (const kind of ["plain", "multi", "synonym", "british", "typo", "prefix"]) {
      expect(SEARCH_CASES.filter((c) => c.kind === kind).length).toBeGreaterThanOrEqual(5);
    }
  });

  test("hit@1 ≥ 95 % and hit@3 ≥ 98 %", () => {
    const r = rate(true);
    if (r.hit1 < 0.95) console.error("misses at 1:", r.misses.join(", "));
    expect(r.hit1).toBeGreaterThanOrEqual(0.95);
    expect(r.hit3).toBeGreaterThanOrEqual(0.98);
  });

  test("the naming rules alone (no curated aliases or everyday list) stay well above plain bm25", () => {
    const r = rate(false);
    expect(r.hit1).toBeGreaterThanOrEqual(0.75);
    expect(r.hit3).toBeGreaterThanOrEqual(0.88);
  });
});
