#!/usr/bin/env bun
/**
 * bun run bench:search-1m — food search latency (in process, the same code as GET /foods/search)
 * with the bundled catalogue alone and with N generated Open Food Facts products imported
 * (default 1,000,000; names and brands drawn from word pools, so common and rare words occur as in
 * real exports), over the public everyday queries plus branded-product queries.
 *   --rows N   (`bun run bench:search-imported` is --rows 300000: one country's export)
 */
import { SqliteStore } from "../src/db/store";
import { join } from "node:path";
import { Catalogue } from "../src/db/catalogue";
import { openDatabase } from "../src/db/client";
import { loadConfig } from "../src/config";
import { FoodSearch } from "../src/features/foods/search";
import { importOff } from "../src/features/imported/import";
import { ImportedRepo } from "../src/features/imported/repo";
import { writeFixture } from "../scripts/gen-off-fixture";
import { SEARCH_CASES } from "../test/fixtures/search-queries";
import { tempDir } from "./lib/tmp";
import { machine, numberArg } from "./lib/wrk";

const rows = numberArg("--rows", 1_000_000);
const catalogue = new Catalogue(loadConfig([], {}).cataloguePath);
const search = new FoodSearch(catalogue);
// everyday queries, plus product queries of the kinds people type for branded goods
const queries = [
  ...SEARCH_CASES.map((c) => c.q),
  "organic tomato soup",
  "crunchy oat bar",
  "chocolate",
  "choc",
  "peanut butter crunchy",
  "greenfield",
  "nordia foods granola",
  "vegan ice cream",
  "energy drink",
  "gluten-free pasta sauce",
  "honey",
  "crisps salted",
  "yogurt vanilla",
  "cola",
];

function measure(imported?: ImportedRepo) {
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const q of queries) {
      const s = performance.now();
      search.search(q, {
        limit: 20,
        offset: 0,
        imported: imported ? (m, n) => store.run(imported.searchCandidates(m, n)) : undefined,
      });
      times.push(performance.now() - s);
    }
  }
  times.sort((a, b) => a - b);
  const p = (x: number) => times[Math.min(times.length - 1, Math.floor((x / 100) * times.length))]!;
  return { n: times.length, p50: p(50), p90: p(90), p99: p(99) };
}

const dir = tempDir();
const file = join(dir, "off.jsonl.gz");
await writeFixture(file, { rows, format: "jsonl", gzip: true, names: "varied" });
const db = openDatabase(join(dir, "morsel.db"));
const t0 = performance.now();
const store = new SqliteStore(db);
const report = await importOff(store, file);
const importSecs = (performance.now() - t0) / 1000;
const repo = new ImportedRepo(store);

const alone = measure();
const withImport = measure(repo);
console.log(`bench:search-1m — ${queries.length} queries × 20 rounds, in process; ${machine()}`);
console.log(
  `imported ${report.inserted} generated products in ${importSecs.toFixed(1)} s (${Math.round(report.lines / importSecs)} rows/s, FTS index included)\n`,
);
console.log("| corpus | searches | p50 ms | p90 ms | p99 ms | goal p99 |");
console.log("|---|---|---|---|---|---|");
console.log(
  `| catalogue (${catalogue.foodCount} foods) | ${alone.n} | ${alone.p50.toFixed(2)} | ${alone.p90.toFixed(2)} | ${alone.p99.toFixed(2)} | ≤ 5 ms |`,
);
console.log(
  `| catalogue + ${store.run(repo.count()).toLocaleString("en")} imported products | ${withImport.n} | ${withImport.p50.toFixed(2)} | ${withImport.p90.toFixed(2)} | ${withImport.p99.toFixed(2)} | ≤ 20 ms |`,
);
// side by side, the same queries in one process: what the imported products cost each search
console.log(
  `\nwith ÷ without: p50 ${(withImport.p50 / alone.p50).toFixed(2)}×, p90 ${(withImport.p90 / alone.p90).toFixed(2)}×, p99 ${(withImport.p99 / alone.p99).toFixed(2)}×\n`,
);
console.log(
  `summary: search p99, catalogue (${catalogue.foodCount} foods) | ${alone.p99.toFixed(2)} ms (p50 ${alone.p50.toFixed(2)}) | — | goal ≤ 5 ms`,
);
console.log(
  `summary: search p99, + ${store.run(repo.count()).toLocaleString("en")} imported products | ${withImport.p99.toFixed(2)} ms (p50 ${withImport.p50.toFixed(2)}) | — | goal ≤ 20 ms`,
);
