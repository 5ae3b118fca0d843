#!/usr/bin/env bun
/**
 * bun run bench:binary — the single executable: size, time from exec to the first 200 on /healthz
 * with a fresh data dir (migrations and catalogue copy included) and with an existing one, and
 * resident memory when idle, beside three compiled baselines built with the same flags and started the
 * same way in alternating runs: a bare Bun.serve hello-world (bench/lib/hello.ts), a one-route
 * Elysia app (bench/lib/elysia-hello.ts: the framework's own start), and an Elysia app with our
 * route table's size and shape and nothing behind it (bench/lib/elysia-routes.ts: the framework's
 * start at our size, which no app registering those routes at start can beat). Builds all four first.
 * That app is started twice: with Morsel's own route counts, read from its route table at the start of
 * the run ("at our size"), and with the 77 routes it had when it was written (the figure earlier reports
 * compare with).
 *   --runs N        starts of each (default 9)
 *   --phases        also print where the executable's start goes, in CPU ms (bench/lib/start-phases.ts):
 *                   loading the modules, opening the databases, createApp, the first /healthz in process
 *   --before DIR    also build and time DIR's executable (a worktree of an earlier commit) in the same
 *                   alternation, with an existing data dir of its own: before and after under one load
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { createApp } from "../src/app";
import { Catalogue } from "../src/db/catalogue";
import { openUserDatabase } from "../src/db/open";
import { loadConfig } from "../src/config";
import { tempDir } from "./lib/tmp";
import { machine, median, numberArg } from "./lib/wrk";

const runs = numberArg("--runs", 9);
const beforeDir = process.argv.includes("--before") ? process.argv[process.argv.indexOf("--before") + 1] : undefined;
// the compile step of `bun run build` (its first step builds the web app, which the repo has already)
const compile = pkg.scripts.build.split(" && ").at(-1)!;
/** Builds the executable of the checkout at `dir` with that checkout's own build command. */
function buildMorsel(dir: string): string {
  const to = join(tempDir(), "morsel");
  const theirs = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as typeof pkg).scripts.build;
  const step = theirs.split(" && ").at(-1)!;
  const build = Bun.spawnSync(step.replace("--outfile dist/morsel", `--outfile ${to}`).split(" "), { cwd: dir });
  if (build.exitCode !== 0) throw new Error(build.stderr.toString());
  return to;
}
const out = buildMorsel(join(import.meta.dir, ".."));
const beforeOut = beforeDir ? buildMorsel(beforeDir) : null;

/** Morsel's route counts, under /api/v1 and on the root, from the app's own route table. */
async function ourRouteCounts(): Promise<{ api: number; root: number }> {
  const database = await openUserDatabase(null, tempDir());
  const app = createApp({
    store: database.store,
    ...(database.sqlite ? { db: database.sqlite } : {}),
    catalogue: new Catalogue(loadConfig([], {}).cataloguePath),
    jwtSecret: "bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
    logRequests: false,
  });
  const api = app.routes.filter((r) => r.path.startsWith("/api/v1/")).length;
  await database.close();
  return { api, root: app.routes.length - api };
}
const counts = await ourRouteCounts();
/** The build command's flags (--compile, --splitting, --bytecode, minifying), without its inputs and output. */
const FLAGS = compile.split(" ").filter((w) => /^--(compile|splitting|bytecode|minify|format)/.test(w));
function compileBaseline(source: string): string {
  const to = join(tempDir(), source.replace(/\.ts$/, ""));
  const r = Bun.spawnSync(["bun", "build", ...FLAGS, join(import.meta.dir, "lib", source), "--outfile", to]);
  if (r.exitCode !== 0) throw new Error(r.stderr.toString());
  return to;
}
const helloOut = compileBaseline("hello.ts");
const elysiaOut = compileBaseline("elysia-hello.ts");
const routesOut = compileBaseline("elysia-routes.ts");

