#!/usr/bin/env bun
/**
 * bun run bench:hot — the hot paths beside their baselines, in one run, alternating rounds, medians:
 *  reads:  a bare Bun.serve hello-world; our floor (GET /__floor: an empty route behind all of our
 *          global hooks, bench/lib/app-server.ts), and the floor sending a body as long as the day
 *          page's; authenticated GET /meals/daily (10 meals that day);
 *          cached GET /foods/search anonymous and signed in (paths rotate over 8 queries, limit 20);
 *  writes: POST /meals with group commit; the same server built with each write committing alone
 *          (--no-group-commit, as POST /meals committed before group commit); raw bun:sqlite single-row INSERTs into a
 *          WAL file with the server's durability (synchronous=FULL: every commit is fsynced).
 * Servers are separate processes; wrk -t2 -c64 on loopback shares the two cores with them. Besides
 * req/s, each run reads the server's CPU time from /proc (user + system, all threads) and divides by
 * the requests served: where wrk, not the server, sets the pace (a hello-world can out-run it on a
 * fast core), req/s ratios flatter the slower server and CPU per request does not.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { tempDir } from "./lib/tmp";
import { machine, median, numberArg, requireWrk, startServer, wrk, type WrkResult } from "./lib/wrk";
import { signUp } from "./lib/account";

const seconds = numberArg("--seconds", 5);
const rounds = numberArg("--rounds", 3);
requireWrk();

const hello = await startServer(["bun", `${import.meta.dir}/lib/hello.ts`]);
const app = await startServer(["bun", `${import.meta.dir}/lib/app-server.ts`]);
const alone = await startServer(["bun", `${import.meta.dir}/lib/app-server.ts`, "--no-group-commit"]);

const headers = await signUp(app.port);
const aloneHeaders = await signUp(alone.port);
const dayBytes = (
  await (await fetch(`http://127.0.0.1:${app.port}/api/v1/meals/daily?date=2026-11-22`, { headers })).arrayBuffer()
).byteLength;

/** Raw single-row inserts, same pragmas as src/db/client.ts, for `ms` milliseconds. */
function rawInserts(ms: number): number {
  const db = new Database(join(tempDir(), "raw.db"));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
  db.exec(
    "CREATE TABLE meals (id TEXT PRIMARY KEY, user_id INTEGER, food_id INTEGER, grams REAL, date TEXT, eaten_at TEXT, energy_kcal REAL)",
  );
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

const QUERIES = ["apple", "banana", "chicken breast", "rice", "milk", "egg", "bread", "oats"];
const searchPaths = QUERIES.map((q) => `/api/v1/foods/search?q=${encodeURIComponent(q)}&limit=20`);
// A day holds at most 200 meals (API.md §Meals): the writes rotate over 3,000 days, 20 a day per 60,000 meals.
const bodies = Array.from({ length: 3000 }, (_, i) =>
  JSON.stringify({
    food_id: 9040,
    quantity: 118,
    meal_type: "breakfast",
    date: new Date(Date.UTC(2018, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
  }),
);
const url = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
const [hpid, apid, lpid] = [hello.proc.pid, app.proc.pid, alone.proc.pid];
const RUNS: [string, (s: number) => WrkResult][] = [
  ["bare Bun.serve hello-world", (s) => wrk(url(hello.port, "/"), { seconds: s, pid: hpid })],
  ["floor: empty route + our global hooks", (s) => wrk(url(app.port, "/__floor"), { seconds: s, pid: apid })],
  [
    `floor answering the day page's ${dayBytes} bytes`,
    (s) => wrk(url(app.port, `/__floor/${dayBytes}`), { seconds: s, pid: apid }),
  ],
  [
    "GET /meals/daily, authenticated, 10 meals",
    (s) => wrk(url(app.port, "/api/v1/meals/daily?date=2026-11-22"), { seconds: s, headers, pid: apid }),
  ],
  [
    "GET /foods/search, anonymous (cached)",
    (s) => wrk(url(app.port, "/"), { seconds: s, paths: searchPaths, pid: apid }),
  ],
  [
    "GET /foods/search, signed in (cached)",
    (s) => wrk(url(app.port, "/"), { seconds: s, paths: searchPaths, headers, pid: apid }),
  ],
  [
    "POST /meals, group commit",
    (s) =>
      wrk(url(app.port, "/api/v1/meals"), {
        seconds: s,
        headers,
        method: "POST",
        bodies,
        paths: ["/api/v1/meals"],
        pid: apid,
      }),
  ],
  [
    "POST /meals, each write committed alone",
    (s) =>
      wrk(url(alone.port, "/api/v1/meals"), {
        seconds: s,
        headers: aloneHeaders,
        method: "POST",
        bodies,
        paths: ["/api/v1/meals"],
        pid: lpid,
      }),
  ],
];
const got = new Map<string, WrkResult[]>(RUNS.map(([name]) => [name, []]));
const raw: number[] = [];
try {
  for (const [, run] of RUNS) run(1); // warm-up
  for (let i = 0; i < rounds; i++) {
    for (const [name, run] of RUNS) {
      const r = run(seconds);
      if (r.non2xx) throw new Error(`${r.non2xx} non-2xx on ${name}`);
      got.get(name)!.push(r);
    }
    raw.push(rawInserts(seconds * 1000));
  }
} finally {
  for (const s of [hello, app, alone]) s.proc.kill();
}

const rps = (name: string) => median(got.get(name)!.map((r) => r.rps));
const p99 = (name: string) => median(got.get(name)!.map((r) => r.p99ms));
const cpu = (name: string) => median(got.get(name)!.map((r) => r.cpuUsPerRequest));
const [bare, floor, floorBody, daily, anon, signed, post, postAlone] = RUNS.map(([name]) => name) as [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];
console.log(`bench:hot — wrk -t2 -c64, ${rounds} alternating rounds of ${seconds}s; ${machine()}`);
console.log("durability: journal_mode=WAL, synchronous=FULL (servers and raw baseline alike)\n");
console.log(
  "| measurement | req/s (median) | p50 ms | p99 ms | vs bare | vs floor | server CPU µs/request | bare's CPU / this |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const [name] of RUNS) {
  const p50 = median(got.get(name)!.map((r) => r.p50ms));
  console.log(
    `| ${name} | ${rps(name).toFixed(0)} | ${p50.toFixed(2)} | ${p99(name).toFixed(2)} | ${(rps(name) / rps(bare)).toFixed(2)}× | ${(rps(name) / rps(floor)).toFixed(2)}× | ${cpu(name).toFixed(1)} | ${(cpu(bare) / cpu(name)).toFixed(2)}× |`,
  );
}
console.log(
  `| raw bun:sqlite single-row INSERT (autocommit, fsync each) | ${median(raw).toFixed(0)} rows/s | | | | | | |`,
);
console.log(
  `\nper-round req/s: ${RUNS.map(
    ([name]) =>
      `${name.split(",")[0]}: ${got
        .get(name)!
        .map((r) => r.rps.toFixed(0))
        .join("/")}`,
  ).join("; ")}`,
);
const ratio = (a: string) => `${(rps(a) / rps(bare)).toFixed(2)}× bare, ${(rps(a) / rps(floor)).toFixed(2)}× floor`;
console.log(
  `summary: our floor (empty route + global hooks), req/s | ${rps(floor).toFixed(0)} | bare Bun.serve ${rps(bare).toFixed(0)} | ${(rps(floor) / rps(bare)).toFixed(2)}×`,
);
console.log(
  `summary: authenticated GET /meals/daily, req/s | ${rps(daily).toFixed(0)}, p99 ${p99(daily).toFixed(1)} ms | bare ${rps(bare).toFixed(0)}, floor ${rps(floor).toFixed(0)}, floor with its ${dayBytes}-byte body ${rps(floorBody).toFixed(0)} | ${ratio(daily)}, ${(rps(daily) / rps(floorBody)).toFixed(2)}× floor+body (goal ≥ 0.6× bare or ≥ 0.9× floor)`,
);
const byCpu = (a: string) => `${(cpu(bare) / cpu(a)).toFixed(2)}× bare, ${(cpu(floor) / cpu(a)).toFixed(2)}× floor`;
console.log(
  `summary: server CPU per request, µs: daily / anonymous search / signed-in search | ${cpu(daily).toFixed(1)} / ${cpu(anon).toFixed(1)} / ${cpu(signed).toFixed(1)} | bare ${cpu(bare).toFixed(1)}, floor ${cpu(floor).toFixed(1)}, floor with the day's body ${cpu(floorBody).toFixed(1)} | daily ${byCpu(daily)}; search ${byCpu(anon)} / ${byCpu(signed)} (bare's cost ÷ ours: the same goals counted in CPU)`,
);
console.log(
  `summary: cached GET /foods/search, anonymous / signed in, req/s | ${rps(anon).toFixed(0)} / ${rps(signed).toFixed(0)} | bare ${rps(bare).toFixed(0)}, floor ${rps(floor).toFixed(0)} | ${ratio(anon)} / ${ratio(signed)}`,
);
console.log(
  `summary: POST /meals, 64 clients, group commit, req/s | ${rps(post).toFixed(0)}, p99 ${p99(post).toFixed(1)} ms | each commit alone ${rps(postAlone).toFixed(0)}, p99 ${p99(postAlone).toFixed(1)} ms; raw INSERT ${median(raw).toFixed(0)} rows/s | ${(rps(post) / rps(postAlone)).toFixed(2)}× (goal ≥ 3×, p99 ≤ 30 ms)`,
);
