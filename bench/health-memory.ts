#!/usr/bin/env bun
/**
 * bun run bench:health-memory — the server's extra memory while it takes Health Auto Export pushes and Apple Health
 * exports (issue 57's bound: ≤ 200 MB extra RSS for any input, three at once ≤ 600 MB). A real server process (`bun src/index.ts serve`);
 * each case is sent `--runs` times (default 3) and the median of its peak extra RSS is printed (VmRSS polled
 * every 20 ms while the push runs, minus the figure just before; the server's idle RSS settles between runs).
 * Cases: the 31.9 MiB push of bench:responsiveness's [57.1] (3 metrics × 180k per-minute samples); the same three
 * at once from three accounts; and the shapes that cost most memory per byte within the 32 MiB limit: empty
 * samples (`{}` a few bytes each), and workouts carrying a large route array each (fields Morsel does not read).
 * Then Apple Health ZIPs (POST /import/health, three accounts: three imports may run at once): the largest reads the
 * caps allow (limits.ts: 49,999 workouts; 99,980 source-days) and a million repeats of one workout.
 *   --entry PATH   another checkout's src/index.ts (the previous commit, say), for a before/after
 *   --runs N       runs per case (default 3)
 *   --only TEXT    only the server cases whose label contains TEXT (NONE: none of them)
 *   --no-readers   leave out the Apple Health readers measured alone (a process of their own, no writing)
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { zipSync } from "fflate";
import { tempDir } from "./lib/tmp";
import { machine, median, numberArg, startServer } from "./lib/wrk";

const entryArg = process.argv.indexOf("--entry");
const entry = entryArg > 0 ? process.argv[entryArg + 1]! : join(import.meta.dir, "..", "src", "index.ts");
const runs = numberArg("--runs", 3);
const onlyArg = process.argv.indexOf("--only");
const only = onlyArg > 0 ? process.argv[onlyArg + 1]! : null;
const dir = tempDir();
const { proc, port } = await startServer(
  ["bun", entry, "serve", "--port", "0", "--data-dir", dir, "--trust-proxy", "127.0.0.1"],
  { MORSEL_LOG_REQUESTS: "false" },
);
const base = `http://127.0.0.1:${port}/api/v1`;
let users = 0;

/** A new account's write-scope personal access token. */
async function patOfNewAccount(): Promise<string> {
  const n = ++users;
  const r = await fetch(`${base}/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${n}` },
    body: JSON.stringify({ email: `hae${n}@example.org`, password: "correct horse battery", name: "Bench" }),
  });
  const { access_token } = (await r.json()) as { access_token: string };
  const t = await fetch(`${base}/tokens`, {
    method: "POST",
    headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "bench", scopes: ["write"] }),
  });
  return ((await t.json()) as { token: string }).token;
}

const rssMb = async () =>
  Number(/VmRSS:\s+(\d+)/.exec(await Bun.file(`/proc/${proc.pid}/status`).text())?.[1] ?? 0) / 1024;

/** Peak extra RSS (MB) of the server while `job` runs. */
async function peakOf(job: () => Promise<unknown>): Promise<{ mb: number; result: unknown }> {
  const before = await rssMb();
  let peak = before;
  let running = true;
  const poll = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb());
      await Bun.sleep(20);
    }
  })();
  try {
    const result = await job();
    return { mb: peak - before, result };
  } finally {
    running = false;
    await poll;
  }
}

const date = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} +0000`;
const from = Date.UTC(2024, 0, 1);
/** The [57.1] push: `metrics` × `n` per-minute samples. */
const perMinute = (metrics: string[], n: number) =>
  JSON.stringify({
    data: {
      metrics: metrics.map((name) => ({
        name,
        units: name === "step_count" ? "count" : name === "dietary_water" ? "mL" : "kcal",
        data: Array.from({ length: n }, (_, i) => ({ qty: 3, date: date(from + i * 60_000), source: "Watch" })),
      })),
    },
  });
/** As many bytes of `unit` repeated as fit in `bytes`, joined by commas. */
const fill = (unit: string, bytes: number) =>
  Array(Math.floor(bytes / (unit.length + 1)))
    .fill(unit)
    .join(",");
const LIMIT = 32 * 1024 * 1024 - 4096;
const cases: [string, string][] = [
  ["31.9 MiB push: 3 metrics × 180k samples", perMinute(["step_count", "active_energy", "dietary_water"], 180_000)],
  [
    "32 MiB of empty samples ({} × 199,990 a metric)",
    `{"data":{"metrics":[${fill(`{"name":"step_count","units":"count","data":[${fill("{}", 3 * 199_990)}]}`, LIMIT - 100)}]}}`,
  ],
  [
    "32 MiB of workouts with route points",
    `{"data":{"workouts":[${fill(
      `{"name":"Running","start":"2024-01-01 10:00:00 +0000","end":"2024-01-01 10:30:00 +0000","route":[${fill('{"lat":1,"lon":2}', 300_000)}]}`,
      LIMIT - 100,
    )}]}}`,
  ],
];

const workout = (at: string) =>
  `<Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" totalEnergyBurned="300" totalEnergyBurnedUnit="kcal" startDate="${at}" endDate="${at}"/>`;
