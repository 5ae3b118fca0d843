#!/usr/bin/env bun
/**
 * bun run bench:search-1m — food search latency (in process, the same code as GET /foods/search)
 * with the bundled catalogue alone and with N generated Open Food Facts products imported
 * (default 1,000,000; names and brands drawn from word pools, so common and rare words occur as in
 * real exports), over the public everyday queries plus branded-product queries.
 *   --rows N     (`bun run bench:search-imported` is --rows 300000: one country's export)
 *   --base DIR   a checkout of an earlier commit (`git worktree add DIR <commit>`, node_modules linked):
 *                its search and import code run beside this one's, round by round in turn, each on a
 *                database its own import wrote from the same fixture; the two rankings are compared
 *   --keep DIR   keep the fixture and databases in DIR and reuse them (an import of 300,000 products
 *                takes minutes on a loaded box); delete DIR after changing import code
 *   --rounds N   rounds over the queries (default 20)
 *   --pg         PostgreSQL too: each checkout imports into a database of its own on the test server
 *                (MORSEL_TEST_POSTGRES_URL; kept with --keep, by name, else dropped) and searches it
 *                as the server does (searchPaced: the imported candidates are a promise there)
 */
import { SQL } from "bun";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { writeFixture } from "../scripts/gen-off-fixture";
import { TEST_POSTGRES_URL } from "../scripts/test-postgres";
import { SEARCH_CASES } from "../test/fixtures/search-queries";
import { tempDir } from "./lib/tmp";
import { machine, numberArg } from "./lib/wrk";

const rows = numberArg("--rows", 1_000_000);
const rounds = numberArg("--rounds", 20);
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const baseDir = arg("--base");
const keep = arg("--keep");
const withPg = process.argv.includes("--pg");
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

/** One checkout's search over one database: the catalogue alone, and with the imported products. */
interface Side {
  label: string;
  alone: (q: string) => number[] | Promise<number[]>;
  withImported: (q: string) => number[] | Promise<number[]>;
  count: number;
  importSecs: number | null;
  foodCount: number;
}

const dir = keep ?? tempDir();
mkdirSync(dir, { recursive: true });
const fixture = join(dir, `off-${rows}.jsonl.gz`);
if (!existsSync(fixture)) await writeFixture(fixture, { rows, format: "jsonl", gzip: true, names: "varied" });

const admin = withPg ? new SQL(TEST_POSTGRES_URL, { max: 1 }) : null;
const dropped: string[] = [];
const closers: (() => Promise<unknown>)[] = [];
/** A PostgreSQL database for one checkout: the kept one of this name, or a new one; whether it is new. */
async function pgDatabase(name: string): Promise<{ url: string; fresh: boolean }> {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const found = await admin!`SELECT 1 FROM pg_database WHERE datname = ${name}`;
  if (keep && found.length) return { url: url.toString(), fresh: false };
  if (found.length) await admin!.unsafe(`DROP DATABASE "${name}" WITH (FORCE)`);
  await admin!.unsafe(`CREATE DATABASE "${name}"`);
  if (!keep) dropped.push(name);
  return { url: url.toString(), fresh: true };
}

/**
 * Loads a checkout's modules (this one's when root is the repository) and imports the fixture with
 * them, into SQLite or (pg) PostgreSQL.
 */
