#!/usr/bin/env bun
/**
 * bun run bench:binary — the single executable: size, time from exec to the first 200 on /healthz
 * with a fresh data dir (migrations and catalogue copy included) and with an existing one, and
 * resident memory when idle. Builds it first with the package's build command.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { tempDir } from "./lib/tmp";
import { machine, median, numberArg } from "./lib/wrk";

const runs = numberArg("--runs", 5);
const out = join(tempDir(), "morsel");
// the compile step of `bun run build` (its first step builds the web app, which the repo has already)
const compile = pkg.scripts.build.split(" && ").at(-1)!;
const build = Bun.spawnSync(compile.replace("--outfile dist/morsel", `--outfile ${out}`).split(" "), { cwd: join(import.meta.dir, "..") });
if (build.exitCode !== 0) throw new Error(build.stderr.toString());

async function firstOk(dataDir: string, port: number) {
  const s = performance.now();
  const proc = Bun.spawn([out, "--port", String(port), "--data-dir", dataDir, "--log-requests", "false"], { cwd: tempDir(), stdout: "ignore", stderr: "ignore" });
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.status === 200) break;
    } catch {}
    await Bun.sleep(2);
  }
  const ms = performance.now() - s;
  await Bun.sleep(1000);
  const rss = Number(readFileSync(`/proc/${proc.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;
  proc.kill();
  await proc.exited;
  return { ms, rss };
}

const fresh: { ms: number; rss: number }[] = [];
const warm: { ms: number; rss: number }[] = [];
const kept = tempDir();
for (let i = 0; i < runs; i++) {
  fresh.push(await firstOk(tempDir(), 41000 + i));
  warm.push(await firstOk(kept, 41100 + i));
}
console.log(`bench:binary — ${runs} starts each; ${machine()}\n`);
console.log(`| executable | size | first 200, fresh data dir | first 200, existing data dir | idle RSS | goal |`);
console.log(`|---|---|---|---|---|---|`);
console.log(`| dist/morsel (bun build --compile) | ${(statSync(out).size / 1e6).toFixed(0)} MB | ${median(fresh.map((r) => r.ms)).toFixed(0)} ms | ${median(warm.map((r) => r.ms)).toFixed(0)} ms | ${median(warm.map((r) => r.rss)).toFixed(0)} MB | first 200 ≤ 200 ms |`);
console.log(`summary: executable first 200 (fresh data dir / existing) | ${median(fresh.map((r) => r.ms)).toFixed(0)} / ${median(warm.map((r) => r.ms)).toFixed(0)} ms | — | goal ≤ 200 ms; ${(statSync(out).size / 1e6).toFixed(0)} MB, idle RSS ${median(warm.map((r) => r.rss)).toFixed(0)} MB`);
