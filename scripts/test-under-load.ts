#!/usr/bin/env bun
/**
 * bun run test:under-load [--runs N] — the README's test command (`bun run test`) with a CPU load
 * beside it: `stress-ng --cpu 2` (Debian's; installed like Chromium when missing and this machine can),
 * as on a shared 2-core CI box. The suite must pass: its tests wait on conditions, never on a
 * wall-clock bound. With --runs N, N runs in a row, each must pass; prints one line per run.
 */
const runsAt = process.argv.indexOf("--runs");
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 1;
if (!Number.isInteger(runs) || runs < 1) {
  console.error("test:under-load: --runs takes a whole number from 1");
  process.exit(2);
}
const setup = Bun.spawnSync(["bun", "scripts/test-prereqs.ts", "--with", "stress-ng"], {
  stdout: "inherit",
  stderr: "inherit",
});
if (setup.exitCode !== 0) process.exit(setup.exitCode ?? 1);

const results: string[] = [];
for (let run = 1; run <= runs; run++) {
  const load = Bun.spawn(["stress-ng", "--cpu", "2", "--quiet"], { stdout: "ignore", stderr: "inherit" });
  const started = performance.now();
  const test = Bun.spawn(["bun", "run", "test"], { stdout: "inherit", stderr: "inherit" });
  const code = await test.exited;
  load.kill();
  await load.exited;
  results.push(
    `run ${run}/${runs}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${((performance.now() - started) / 1000).toFixed(0)} s beside stress-ng --cpu 2`,
  );
  console.log(results.at(-1));
  if (code !== 0) break;
}
console.log(results.join("\n"));
process.exit(results.every((r) => r.includes("passed")) && results.length === runs ? 0 : 1);