async function side(label: string, root: string, pg = false): Promise<Side> {
  const mod = async <T>(path: string) => (await import(pathToFileURL(join(root, path)).href)) as T;
  const { SqliteStore } = await mod<typeof import("../src/db/store")>("src/db/store.ts");
  const { Catalogue } = await mod<typeof import("../src/db/catalogue")>("src/db/catalogue.ts");
  const { openDatabase } = await mod<typeof import("../src/db/client")>("src/db/client.ts");
  const { FoodSearch } = await mod<typeof import("../src/features/foods/search")>("src/features/foods/search.ts");
  const { importOff } = await mod<typeof import("../src/features/imported/import")>("src/features/imported/import.ts");
  const { ImportedRepo } = await mod<typeof import("../src/features/imported/repo")>("src/features/imported/repo.ts");
  const { openPostgres } = await mod<typeof import("../src/db/pg/client")>("src/db/pg/client.ts");
  const { PgStore } = await mod<typeof import("../src/db/pg/store")>("src/db/pg/store.ts");
  const { PgChangeSignal } = await mod<typeof import("../src/db/pg/change-signal")>("src/db/pg/change-signal.ts");
  const catalogue = new Catalogue(join(root, "data/catalogue.sqlite"));
  const search = new FoodSearch(catalogue);
  search.warm();
  let store: import("../src/db/store").Store;
  let fresh: boolean;
  if (pg) {
    const db = await pgDatabase(`morsel_bench_offsearch_${label}_${rows}`);
    const client = await openPostgres(db.url, { max: 2 });
    const signal = await PgChangeSignal.start(client.$client);
    closers.push(async () => {
      await signal.stop();
      await client.$client.close();
    });
    store = new PgStore(client, signal);
    fresh = db.fresh;
  } else {
    const file = join(dir, `${label}-${rows}.db`);
    fresh = !existsSync(file);
    store = new SqliteStore(openDatabase(file));
  }
  const t0 = performance.now();
  if (fresh) await importOff(store, fixture);
  const importSecs = fresh ? (performance.now() - t0) / 1000 : null;
  const repo = new ImportedRepo(store);
  const imported = (m: string, n: number) => store.run(repo.searchCandidates(m, n));
  // as the server runs it on PostgreSQL, with nothing else to let in between the slices
  const slicer = { pause: async () => {}, wait: <T>(p: Promise<T>) => p };
  const ranked = (q: string, withImported: boolean) => {
    const opts = { limit: 20, offset: 0, imported: withImported ? imported : undefined };
    return pg ? search.searchPaced(q, opts, slicer).then((r) => r.ids) : search.search(q, opts).ids;
  };
  return {
    label: pg ? `${label} (PostgreSQL)` : label,
    alone: (q) => ranked(q, false),
    withImported: (q) => ranked(q, true),
    count: await store.run(repo.count()),
    importSecs,
    foodCount: catalogue.foodCount,
  };
}

