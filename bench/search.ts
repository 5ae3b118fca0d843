#!/usr/bin/env bun
/**
 * bun run bench:search — food-search quality and latency, in one run:
 *   - the 248 everyday queries (test/fixtures/search-queries.ts): plain bm25 beside our ranker;
 *   - the natural set (test/fixtures/search-natural.ts): amounts, dishes, drinks, typos, British
 *     names, qualifiers; hit@1 per kind and amounts parsed right;
 *   - lines of several foods split right (LINE_CASES);
 *   - everyday phrases logged within 15 % of what a dietitian would log (test/fixtures/phrases.ts): the
 *     top result at the serving the log form starts with (phrases.test.ts runs the same through the API);
 *   - the web app's offline search (src/features/foods/offline.ts over web/dist/catalogue.json, built
 *     by `bun run build:web`) on both sets, beside the server's;
 *   - latency per search over both sets (p50/p90/p99).
 *
 *   --verbose   print every miss with the top 3 results
 *   --rounds N  latency rounds over both sets (default 30)
 */
import { Catalogue } from "../src/db/catalogue";
import { loadConfig } from "../src/config";
import { FoodSearch } from "../src/features/foods/search";
import { parseQuery } from "../src/features/foods/query";
import { parseAmount, searchText } from "../src/features/foods/amount";
import { DishNames, parseLine } from "../src/features/foods/line";
import { ALIASES } from "../src/features/foods/ranking-data";
import { MemorySearch } from "../src/features/foods/offline";
import type { RankInput } from "../src/features/foods/rank";
import { SEARCH_CASES } from "../test/fixtures/search-queries";
import { LINE_CASES, NATURAL_CASES } from "../test/fixtures/search-natural";
import { WORLD_PHRASES } from "./phrases/world";
import { add, emptyTally, HEADER, logPhrase, row, type Tally } from "./phrases/evaluate";
import { baselineCatalogue, TODAY } from "./phrases/baseline";
import { PHRASES, withinTolerance } from "../test/fixtures/phrases";
import { startingKcal } from "../test/fixtures/phrase-log";
import { sureOfTop } from "../src/features/foods/sure";

const verbose = process.argv.includes("--verbose");
const roundsArg = process.argv.indexOf("--rounds");
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 30;

const catalogue = new Catalogue(loadConfig([], {}).cataloguePath);
const search = new FoodSearch(catalogue);
search.warm();
const copyFile = Bun.file(new URL("../web/dist/catalogue.json", import.meta.url));
const offline = (await copyFile.exists())
  ? new MemorySearch(
      ((await copyFile.json()) as { foods: unknown[][] }).foods.map(
        (r): RankInput => ({
          id: r[0] as number,
          name: r[1] as string,
          group_code: r[2] as string,
          synonyms: r[3] as string,
          portion_count: r[4] as number,
          brand: r[5] as string | null,
        }),
      ),
    )
  : null;

/** What the server does with a query: the amount parsed off, the rest ranked. */
const foodText = (q: string) => {
  const { food, amount } = parseAmount(q);
  return searchText(food, amount);
};
const server = (q: string) => search.search(foodText(q), { limit: 10, offset: 0 }).ids;
const inBrowser = (q: string) => (offline ? offline.search(foodText(q), { limit: 10 }) : []);

function evaluate(cases: { q: string; expect: number[] }[], rank: (q: string) => number[]) {
  let hit1 = 0;
  let hit3 = 0;
  const misses: string[] = [];
  const hits = new Set<string>();
  for (const c of cases) {
    const ids = rank(c.q);
    if (c.expect.includes(ids[0]!)) {
      hit1++;
      hits.add(c.q);
    } else
      misses.push(
        `${c.q} → ${ids
          .slice(0, 3)
          .map((id) => `${id} ${catalogue.food(id)?.name}`)
          .join(" | ")}`,
      );
    if (ids.slice(0, 3).some((id) => c.expect.includes(id))) hit3++;
  }
  return { hit1, hit3, misses, hits };
}
const pct = (x: number, n: number) => `${((100 * x) / n).toFixed(1)} %`;

