#!/usr/bin/env bun
/**
 * bun run bench:pg — the diary's hot write and read on PostgreSQL beside SQLite, in one run, rounds
 * alternating, medians: POST /meals (group commit) and authenticated GET /meals/daily (10 meals that
 * day) against
 *  - SQLite: one process on its data dir's file (the default);
 *  - PostgreSQL, one Morsel process;
 *  - PostgreSQL, two Morsel processes on one database, wrk's threads split between them (each
 *    thread's 32 connections on one process), as behind a load balancer.
 * PostgreSQL is the local server the tests use (MORSEL_TEST_POSTGRES_URL, or scripts/test-postgres.ts's
 * default; `bun scripts/test-prereqs.ts` as root starts Debian's), on this machine, over loopback, with its
 * default settings (synchronous_commit on: every commit is flushed). A fresh database is made and
 * dropped. wrk -t2 -c64 shares the machine's cores with the servers and PostgreSQL. Server CPU is
 * the Morsel processes' (user + system), not PostgreSQL's.
 */
import { SQL } from "bun";
import { TEST_POSTGRES_URL, masked, reachable } from "../scripts/test-postgres";
import { machine, median, numberArg, requireWrk, startServer, wrk, type WrkResult } from "./lib/wrk";
import { signUp } from "./lib/account";

const seconds = numberArg("--seconds", 5);
const rounds = numberArg("--rounds", 3);
requireWrk();
const why = await reachable(TEST_POSTGRES_URL);
if (why !== null) {
  console.error(
    `PostgreSQL is not reachable at ${masked(TEST_POSTGRES_URL)} (${why}): as root, bun scripts/test-prereqs.ts`,
  );
  process.exit(2);
}
const admin = new SQL(TEST_POSTGRES_URL, { max: 1 });
const name = `morsel_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
await admin.unsafe(`CREATE DATABASE "${name}"`);
const url = new URL(TEST_POSTGRES_URL);
url.pathname = `/${name}`;
const server = (args: string[] = []) => startServer(["bun", `${import.meta.dir}/lib/app-server.ts`, ...args]);

const sqlite = await server();
const pgOne = await server(["--database", url.toString()]);
const pgTwo = await server(["--database", url.toString()]);

const liteHeaders = await signUp(sqlite.port);
const pgHeaders = await signUp(pgOne.port); // one account: its token works on both processes

const day = "/api/v1/meals/daily?date=2026-11-22";
// A day holds at most 200 meals (API.md §Meals): the writes rotate over 3,000 days, 20 a day per 60,000 meals.
const bodies = Array.from({ length: 3000 }, (_, i) =>
  JSON.stringify({
    food_id: 9040,
    quantity: 118,
    meal_type: "snack",
    date: new Date(Date.UTC(2018, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
  }),
);
type Target = { label: string; port: number; ports?: number[]; pids: number[]; headers: Record<string, string> };
const targets: Target[] = [
  { label: "SQLite, 1 process", port: sqlite.port, pids: [sqlite.proc.pid], headers: liteHeaders },
  { label: "PostgreSQL, 1 process", port: pgOne.port, pids: [pgOne.proc.pid], headers: pgHeaders },
  {
    label: "PostgreSQL, 2 processes",
    port: pgOne.port,
    ports: [pgOne.port, pgTwo.port],
    pids: [pgOne.proc.pid, pgTwo.proc.pid],
    headers: pgHeaders,
  },
];
const RUNS: [string, Target, (t: Target, s: number) => WrkResult][] = [];
for (const t of targets) {
  RUNS.push([
    `POST /meals — ${t.label}`,
    t,
    (t, s) =>
      wrk(`http://127.0.0.1:${t.port}/api/v1/meals`, {
        seconds: s,
        headers: t.headers,
        method: "POST",
        bodies,
        paths: ["/api/v1/meals"],
        pid: t.pids,
        ...(t.ports ? { ports: t.ports } : {}),
      }),
  ]);
}
for (const t of targets) {
  RUNS.push([
    `GET /meals/daily — ${t.label}`,
    t,
    (t, s) =>
      wrk(`http://127.0.0.1:${t.port}${day}`, {
        seconds: s,
        headers: t.headers,
        pid: t.pids,
        ...(t.ports ? { ports: t.ports } : {}),
      }),
  ]);
}

const got = new Map<string, WrkResult[]>(RUNS.map(([name]) => [name, []]));
try {
  for (const [, t, run] of RUNS) run(t, 1); // warm-up
  for (let i = 0; i < rounds; i++) {
    for (const [name, t, run] of RUNS) {
      const r = run(t, seconds);
      if (r.non2xx) throw new Error(`${r.non2xx} non-2xx on ${name}`);
      got.get(name)!.push(r);
    }
  }
} finally {
  for (const s of [sqlite, pgOne, pgTwo]) s.proc.kill();
  await Promise.all([sqlite, pgOne, pgTwo].map((s) => s.proc.exited));
  await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.close();
}

const rps = (n: string) => median(got.get(n)!.map((r) => r.rps));
const p99 = (n: string) => median(got.get(n)!.map((r) => r.p99ms));
const cpu = (n: string) => median(got.get(n)!.map((r) => r.cpuUsPerRequest));
const version = (await new SQL(TEST_POSTGRES_URL, { max: 1 }).unsafe("SHOW server_version"))[0].server_version;
console.log(
  `bench:pg — ${rounds} rounds × ${seconds} s per row, alternating, medians; wrk -t2 -c64; PostgreSQL ${version} on this machine; ${machine()}\n`,
);
console.log("| measurement | req/s (median) | p99 ms | vs SQLite | Morsel CPU µs/request |");
console.log("|---|---|---|---|---|");
for (const [n] of RUNS) {
  const lite = n.replace(/ — .*/, " — SQLite, 1 process");
  console.log(
    `| ${n} | ${rps(n).toFixed(0)} | ${p99(n).toFixed(1)} | ${(rps(n) / rps(lite)).toFixed(2)}× | ${cpu(n).toFixed(1)} |`,
  );
}
for (const what of ["POST /meals", "GET /meals/daily"]) {
  const [a, b, c] = targets.map((t) => `${what} — ${t.label}`) as [string, string, string];
  console.log(
    `summary: ${what}, req/s | PostgreSQL 1 process ${rps(b).toFixed(0)}, 2 processes ${rps(c).toFixed(0)} | SQLite ${rps(a).toFixed(0)} | ${(rps(b) / rps(a)).toFixed(2)}× and ${(rps(c) / rps(a)).toFixed(2)}× SQLite`,
  );
}
process.exit(0);
