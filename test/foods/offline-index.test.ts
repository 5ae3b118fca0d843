/**
 * The web app's offline ranker finds its candidates in an inverted index (src/features/foods/offline.ts):
 * for each query of the public sets, the foods it ranks are exactly those the linear token check it
 * replaced finds over every catalogue food (every group, else, with more than one group, any), and the
 * person's own foods rank alongside.
 */
import { describe, expect, test } from "bun:test";
import { catalogue } from "../helpers";
import { SEARCH_CASES } from "../fixtures/search-queries";
import { NATURAL_CASES } from "../fixtures/search-natural";
import { entry, groupsMatched, MemorySearch } from "../../src/features/foods/offline";
import { parseQuery } from "../../src/features/foods/query";
import type { RankInput } from "../../src/features/foods/rank";
import { parseAmount } from "../../src/features/foods/amount";

describe("offline ranker's index", () => {
  const rows = catalogue()
    .catalogue.db.query("SELECT id, name, group_code, synonyms, portion_count, brand FROM food")
    .all() as RankInput[];
  const search = new MemorySearch(rows);
  const entries = rows.map(entry);

  test("finds the same foods as a check of every food, on the public query sets and prefixes being typed", () => {
    // every third case: each check reads all ~9,600 foods (the whole sets took 34 s on a loaded box)
    const queries = [...SEARCH_CASES, ...NATURAL_CASES].filter((_, i) => i % 3 === 0).map((c) => parseAmount(c.q).food);
    queries.push("ap", "chicken bre", "b", "quinoa salad with feta", "zzqx apple");
    for (const q of queries) {
      const query = parseQuery(q.trim(), search.vocab);
      if (!query.groups.length) continue;
      const all = query.groups.length;
      let want = entries.filter((e) => groupsMatched(query, e) === all);
      if (!want.length && all > 1) want = entries.filter((e) => groupsMatched(query, e) > 0);
      const got = search.search(q, { limit: rows.length });
      expect({ q, ids: [...got].sort((a, b) => a - b), total: got.total }).toEqual({
        q,
        ids: want.map((e) => e.id).sort((a, b) => a - b),
        total: want.length,
      });
    }
  }, 60_000);

  test("own foods are ranked alongside, and only a food with every word counts before the loose fallback", () => {
    const own: RankInput = {
      id: 1_000_001,
      name: "Granny's chilli",
      group_code: null,
      synonyms: "",
      portion_count: 0,
      brand: null,
    };
    const found = search.search("granny chilli", { limit: 5, extra: [own], boosts: new Map([[own.id, 40]]) });
    expect(found[0]).toBe(own.id);
    expect(found.total).toBe(1); // the catalogue's chillies have one group of two: no loose fallback
  });
});
