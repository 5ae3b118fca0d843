#!/usr/bin/env bun
/**
 * bun run bench:meals — in one run, alternating rounds, medians:
 *  1. authenticated GET /api/v1/meals/daily (10 meals that day) vs a bare Bun.serve hello-world;
 *  2. POST /api/v1/meals vs raw bun:sqlite single-row INSERTs into a WAL file with the server's
 *     own durability settings (synchronous=FULL: every commit is fsynced).
 * Servers are separate processes; wrk -t2 -c64 on loopback shares the two cores with them.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { tempDir } from "./lib/tmp";
import { machine, median, numberArg, requireWrk, startServer, wrk } from "./lib/wrk";

const seconds = numberArg("--seconds", 5);
const rounds = numberArg("--rounds", 3);
requireWrk();

const hello = await startServer(["bun", `${import.meta.dir}/lib/hello.ts`]);
const dataDir = tempDir();
const morsel = await startServer(["bun", `${import.meta.dir}/../src/index.ts`, "serve", "--port", "0", "--data-dir", dataDir], {
  MORSEL_LOG_REQUESTS: "false",
});
const base = `http://127.0.0.1:${morsel.port}/api/v1`;
const reg = await fetch(`${base}/register`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "bench@example.org", password: "bench password", name: "Bench" }),
});
const token = ((await reg.json()) as { access_token: string }).access_token;
const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
for (let i = 0; i < 10; i++) {
  await fetch(`${base}/meals`, { method: "POST", headers, body: JSON.stringify({ food_id: 9040, quantity: 100 + i, meal_type: "snack", date: "2026-11-22" }) });
}

/** Raw single-row inserts, same pragmas as src/db/client.ts, for `ms` milliseconds. */
function rawInserts(ms: number): number {
  const db = new Database(join(tempDir(), "raw.db"));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
  db.exec("CREATE TABLE meals (id TEXT PRIMARY KEY, user_id INTEGER, food_id INTEGER, grams REAL, date TEXT, eaten_at TEXT, energy_kcal REAL)");
  const ins = db.prepare("INSERT INTO meals VALUES (?, 1, 9040, 100, '2026-11-22', '2026-11-22T08:00:00Z', 89)");
  const end = performance.now() + ms;
  let n = 0;
  while (performance.now() < end) {
    ins.run(Bun.randomUUIDv7());
    n++;
  }
  db.close();
  return n / (ms / 1000);
}

const r = { hello: [] as number[], daily: [] as number[], dailyP99: [] as number[], post: [] as number[], postP99: [] as number[], raw: [] as number[] };
const body = JSON.stringify({ food_id: 9040, quantity: 118, meal_type: "breakfast", date: "2026-11-21" });
try {
  wrk(`http://127.0.0.1:${hello.port}/`, { seconds: 1 });
  wrk(`${base}/meals/daily?date=2026-11-22`, { seconds: 1, headers });
  for (let i = 0; i < rounds; i++) {
    r.hello.push(wrk(`http://127.0.0.1:${hello.port}/`, { seconds }).rps);
    const d = wrk(`${base}/meals/daily?date=2026-11-22`, { seconds, headers });
    if (d.non2xx) throw new Error(`${d.non2xx} non-2xx on GET /meals/daily`);
    r.daily.push(d.rps);
    r.dailyP99.push(d.p99ms);
    const p = wrk(`${base}/meals`, { seconds, headers, method: "POST", bodies: [body], paths: ["/api/v1/meals"] });
    if (p.non2xx) throw new Error(`${p.non2xx} non-2xx on POST /meals`);
    r.post.push(p.rps);
    r.postP99.push(p.p99ms);
    r.raw.push(rawInserts(seconds * 1000));
  }
} finally {
  hello.proc.kill();
  morsel.proc.kill();
}

const m = (xs: number[]) => median(xs);
console.log(`bench:meals — wrk -t2 -c64, ${rounds} alternating rounds of ${seconds}s; ${machine()}`);
console.log("durability: journal_mode=WAL, synchronous=FULL (server and raw baseline alike)\n");
console.log("| measurement | per second (median) | p99 ms |");
console.log("|---|---|---|");
console.log(`| bare Bun.serve hello-world | ${m(r.hello).toFixed(0)} req | |`);
console.log(`| GET /meals/daily, authenticated, 10 meals | ${m(r.daily).toFixed(0)} req | ${m(r.dailyP99).toFixed(2)} |`);
console.log(`| raw bun:sqlite single-row INSERT (autocommit) | ${m(r.raw).toFixed(0)} rows | |`);
console.log(`| POST /meals, authenticated | ${m(r.post).toFixed(0)} req | ${m(r.postP99).toFixed(2)} |`);
console.log(`summary: authenticated GET /meals/daily, req/s | ${m(r.daily).toFixed(0)}, p99 ${m(r.dailyP99).toFixed(1)} ms | bare Bun.serve ${m(r.hello).toFixed(0)} | ${(m(r.daily) / m(r.hello)).toFixed(2)}× (goal ≥ 0.6×)`);
console.log(`summary: POST /meals, req/s (fsync per commit) | ${m(r.post).toFixed(0)}, p99 ${m(r.postP99).toFixed(1)} ms | raw bun:sqlite INSERT ${m(r.raw).toFixed(0)} rows/s | ${(m(r.post) / m(r.raw)).toFixed(2)}×`);
console.log(`\nratios: daily / bare = ${(m(r.daily) / m(r.hello)).toFixed(2)}×; POST /meals / raw inserts = ${(m(r.post) / m(r.raw)).toFixed(2)}×`);