const steps = (at: string, source: string) =>
  `<Record type="HKQuantityTypeIdentifierStepCount" sourceName="${source}" unit="count" startDate="${at}" endDate="${at}" value="12"/>`;
const appleZip = (n: number, line: (i: number) => string) => {
  const parts = ['<?xml version="1.0"?>\n<HealthData locale="en_US">\n'];
  for (let i = 0; i < n; i++) parts.push(line(i), "\n");
  parts.push("</HealthData>\n");
  return zipSync({ "apple_health_export/export.xml": new TextEncoder().encode(parts.join("")) }, { level: 9 });
};
const zips: [string, Uint8Array][] = [
  [
    "Apple Health: 49,999 distinct workouts (the cap)",
    appleZip(49_999, (i) => workout(date(Date.UTC(2000, 0, 1) + i * 3_600_000))),
  ],
  [
    "Apple Health: 99,980 source-days (the cap)",
    appleZip(99_980, (i) => steps(date(Date.UTC(1990, 0, 1 + Math.floor(i / 20), 10)), `source ${i % 20}`)),
  ],
  ["Apple Health: one workout a million times", appleZip(1_000_000, () => workout("2024-01-01 10:00:00 +0000"))],
];

const send = (token: string, body: string) =>
  fetch(`${base}/health/auto-export`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
  }).then(
    async (r) =>
      `${r.status}${r.ok ? "" : ` ${((await r.json()) as { error?: { message?: string } }).error?.message ?? ""}`}`,
  );

const tokens = await Promise.all([patOfNewAccount(), patOfNewAccount(), patOfNewAccount()]);
const importZip = (token: string, zip: Uint8Array) =>
  fetch(`${base}/import/health?format=apple_health`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/zip" },
    body: zip,
  }).then(
    async (r) =>
      `${r.status}${r.ok ? "" : ` ${((await r.json()) as { error?: { message?: string } }).error?.message ?? ""}`}`,
  );
const rows: string[] = [];
const jobs: [string, number, (token: string) => Promise<string>][] = [
  ...cases.map(([label, body]): [string, number, (t: string) => Promise<string>] => [
    label,
    body.length,
    (t) => send(t, body),
  ]),
  ...zips.map(([label, zip]): [string, number, (t: string) => Promise<string>] => [
    label,
    zip.length,
    (t) => importZip(t, zip),
  ]),
];
for (const [label, size, job] of jobs) {
  if (only !== null && !label.includes(only)) continue;
  for (const [what, n] of [
    ["one", 1],
    ["three at once", 3],
  ] as const) {
    const mbs: number[] = [];
    let result: unknown;
    for (let r = 0; r < runs; r++) {
      Bun.gc(true);
      await Bun.sleep(1500); // the server's collector settles between runs
      const m = await peakOf(() => Promise.all(tokens.slice(0, n).map((t) => job(t))));
      mbs.push(m.mb);
      result = m.result;
    }
    const row = `| ${label}, ${what} | ${(size / 2 ** 20).toFixed(1)} MiB | ${median(mbs).toFixed(0)} | ${mbs.map((x) => x.toFixed(0)).join(", ")} | ${String(result).slice(0, 120)} |`;
    rows.push(row);
    console.error(row);
  }
}
// the Apple Health readers alone (no writing), in a process of their own: one, and three at once
const readerRows: string[] = [];
if (!process.argv.includes("--no-readers"))
  for (const [label, zip] of zips) {
    const path = join(dir, "reader.zip");
    await Bun.write(path, zip);
    for (const n of [1, 3]) {
      const child = Bun.spawn(
        ["bun", join(import.meta.dir, "..", "test", "bridges", "hae-read-child.ts"), path, "apple_health", String(n)],
        { stdout: "pipe", stderr: "inherit" },
      );
      const out = JSON.parse(await new Response(child.stdout).text()) as { growthMb: number; read: unknown };
      await child.exited;
      const row = `| ${label}, read ${n === 1 ? "once" : "three at once"} | ${(zip.length / 2 ** 20).toFixed(1)} MiB | ${out.growthMb.toFixed(0)} | ${JSON.stringify(out.read).slice(0, 100)} |`;
      readerRows.push(row);
      console.error(row);
    }
  }
console.log(`\n${machine()}\nentry: ${entry}\n`);
console.log("| case | body | extra RSS median MB | runs MB | answer |");
console.log("|---|---|---|---|---|");
for (const r of rows) console.log(r);
console.log("\nthe reader threads alone (readHealthInWorker in a process of its own; peak RSS growth, VmHWM):\n");
console.log("| case | ZIP | extra RSS MB | read |");
console.log("|---|---|---|---|");
for (const r of readerRows) console.log(r);
proc.kill();
await proc.exited;
rmSync(dir, { recursive: true, force: true });