const everyday = {
  ours: evaluate(SEARCH_CASES, server),
  rules: evaluate(SEARCH_CASES, (q) => search.search(q, { limit: 10, offset: 0, curated: false }).ids),
};
const bm25 = evaluate(SEARCH_CASES, (q) => {
  const m = parseQuery(q, search.vocab).match;
  return m ? catalogue.search(m, 10).map((r) => r.id) : [];
});
const natural = evaluate(NATURAL_CASES, server);
const amountsRight = NATURAL_CASES.filter((c) => {
  const a = parseAmount(c.q).amount;
  return c.amount ? a !== null && a.quantity === c.amount[0] && a.unit === c.amount[1] : a === null;
});
const dishes = new DishNames([
  ...(catalogue.db.query("SELECT name FROM food").all() as { name: string }[]).map((r) => r.name),
  ...Object.keys(ALIASES),
]);
const linesRight = LINE_CASES.filter(
  (c) => JSON.stringify(parseLine(c.line, dishes).map((i) => i.food)) === JSON.stringify(c.items),
);

/** A phrase as search logs it: the top food at the serving the log form starts with. */
const phraseMisses: string[] = [];
const oldByKind = new Map<string, Tally>();
const oldAll = emptyTally();
for (const ph of PHRASES) {
  const got = logPhrase(search, catalogue, ph.q);
  const t = oldByKind.get(ph.kind) ?? emptyTally();
  oldByKind.set(ph.kind, t);
  add(t, got, ph.kcal);
  if (!add(oldAll, got, ph.kcal))
    phraseMisses.push(`${ph.q} → ${got.id} ${Math.round(got.grams)} g ${Math.round(got.kcal)} kcal (want ${ph.kcal})`);
}
const phrasesWithin = oldAll.right;
const worldMisses: string[] = [];
const world = { all: emptyTally(), region: new Map<string, Tally>(), category: new Map<string, Tally>() };
for (const ph of WORLD_PHRASES) {
  const got = logPhrase(search, catalogue, ph.q, ph.region); // as an account of that region logs it
  for (const [m, k] of [
    [world.region, ph.region],
    [world.category, ph.category],
  ] as const) {
    if (!m.has(k)) m.set(k, emptyTally());
    add(m.get(k)!, got, ph.kcal);
  }
  if (!add(world.all, got, ph.kcal))
    worldMisses.push(
      `${ph.region} ${ph.q} → ${got.id} ${catalogue.food(got.id ?? 0)?.name ?? "nothing"} ${Math.round(got.kcal)} kcal (want ${ph.food} ${ph.kcal})`,
    );
}

// Latency side by side: this catalogue and the baseline one (before the composed dishes grew to 264),
// round by round in turn so both see the same machine load.
const base = baselineCatalogue(process.argv);
const baseSearch = base ? new FoodSearch(new Catalogue(base.path)) : null;
baseSearch?.warm();
/**
 * How sure the first result is (src/features/foods/sure.ts) against whether it is right: over both query
 * sets (right: the expected food first) and the phrases (right: within 15 %).
 */
const kcalOf = (id: number) => catalogue.food(id)?.nutrients.energy_kcal ?? null;
const sureOf = (q: string) => sureOfTop(search.search(foodText(q), { limit: 1, offset: 0 }).top, kcalOf);
const phraseRight = new Set(
  PHRASES.filter((ph) => !phraseMisses.some((m) => m.startsWith(`${ph.q} →`))).map((p) => p.q),
);
const judged = [
  ...[...SEARCH_CASES, ...NATURAL_CASES].map((c) => ({
    q: c.q,
    right: everyday.ours.hits.has(c.q) || natural.hits.has(c.q),
  })),
  ...PHRASES.map((ph) => ({ q: ph.q, right: phraseRight.has(ph.q) })),
].map((c) => ({ ...c, sure: sureOf(c.q) }));
const rightUnsure = judged.filter((c) => c.right && !c.sure);
const wrongSure = judged.filter((c) => !c.right && c.sure);
const rightCount = judged.filter((c) => c.right).length;