/**
 * CPU time a process has used so far, every thread (JSC's JIT thread does a quarter of a start's
 * work), in ms, from /proc's schedstat (nanoseconds): steadier than wall time on a shared machine.
 */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {} // a thread that ended meanwhile
  }
  return ns / 1e6;
}

/**
 * Time from spawn to the first 200 (polling every 2 ms), the process's CPU time by then, and RSS a second later.
 * Each start takes a random port; a process that exits before answering (the port taken by another
 * program on this shared machine) is started again on another, instead of the poll waiting forever.
 */
async function firstOk(
  cmd: (port: number) => string[],
  path = "/healthz",
  env: Record<string, string> = {},
): Promise<Start> {
  for (let attempt = 0; ; attempt++) {
    const port = 42000 + Math.floor(Math.random() * 20000);
    const s = performance.now();
    const proc = Bun.spawn(cmd(port), {
      cwd: tempDir(),
      stdout: "ignore",
      stderr: "ignore",
      env: { ...process.env, ...env, PORT: String(port) },
    });
    let ok = false;
    while (!ok && proc.exitCode === null) {
      try {
        ok = (await fetch(`http://127.0.0.1:${port}${path}`)).status === 200;
      } catch {}
      if (!ok) await Bun.sleep(2);
    }
    const ms = performance.now() - s;
    if (!ok || proc.exitCode !== null) {
      proc.kill();
      if (attempt === 4) throw new Error(`${cmd(port).join(" ")} exited before answering, 5 times`);
      continue;
    }
    const cpu = cpuMs(proc.pid);
    await Bun.sleep(1000);
    const rss = Number(readFileSync(`/proc/${proc.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;
    proc.kill();
    await proc.exited;
    return { ms, cpu, rss };
  }
}

type Start = { ms: number; cpu: number; rss: number };
const fresh: Start[] = [];
const warm: Start[] = [];
const bare: Start[] = [];
const elysia: Start[] = [];
const routes: Start[] = [];
const routesThen: Start[] = [];
const before: Start[] = [];
const ourSize = { API_ROUTES: String(counts.api), ROOT_ROUTES: String(counts.root) };
const kept = tempDir();
const keptBefore = tempDir();
const morsel = (dataDir: string, port: number, executable = out) => [
  executable,
  "--port",
  String(port),
  "--data-dir",
  dataDir,
  "--log-requests",
  "false",
];
await firstOk((p) => morsel(kept, p)); // the existing data dir: made once before the runs
if (beforeOut) await firstOk((p) => morsel(keptBefore, p, beforeOut));
for (let i = 0; i < runs; i++) {
  bare.push(await firstOk(() => [helloOut], "/"));
  elysia.push(await firstOk(() => [elysiaOut], "/"));
  routes.push(await firstOk(() => [routesOut], "/healthz", ourSize));
  routesThen.push(await firstOk(() => [routesOut]));
  fresh.push(await firstOk((p) => morsel(tempDir(), p)));
  warm.push(await firstOk((p) => morsel(kept, p)));
  if (beforeOut) before.push(await firstOk((p) => morsel(keptBefore, p, beforeOut)));
}
const m = (xs: Start[]) => median(xs.map((r) => r.ms));
const c = (xs: Start[]) => median(xs.map((r) => r.cpu));
const row = (name: string, file: string, xs: Start[], freshCell = "—") =>
  console.log(
    `| ${name} | ${(statSync(file).size / 1e6).toFixed(0)} MB | ${freshCell} | ${m(xs).toFixed(0)} ms | ${c(xs).toFixed(0)} ms | ${median(xs.map((r) => r.rss)).toFixed(0)} MB |`,
  );
console.log(`bench:binary — ${runs} starts each; ${machine()}\n`);
console.log(
  `| executable | size | first 200, fresh data dir | first 200, existing data dir | CPU by then, all threads | idle RSS |`,
);
console.log(`|---|---|---|---|---|---|`);
row("compiled bare Bun.serve hello-world", helloOut, bare);
row("compiled one-route Elysia app", elysiaOut, elysia);
row(
  `compiled Elysia app of our routes' size and shape (${counts.api} + ${counts.root} routes), nothing behind them`,
  routesOut,
  routes,
);
row("the same at the size it was written for (61 + 16 routes)", routesOut, routesThen);
if (beforeOut) row(`dist/morsel of ${beforeDir} (before)`, beforeOut, before);
row("dist/morsel (bun build --compile)", out, warm, `${m(fresh).toFixed(0)} ms`);
console.log(
  `\nin CPU to the first 200 (existing data dir): ${(c(warm) / c(elysia)).toFixed(2)}× one-route Elysia, ${(c(warm) / c(routes)).toFixed(2)}× Elysia at our size, ${(c(warm) / c(routesThen)).toFixed(2)}× Elysia at 77 routes${beforeOut ? `; before: ${(c(before) / c(routes)).toFixed(2)}× Elysia at our size, ${(c(before) / c(routesThen)).toFixed(2)}× at 77 routes` : ""}`,
);
const ratio = (xs: Start[]) => `${(m(warm) / m(xs)).toFixed(2)}×`;
console.log(
  `start ratio, existing data dir / one-route Elysia: ${ratio(elysia)} (goal ≤ 2×); / Elysia at our routes' size: ${ratio(routes)} (that app / one-route Elysia: ${(m(routes) / m(elysia)).toFixed(2)}×); / bare Bun.serve: ${ratio(bare)}; / Elysia at 77 routes: ${ratio(routesThen)}${beforeOut ? `; before / Elysia at our size: ${(m(before) / m(routes)).toFixed(2)}×, / at 77 routes: ${(m(before) / m(routesThen)).toFixed(2)}×` : ""}`,
);
console.log(
  `per run (bare, one-route Elysia, Elysia at our size, at 77 routes, fresh, existing${beforeOut ? ", before" : ""}): ${bare.map((b, i) => [b, elysia[i]!, routes[i]!, routesThen[i]!, fresh[i]!, warm[i]!, ...(beforeOut ? [before[i]!] : [])].map((r) => r.ms.toFixed(0)).join("/")).join(", ")} ms`,
);
console.log(
  `summary: executable first 200, existing data dir (fresh) | ${m(warm).toFixed(0)} ms (${m(fresh).toFixed(0)}) | compiled bare Bun.serve ${m(bare).toFixed(0)} ms, one-route Elysia ${m(elysia).toFixed(0)} ms, Elysia at our size ${m(routes).toFixed(0)} ms | ${ratio(elysia)} one-route Elysia (goal ≤ 2×), ${ratio(routes)} Elysia at our size, ${ratio(bare)} bare; ${(statSync(out).size / 1e6).toFixed(0)} MB, idle RSS ${median(warm.map((r) => r.rss)).toFixed(0)} MB`,
);

if (process.argv.includes("--phases")) {
  // compiled as the executable is, with its assets (the migrations), and run on one existing data dir
  const assets = compile.split(" ").flatMap((w, i, all) => (w === "--asset" ? [w, all[i + 1]!] : []));
  const probe = join(tempDir(), "start-phases");
  const built = Bun.spawnSync(
    ["bun", "build", ...FLAGS, join(import.meta.dir, "lib", "start-phases.ts"), ...assets, "--outfile", probe],
    { cwd: join(import.meta.dir, "..") },
  );
  if (built.exitCode !== 0) throw new Error(built.stderr.toString());
  const dir = tempDir();
  Bun.spawnSync([probe, dir]); // the data dir made before the runs
  const phases: Record<string, number>[] = [];
  for (let i = 0; i < runs; i++) {
    const line = Bun.spawnSync([probe, dir]).stdout.toString().trim().split("\n").at(-1)!;
    phases.push(JSON.parse(line) as Record<string, number>);
  }
  const keys = Object.keys(phases[0]!).filter((k) => k !== "status");
  console.log(
    `\nstart phases in process, CPU ms (all threads), median of ${runs}: ${keys.map((k) => `${k} ${median(phases.map((p) => p[k]!)).toFixed(1)}`).join(", ")}`,
  );
}