const here = resolve(import.meta.dir, "..");
const sides: Side[] = [];
for (const pg of withPg ? [false, true] : [false]) {
  if (baseDir) sides.push(await side("before", resolve(baseDir), pg));
  sides.push(await side(baseDir ? "after" : "this", here, pg));
}
const times = new Map<string, number[]>();
const answers = new Map<string, number[][]>();
for (let round = 0; round < rounds; round++) {
  for (const s of sides) {
    for (const [kind, f] of [
      ["alone", s.alone],
      ["imported", s.withImported],
    ] as const) {
      const key = `${s.label} ${kind}`;
      const ts = times.get(key) ?? [];
      times.set(key, ts);
      const cpu = times.get(`${key} cpu`) ?? [];
      times.set(`${key} cpu`, cpu);
      const got: number[][] = [];
      for (const q of queries) {
        const c = process.cpuUsage();
        const t = performance.now();
        const ids = f(q);
        got.push(ids instanceof Promise ? await ids : ids);
        ts.push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
      if (round === 0) answers.set(key, got);
    }
  }
}
const at = (key: string, p: number) => {
  const ts = [...times.get(key)!].sort((a, b) => a - b);
  return ts[Math.min(ts.length - 1, Math.floor((p / 100) * ts.length))]!;
};
const ms = (x: number) => x.toFixed(2);

console.log(`bench:search-imported — ${queries.length} queries × ${rounds} rounds, in process; ${machine()}`);
for (const s of sides)
  console.log(
    `${s.label}: catalogue ${s.foodCount} foods + ${s.count.toLocaleString("en")} generated products` +
      (s.importSecs === null ? ` (database kept in ${dir})` : `, imported in ${s.importSecs.toFixed(1)} s`),
  );
console.log("\n| code | corpus | p50 ms | p90 ms | p99 ms | with ÷ without p50 / p99 | goal |");
console.log("|---|---|---|---|---|---|---|");
for (const s of sides) {
  const a = `${s.label} alone`;
  const w = `${s.label} imported`;
  console.log(`| ${s.label} | catalogue | ${ms(at(a, 50))} | ${ms(at(a, 90))} | ${ms(at(a, 99))} | — | p99 ≤ 5 ms |`);
  console.log(
    `| ${s.label} | + ${s.count.toLocaleString("en")} imported | ${ms(at(w, 50))} | ${ms(at(w, 90))} | ${ms(at(w, 99))} | ` +
      `${(at(w, 50) / at(a, 50)).toFixed(2)}× / ${(at(w, 99) / at(a, 99)).toFixed(2)}× | ≤ 1.2× |`,
  );
}
// This process's CPU time per search: what a search costs, without the time spent waiting for a core on a
// loaded box (the wall-clock figures above include it). PostgreSQL's own CPU is not in it.
console.log("\n| code | corpus | CPU p50 ms | CPU p90 ms | CPU p99 ms | with ÷ without CPU p50 / p99 |");
console.log("|---|---|---|---|---|---|");
for (const s of sides) {
  const a = `${s.label} alone cpu`;
  const w = `${s.label} imported cpu`;
  console.log(`| ${s.label} | catalogue | ${ms(at(a, 50))} | ${ms(at(a, 90))} | ${ms(at(a, 99))} | — |`);
  console.log(
    `| ${s.label} | + imported | ${ms(at(w, 50))} | ${ms(at(w, 90))} | ${ms(at(w, 99))} | ` +
      `${(at(w, 50) / at(a, 50)).toFixed(2)}× / ${(at(w, 99) / at(a, 99)).toFixed(2)}× |`,
  );
}
for (const backend of baseDir ? ["", " (PostgreSQL)"].slice(0, withPg ? 2 : 1) : []) {
  const key = (code: string, kind: string) => `${code}${backend} ${kind}`;
  const ratio = (kind: string, p: number) => (at(key("after", kind), p) / at(key("before", kind), p)).toFixed(2);
  console.log(
    `\n${backend ? "PostgreSQL" : "SQLite"}, after ÷ before, with imported products: p50 ${ratio("imported", 50)}×, p99 ${ratio("imported", 99)}× ` +
      `(CPU ${ratio("imported cpu", 50)}× / ${ratio("imported cpu", 99)}×); catalogue alone: p50 ${ratio("alone", 50)}×, p99 ${ratio("alone", 99)}×`,
  );
  const before = answers.get(key("before", "imported"))!;
  const after = answers.get(key("after", "imported"))!;
  const same = queries.filter((_, i) => JSON.stringify(before[i]) === JSON.stringify(after[i]));
  console.log(`the same first 20 results, in order, with imported products: ${same.length}/${queries.length} queries`);
  for (const [i, q] of queries.entries())
    if (!same.includes(q)) console.log(`  differs: ${q}: ${before[i]!.join(",")} → ${after[i]!.join(",")}`);
}
const last = sides.filter((s) => !s.label.includes("PostgreSQL")).at(-1)!;
console.log(
  `\nsummary: search p99, catalogue (${last.foodCount} foods) | ${ms(at(`${last.label} alone`, 99))} ms (p50 ${ms(at(`${last.label} alone`, 50))}) | — | goal ≤ 5 ms`,
);
console.log(
  `summary: search p99, + ${last.count.toLocaleString("en")} imported products | ${ms(at(`${last.label} imported`, 99))} ms (p50 ${ms(at(`${last.label} imported`, 50))}) | — | goal ≤ 20 ms`,
);
for (const close of closers) await close();
for (const name of dropped) await admin!.unsafe(`DROP DATABASE "${name}" WITH (FORCE)`);
process.exit(0); // PostgreSQL pools and listeners stay open otherwise
