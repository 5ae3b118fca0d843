#!/usr/bin/env bun
/**
 * bun run bench:import — `morsel import-off` throughput and memory on a generated 1M-row Open
 * Food Facts export (scripts/gen-off-fixture.ts, JSONL gzip), into a fresh data dir, then the
 * same file again (the idempotent re-run). Peak RSS is sampled during the import.
 *   --rows N (default 1000000)
 */
import { SqliteStore } from "../src/db/store";
import { join } from "node:path";
import { openDatabase } from "../src/db/client";
import { importOff } from "../src/features/imported/import";
import { writeFixture } from "../scripts/gen-off-fixture";
import { tempDir } from "./lib/tmp";
import { machine, numberArg } from "./lib/wrk";

const rows = numberArg("--rows", 1_000_000);
const dir = tempDir();
const file = join(dir, "off.jsonl.gz");
let s = performance.now();
await writeFixture(file, { rows, format: "jsonl", gzip: true });
console.log(`bench:import — ${machine()}`);
console.log(
  `generated ${rows} rows (${(Bun.file(file).size / 1e6).toFixed(1)} MB gzip) in ${((performance.now() - s) / 1000).toFixed(1)} s\n`,
);

const db = openDatabase(join(dir, "morsel.db"));
for (const label of ["first import", "re-run (idempotent)"]) {
  Bun.gc(true);
  const rssStart = process.memoryUsage().rss;
  let peak = rssStart;
  s = performance.now();
  const r = await importOff(new SqliteStore(db), file, {
    onProgress: () => (peak = Math.max(peak, process.memoryUsage().rss)),
  });
  peak = Math.max(peak, process.memoryUsage().rss);
  if (label === "first import") {
    console.log(
      `summary: import-off, ${r.lines} generated OFF rows (gzip JSONL) | ${Math.round(r.lines / r.seconds)} rows/s | — | peak RSS ${(peak / 1e6).toFixed(0)} MB`,
    );
  }
  console.log(
    `${label}: ${r.lines} lines in ${r.seconds.toFixed(1)} s = ${Math.round(r.lines / r.seconds)} rows/s; ` +
      `${r.inserted} new, ${r.updated} updated, ${r.unchanged} unchanged, ${r.skippedCount} skipped; ` +
      `RSS ${(rssStart / 1e6).toFixed(0)} → peak ${(peak / 1e6).toFixed(0)} MB`,
  );
}
console.log(`database: ${(Bun.file(join(dir, "morsel.db")).size / 1e6).toFixed(0)} MB`);
