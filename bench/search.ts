#!/usr/bin/env bun
/**
 * bun run bench:search — in-process food-search quality and latency over the public query set
 * (test/fixtures/search-queries.ts), plain bm25 beside our ranker, in one run.
 *
 *   --verbose   print every miss with the top 3 results
 *   --rounds N  latency rounds over the whole set (default 30)
 */
import { Catalogue } from "../src/db/catalogue";
import { loadConfig } from "../src/config";
import { FoodSearch } from "../src/features/foods/search";
import { parseQuery } from "../src/features/foods/query";
import { SEARCH_CASES } from "../test/fixtures/search-queries";

const verbose = process.argv.includes("--verbose");
const roundsArg = process.argv.indexOf("--rounds");
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 30;

const catalogue = new Catalogue(loadConfig([], {}).cataloguePath);
const t0 = performance.now();
const search = new FoodSearch(catalogue);
const prepMs = performance.now() - t0;

function evaluate(rank: (q: string) => number[]) {
  let hit1 = 0;
  let hit3 = 0;
  const misses: string[] = [];
  for (const c of SEARCH_CASES) {
    const ids = rank(c.q);
    if (c.expect.includes(ids[0]!)) hit1++;
    else misses.push(`${c.q} → ${ids.slice(0, 3).map((id) => `${id} ${catalogue.food(id)?.name}`).join(" | ")}`);
    if (ids.slice(0, 3).some((id) => c.expect.includes(id))) hit3++;
  }
  return { hit1, hit3, misses };
}

const ours = evaluate((q) => search.search(q, { limit: 10, offset: 0 }).ids);
const rulesOnly = evaluate((q) => search.search(q, { limit: 10, offset: 0, curated: false }).ids);
const bm25 = evaluate((q) => {
  const m = parseQuery(q, search.vocab).match;
  return m ? catalogue.search(m, 10).map((r) => r.id) : [];
});

const times: number[] = [];
for (let r = 0; r < rounds; r++) {
  for (const c of SEARCH_CASES) {
    const s = performance.now();
    search.search(c.q, { limit: 20, offset: 0 });
    times.push(performance.now() - s);
  }
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
const n = SEARCH_CASES.length;
const pc = (x: number) => `${((100 * x) / n).toFixed(1)} %`;

console.log(`bench:search — ${n} queries from test/fixtures/search-queries.ts, catalogue ${catalogue.foodCount} foods`);
console.log(`Bun ${Bun.version}; index preparation ${prepMs.toFixed(0)} ms; ${rounds} rounds = ${times.length} searches\n`);
console.log("| ranker | hit@1 | hit@3 |");
console.log("|---|---|---|");
console.log(`| plain bm25 (same FTS candidates) | ${bm25.hit1}/${n} (${pc(bm25.hit1)}) | ${bm25.hit3}/${n} (${pc(bm25.hit3)}) |`);
console.log(`| Morsel rules only (no alias preferences, no everyday list) | ${rulesOnly.hit1}/${n} (${pc(rulesOnly.hit1)}) | ${rulesOnly.hit3}/${n} (${pc(rulesOnly.hit3)}) |`);
console.log(`| Morsel ranker | ${ours.hit1}/${n} (${pc(ours.hit1)}) | ${ours.hit3}/${n} (${pc(ours.hit3)}) |\n`);
console.log(`latency per search: p50 ${pct(50).toFixed(3)} ms, p90 ${pct(90).toFixed(3)} ms, p99 ${pct(99).toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms`);
console.log(`summary: search hit@1 / hit@3, ${n} everyday queries | ${pc(ours.hit1)} / ${pc(ours.hit3)} | plain bm25 ${pc(bm25.hit1)} / ${pc(bm25.hit3)}; rules only ${pc(rulesOnly.hit1)} / ${pc(rulesOnly.hit3)} | hidden-set goal hit@1 ≥ 90 %`);
if (verbose) {
  console.log(`\nrules-only misses at 1 (${rulesOnly.misses.length}):`);
  for (const m of rulesOnly.misses) console.log(`  ${m}`);
}
if (verbose || ours.misses.length) {
  console.log(`\nmisses at 1 (${ours.misses.length}):`);
  for (const m of ours.misses) console.log(`  ${m}`);
}
