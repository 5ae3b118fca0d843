#!/usr/bin/env bun
/**
 * bun run bench:pg — the diary's hot write and reads on PostgreSQL beside SQLite, in one run, rounds
 * alternating, medians, over ACCOUNTS accounts taken in turn (writers of different accounts do not
 * wait for each other on PostgreSQL: db/pg/account-locks.ts):
 *  - POST /meals (group commit), over 3,000 days;
 *  - GET /meals/daily of one day per account (10 meals): every page cached after the first;
 *  - GET /meals/daily uncached: ACCOUNTS × 100 days in turn, more pages than the page cache's 2,000,
 *    so nearly every request reads and shapes the day;
 * against
 *  - SQLite: one process on its data dir's file (the default);
 *  - PostgreSQL, one Morsel process;
 *  - PostgreSQL, two Morsel processes on one database, wrk's threads split between them (each
 *    thread's 32 connections on one process), as behind a load balancer.
 * PostgreSQL is the local server the tests use (MORSEL_TEST_POSTGRES_URL, or scripts/test-postgres.ts's
 * default; `bun scripts/test-prereqs.ts` as root starts Debian's), on this machine, over loopback, with its
 * default settings (synchronous_commit on: every commit is flushed). A fresh database is made and
 * dropped. wrk -t2 -c64 shares the machine's cores with the servers and PostgreSQL. CPU per request is
 * Morsel's (its processes' user + system) and PostgreSQL's (the backends serving the bench database,
 * and the WAL writer), each from /proc. Each of wrk's two threads writes and reads its own half of
 * the accounts: with two processes, each process has its own, as a load balancer that keeps an
 * account on one process would (test/db/pg-two-processes.test.ts writes one account through both).
 *
 * `--baseline DIR`: also runs PostgreSQL with 1 and 2 processes from another checkout (e.g. `git
 * worktree add DIR <commit>`, node_modules linked), on a database of its own, in the same rounds.
 * `--writes-only`: only the POST /meals rows (more rounds in the same time, for CPU per write on a loaded box).
 */
import { SQL } from "bun";
import { TEST_POSTGRES_URL, masked, reachable } from "../scripts/test-postgres";
import { cpuSeconds, machine, median, numberArg, requireWrk, startServer, wrk, type WrkResult } from "./lib/wrk";
import { signUp } from "./lib/account";