const times: number[] = [];
const baseTimes: number[] = [];
const all = [...SEARCH_CASES, ...NATURAL_CASES];
for (let r = 0; r < rounds; r++) {
  for (const [s0, ts] of [
    [search, times],
    [baseSearch, baseTimes],
  ] as const) {
    if (!s0) continue;
    for (const c of all) {
      const s = performance.now();
      s0.search(foodText(c.q), { limit: 20, offset: 0 });
      ts.push(performance.now() - s);
    }
  }
}
times.sort((a, b) => a - b);
baseTimes.sort((a, b) => a - b);
const pAt = (ts: number[], p: number) => ts[Math.min(ts.length - 1, Math.floor((p / 100) * ts.length))] ?? 0;
const at = (p: number) => pAt(times, p).toFixed(3);

const N = SEARCH_CASES.length;
const M = NATURAL_CASES.length;
console.log(
  `bench:search — catalogue ${catalogue.foodCount} foods; Bun ${Bun.version}; ${rounds} rounds × ${all.length} queries = ${times.length} searches\n`,
);
console.log(`## ${N} everyday queries (test/fixtures/search-queries.ts)\n`);
console.log("| ranker | hit@1 | hit@3 |\n|---|---|---|");
console.log(`| plain bm25 (same FTS candidates) | ${pct(bm25.hit1, N)} | ${pct(bm25.hit3, N)} |`);
console.log(
  `| Morsel rules only (no alias preferences, no everyday list) | ${pct(everyday.rules.hit1, N)} | ${pct(everyday.rules.hit3, N)} |`,
);
console.log(`| Morsel ranker | ${pct(everyday.ours.hit1, N)} | ${pct(everyday.ours.hit3, N)} |\n`);
console.log(`## ${M} natural queries (test/fixtures/search-natural.ts)\n`);
console.log("| kind | queries | hit@1 |\n|---|---|---|");
for (const kind of [...new Set(NATURAL_CASES.map((c) => c.kind))]) {
  const cs = NATURAL_CASES.filter((c) => c.kind === kind);
  console.log(`| ${kind} | ${cs.length} | ${pct(cs.filter((c) => natural.hits.has(c.q)).length, cs.length)} |`);
}
console.log(`| all | ${M} | ${pct(natural.hit1, M)} (goal ≥ 95 %) |\n`);
console.log("| measure | result | goal |\n|---|---|---|");
console.log(
  `| amount parsed right (quantity and unit; none where there is none) | ${amountsRight.length}/${M} (${pct(amountsRight.length, M)}) | ≥ 95 % |`,
);
console.log(
  `| line of several foods split right | ${linesRight.length}/${LINE_CASES.length} (${pct(linesRight.length, LINE_CASES.length)}) | ≥ 90 % |`,
);
console.log(
  `| everyday phrases logged within 15 % (test/fixtures/phrases.ts) | within tolerance ${phrasesWithin}/${PHRASES.length} | all |`,
);
console.log(`| search latency over both sets | p50 ${at(50)} ms, p90 ${at(90)} ms, p99 ${at(99)} ms | p99 ≤ 5 ms |`);
console.log(
  `| confidently wrong (wrong first food, sure), all ${judged.length} queries and phrases | ${wrongSure.length} (${pct(wrongSure.length, judged.length)}) | ≤ 3 % |`,
);
console.log(
  `| right first food marked unsure, of ${rightCount} right | ${rightUnsure.length} (${pct(rightUnsure.length, rightCount)}) | ≤ 10 % |`,
);
if (offline) {
  const offEveryday = evaluate(SEARCH_CASES, inBrowser);
  const offNatural = evaluate(NATURAL_CASES, inBrowser);
  const differ = [...SEARCH_CASES, ...NATURAL_CASES].filter(
    (c) =>
      everyday.ours.hits.has(c.q) !== offEveryday.hits.has(c.q) && natural.hits.has(c.q) !== offNatural.hits.has(c.q),
  );
  console.log(
    `| offline hit@1, everyday / natural (server: ${pct(everyday.ours.hit1, N)} / ${pct(natural.hit1, M)}) | ${pct(offEveryday.hit1, N)} / ${pct(offNatural.hit1, M)} | equal to the server's |`,
  );
  if (differ.length || verbose) for (const c of differ) console.log(`  offline and server differ on: ${c.q}`);
} else console.log("| offline hit@1 | not measured: run `bun run build:web` first | equal to the server's |");
console.log(
  `\n## Phrase sets logged through search (right = within 15 %; sure as src/features/foods/sure.ts decides)\n`,
);
console.log(HEADER);
for (const [k, t] of oldByKind) console.log(row(`project set (test/fixtures/phrases.ts), region US, ${k}`, t));
console.log(row("project set, all", oldAll));
for (const [k, t] of world.region) console.log(row(`world set (bench/phrases/world.ts), ${k}`, t));
for (const [k, t] of world.category) console.log(row(`world set, ${k}`, t));
console.log(row("world set, all", world.all));
const wa = world.all;
console.log(
  `\n| check | result | goal |\n|---|---|---|\n| world set right | ${((100 * wa.right) / wa.n).toFixed(1)} % | ≥ 85 % |\n| world set confidently wrong | ${((100 * wa.confidentlyWrong) / wa.n).toFixed(1)} % | ≤ 3 % |\n| world set right items marked unsure | ${wa.right ? ((100 * wa.rightUnsure) / wa.right).toFixed(1) : "—"} % | ≤ 10 % |`,
);
console.log(
  `| project set not worse than before the dishes (${TODAY.phrases}/${PHRASES.length}) | ${oldAll.right}/${PHRASES.length} ${oldAll.right >= TODAY.phrases ? "not worse" : "WORSE"} | ≥ ${TODAY.phrases} |`,
);
if (baseSearch) {
  const r50 = pAt(times, 50) / pAt(baseTimes, 50);
  const r99 = pAt(times, 99) / pAt(baseTimes, 99);
  console.log(
    `| search p50 / p99 beside the baseline catalogue (${base!.label}, same run) | ${at(50)} / ${at(99)} ms vs ${pAt(baseTimes, 50).toFixed(3)} / ${pAt(baseTimes, 99).toFixed(3)} ms: ×${r50.toFixed(2)} / ×${r99.toFixed(2)} | ≤ ×1.2 |`,
  );
} else
  console.log(
    "| search latency beside the baseline | not measured: no baseline catalogue (--baseline FILE) | ≤ ×1.2 |",
  );
