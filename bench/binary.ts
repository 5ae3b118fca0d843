#!/usr/bin/env bun
/**
 * bun run bench:binary — the single executable: size, time from exec to the first 200 on /healthz
 * with a fresh data dir (migrations and catalogue copy included) and with an existing one, and
 * resident memory when idle, beside three compiled baselines built with the same flags and started the
 * same way in alternating runs: a bare Bun.serve hello-world (bench/lib/hello.ts), a one-route
 * Elysia app (bench/lib/elysia-hello.ts: the framework's own start), and an Elysia app with our
 * route table's size and shape and nothing behind it (bench/lib/elysia-routes.ts: the framework's
 * start at our size, which no app registering those routes at start can beat). Builds all four first.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { tempDir } from "./lib/tmp";
import { machine, median, numberArg } from "./lib/wrk";

const runs = numberArg("--runs", 9);
const out = join(tempDir(), "morsel");
// the compile step of `bun run build` (its first step builds the web app, which the repo has already)
const compile = pkg.scripts.build.split(" && ").at(-1)!;
const build = Bun.spawnSync(compile.replace("--outfile dist/morsel", `--outfile ${out}`).split(" "), {
  cwd: join(import.meta.dir, ".."),
});
if (build.exitCode !== 0) throw new Error(build.stderr.toString());
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

/** Time from spawn to the first 200 (polling every 2 ms), the process's CPU time by then, and RSS a second later. */
async function firstOk(cmd: string[], port: number, path = "/healthz") {
  const s = performance.now();
  const proc = Bun.spawn(cmd, {
    cwd: tempDir(),
    stdout: "ignore",
    stderr: "ignore",
    env: { ...process.env, PORT: String(port) },
  });
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}${path}`);
      if (r.status === 200) break;
    } catch {}
    await Bun.sleep(2);
  }
  const ms = performance.now() - s;
  const cpu = cpuMs(proc.pid);
  await Bun.sleep(1000);
  const rss = Number(readFileSync(`/proc/${proc.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;
  proc.kill();
  await proc.exited;
  return { ms, cpu, rss };
}

type Start = { ms: number; cpu: number; rss: number };
const fresh: Start[] = [];
const warm: Start[] = [];
const bare: Start[] = [];
const elysia: Start[] = [];
const routes: Start[] = [];
const kept = tempDir();
const morsel = (dataDir: string, port: number) => [
  out,
  "--port",
  String(port),
  "--data-dir",
  dataDir,
  "--log-requests",
  "false",
];
await firstOk(morsel(kept, 40999), 40999); // the existing data dir: made once before the runs
for (let i = 0; i < runs; i++) {
  bare.push(await firstOk([helloOut], 41200 + i, "/"));
  elysia.push(await firstOk([elysiaOut], 41300 + i, "/"));
  routes.push(await firstOk([routesOut], 41400 + i));
  fresh.push(await firstOk(morsel(tempDir(), 41000 + i), 41000 + i));
  warm.push(await firstOk(morsel(kept, 41100 + i), 41100 + i));
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
row("compiled Elysia app of our routes' size and shape, nothing behind them", routesOut, routes);
row("dist/morsel (bun build --compile)", out, warm, `${m(fresh).toFixed(0)} ms`);
console.log(
  `\nin CPU to the first 200 (existing data dir): ${(c(warm) / c(elysia)).toFixed(2)}× one-route Elysia, ${(c(warm) / c(routes)).toFixed(2)}× Elysia at our size`,
);
const ratio = (xs: Start[]) => `${(m(warm) / m(xs)).toFixed(2)}×`;
console.log(
  `start ratio, existing data dir / one-route Elysia: ${ratio(elysia)} (goal ≤ 2×); / Elysia at our routes' size: ${ratio(routes)} (that app / one-route Elysia: ${(m(routes) / m(elysia)).toFixed(2)}×); / bare Bun.serve: ${ratio(bare)}`,
);
console.log(
  `per run (bare, one-route Elysia, Elysia at our size, fresh, existing): ${bare.map((b, i) => [b, elysia[i]!, routes[i]!, fresh[i]!, warm[i]!].map((r) => r.ms.toFixed(0)).join("/")).join(", ")} ms`,
);
console.log(
  `summary: executable first 200, existing data dir (fresh) | ${m(warm).toFixed(0)} ms (${m(fresh).toFixed(0)}) | compiled bare Bun.serve ${m(bare).toFixed(0)} ms, one-route Elysia ${m(elysia).toFixed(0)} ms, Elysia at our size ${m(routes).toFixed(0)} ms | ${ratio(elysia)} one-route Elysia (goal ≤ 2×), ${ratio(routes)} Elysia at our size, ${ratio(bare)} bare; ${(statSync(out).size / 1e6).toFixed(0)} MB, idle RSS ${median(warm.map((r) => r.rss)).toFixed(0)} MB`,
);