const seconds = numberArg("--seconds", 5);
const rounds = numberArg("--rounds", 3);
const ACCOUNTS = numberArg("--accounts", 64);
const baselineDir = process.argv.includes("--baseline") ? process.argv[process.argv.indexOf("--baseline") + 1]! : null;
requireWrk();
const why = await reachable(TEST_POSTGRES_URL);
if (why !== null) {
  console.error(
    `PostgreSQL is not reachable at ${masked(TEST_POSTGRES_URL)} (${why}): as root, bun scripts/test-prereqs.ts`,
  );
  process.exit(2);
}
const admin = new SQL(TEST_POSTGRES_URL, { max: 1 });
const names: string[] = [];
async function database(): Promise<string> {
  const name = `morsel_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  names.push(name);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
const server = (args: string[] = [], dir = `${import.meta.dir}/..`) =>
  startServer(["bun", `${dir}/bench/lib/app-server.ts`, ...args]);

const sqlite = await server();
const url = await database();
const pgOne = await server(["--database", url]);
const pgTwo = await server(["--database", url]);
const baseUrl = baselineDir ? await database() : null;
const base = baseUrl
  ? [await server(["--database", baseUrl], baselineDir!), await server(["--database", baseUrl], baselineDir!)]
  : [];
const servers = [sqlite, pgOne, pgTwo, ...base];

/** The accounts' headers on a server (a PostgreSQL account's token works on both processes). */
async function accounts(port: number, backend: string): Promise<Record<string, string>[]> {
  const all: Record<string, string>[] = [];
  for (let a = 0; a < ACCOUNTS; a++) all.push(await signUp(port, `bench${a}-${backend}@example.org`));
  if (all.some((h) => h.authorization === "Bearer undefined")) throw new Error(`signing up on ${backend} failed`);
  return all;
}
const liteAccounts = await accounts(sqlite.port, "sqlite");
const pgAccounts = await accounts(pgOne.port, "pg");
const baseAccounts = base.length ? await accounts(base[0]!.port, "baseline") : [];

const dateOf = (i: number) => new Date(Date.UTC(2018, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
// A day holds at most 200 meals (API.md §Meals): the writes rotate over 3,000 days and the accounts.
const bodies = Array.from({ length: 3000 }, (_, i) =>
  JSON.stringify({ food_id: 9040, quantity: 118, meal_type: "snack", date: dateOf(i) }),
);
const cachedDay = ["/api/v1/meals/daily?date=2026-11-22"];
// the first 100 write days: written by the write rows before the first read row runs
const uncachedDays = Array.from({ length: 100 }, (_, i) => `/api/v1/meals/daily?date=${dateOf(i)}`);

type Target = { label: string; port: number; ports?: number[]; pids: number[]; accounts: Record<string, string>[] };
const targets: Target[] = [
  { label: "SQLite, 1 process", port: sqlite.port, pids: [sqlite.proc.pid], accounts: liteAccounts },
  { label: "PostgreSQL, 1 process", port: pgOne.port, pids: [pgOne.proc.pid], accounts: pgAccounts },
  {
    label: "PostgreSQL, 2 processes",
    port: pgOne.port,
    ports: [pgOne.port, pgTwo.port],
    pids: [pgOne.proc.pid, pgTwo.proc.pid],
    accounts: pgAccounts,
  },
];
if (base.length) {
  const [one, two] = base as [(typeof base)[0], (typeof base)[0]];
  targets.push(
    { label: "PostgreSQL, 1 process, baseline", port: one.port, pids: [one.proc.pid], accounts: baseAccounts },
    {
      label: "PostgreSQL, 2 processes, baseline",
      port: one.port,
      ports: [one.port, two.port],
      pids: [one.proc.pid, two.proc.pid],
      accounts: baseAccounts,
    },
  );
}

/** PostgreSQL's processes doing this bench's work: the bench database's backends and the WAL writer. */
async function pgPids(): Promise<number[]> {
  const ours = names.map((n) => `'${n}'`).join(", "); // names this bench made: [a-z0-9_] only
  const rows = await admin.unsafe(
    `SELECT pid FROM pg_stat_activity WHERE datname IN (${ours}) OR backend_type = 'walwriter'`,
  );
  return (rows as { pid: number }[]).map((r) => r.pid);
}
const cpuOf = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuSeconds(pid);
    } catch {
      return sum; // a backend that ended meanwhile
    }
  }, 0);

/** Each of wrk's two threads its own accounts. */
const halves = (all: string[]) => [all.slice(0, all.length >> 1), all.slice(all.length >> 1)];

type Result = WrkResult & { pgCpuUsPerRequest: number };
type Kind = { what: string; method: string; paths: string[]; bodies?: string[] };
const KINDS: Kind[] = [
  { what: "POST /meals", method: "POST", paths: ["/api/v1/meals"], bodies },
  { what: "GET /meals/daily, cached", method: "GET", paths: cachedDay },
  { what: "GET /meals/daily, uncached", method: "GET", paths: uncachedDays },
];
const RUNS: [string, Target, (s: number) => Promise<Result>][] = [];
if (process.argv.includes("--writes-only")) KINDS.splice(1);
for (const k of KINDS) {
  for (const t of targets) {
    RUNS.push([
      `${k.what} — ${t.label}`,
      t,
      async (s) => {
        const pg = t.label.startsWith("PostgreSQL") ? await pgPids() : [];
        const before = cpuOf(pg);
        const r = wrk(`http://127.0.0.1:${t.port}${k.paths[0]}`, {
          seconds: s,
          headers: t.accounts[0],
          tokens: halves(t.accounts.map((h) => h.authorization!)),
          method: k.method,
          paths: k.paths,
          ...(k.bodies ? { bodies: k.bodies } : {}),
          pid: t.pids,
          ...(t.ports ? { ports: t.ports } : {}),
        });
        return { ...r, pgCpuUsPerRequest: pg.length ? ((cpuOf(pg) - before) * 1e6) / (r.rps * s) : NaN };
      },
    ]);
  }
}