console.log(
  `\nsummary: search hit@1, ${N} everyday / ${M} natural queries | ${pct(everyday.ours.hit1, N)} / ${pct(natural.hit1, M)} | plain bm25 ${pct(bm25.hit1, N)} (everyday) | goal ≥ 95 %`,
);
console.log(
  `summary: amounts parsed right / lines split right | ${pct(amountsRight.length, M)} / ${pct(linesRight.length, LINE_CASES.length)} | — | goals ≥ 95 % / ≥ 90 %`,
);
console.log(
  `summary: search p99, catalogue (${catalogue.foodCount} foods) | ${at(99)} ms (p50 ${at(50)}) | — | goal ≤ 5 ms`,
);
if (verbose || natural.misses.length || everyday.ours.misses.length) {
  for (const m of [...everyday.ours.misses, ...natural.misses]) console.log(`  miss: ${m}`);
}
for (const m of phraseMisses) console.log(`  phrase: ${m}`);
for (const m of worldMisses) console.log(`  world: ${m}`);
for (const c of wrongSure) console.log(`  wrong but sure: ${c.q}`);
if (verbose) for (const c of rightUnsure) console.log(`  right but unsure: ${c.q}`);
for (const c of LINE_CASES.filter((c) => !linesRight.includes(c)))
  console.log(`  line: ${JSON.stringify(c.line)} → ${JSON.stringify(parseLine(c.line, dishes).map((i) => i.food))}`);
for (const c of NATURAL_CASES.filter((c) => !amountsRight.includes(c)))
  console.log(`  amount: ${c.q} → ${JSON.stringify(parseAmount(c.q).amount)}`);