const got = new Map<string, Result[]>(RUNS.map(([name]) => [name, []]));
try {
  for (const [, , run] of RUNS) await run(1); // warm-up
  for (let i = 0; i < rounds; i++) {
    for (const [name, , run] of RUNS) {
      const r = await run(seconds);
      if (r.non2xx) throw new Error(`${r.non2xx} non-2xx on ${name}`);
      got.get(name)!.push(r);
    }
  }
} finally {
  for (const s of servers) s.proc.kill();
  await Promise.all(servers.map((s) => s.proc.exited));
  for (const name of names) await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

const of = (n: string, f: (r: Result) => number) => median(got.get(n)!.map(f));
const rps = (n: string) => of(n, (r) => r.rps);
const version = (await admin.unsafe("SHOW server_version"))[0].server_version;
await admin.close();
console.log(
  `bench:pg — ${rounds} rounds × ${seconds} s per row, alternating, medians; ${ACCOUNTS} accounts in turn; wrk -t2 -c64; PostgreSQL ${version} on this machine (sharing its cores with Morsel and wrk); ${machine()}\n`,
);
console.log(
  "| measurement | req/s (median) | p99 ms | vs SQLite | Morsel CPU µs/request | PostgreSQL CPU µs/request |",
);
console.log("|---|---|---|---|---|---|");
for (const [n] of RUNS) {
  const lite = n.replace(/ — .*/, " — SQLite, 1 process");
  const pg = of(n, (r) => r.pgCpuUsPerRequest);
  console.log(
    `| ${n} | ${rps(n).toFixed(0)} | ${of(n, (r) => r.p99ms).toFixed(1)} | ${(rps(n) / rps(lite)).toFixed(2)}× | ${of(n, (r) => r.cpuUsPerRequest).toFixed(1)} | ${Number.isNaN(pg) ? "—" : pg.toFixed(1)} |`,
  );
}
for (const k of KINDS) {
  if (base.length) {
    const [b, c, bb, bc] = targets.slice(1).map((t) => `${k.what} — ${t.label}`) as [string, string, string, string];
    console.log(
      `summary: ${k.what} against the baseline | 1 process ${(rps(b) / rps(bb)).toFixed(2)}×, 2 processes ${(rps(c) / rps(bc)).toFixed(2)}× (baseline 2 processes ${(rps(bc) / rps(bb)).toFixed(2)}× its 1)`,
    );
  }
  const [a, b, c] = targets.map((t) => `${k.what} — ${t.label}`) as [string, string, string];
  console.log(
    `summary: ${k.what}, req/s | SQLite ${rps(a).toFixed(0)} | PostgreSQL 1 process ${rps(b).toFixed(0)} (${(rps(b) / rps(a)).toFixed(2)}× SQLite), 2 processes ${rps(c).toFixed(0)} (${(rps(c) / rps(b)).toFixed(2)}× 1 process)`,
  );
}
const w = (t: Target) => `POST /meals — ${t.label}`;
const cpu = (t: Target) => of(w(t), (r) => r.cpuUsPerRequest);
console.log(
  `summary: CPU per write, µs | SQLite: Morsel ${cpu(targets[0]!).toFixed(0)} | PostgreSQL 1 process: Morsel ${cpu(targets[1]!).toFixed(0)} (${(cpu(targets[1]!) / cpu(targets[0]!)).toFixed(2)}× SQLite's) + PostgreSQL ${of(w(targets[1]!), (r) => r.pgCpuUsPerRequest).toFixed(0)}`,
);
process.exit(0);
