#!/usr/bin/env bun
/**
 * bun run bench:import-health — an Apple Health export of `--gb` GB of export.xml (default 1), made
 * up here (a real one's mix: mostly heart-rate samples, steps and active energy from a phone and a
 * watch, a weigh-in a day, a workout every other day), generated as a stream into a temporary ZIP
 * (never committed, deleted at the end), then sent to POST /import/health of a real server process
 * while a prober in a worker thread (lib/prober.ts) polls GET /healthz every 2 ms. Printed side by
 * side with the same prober at rest, from the same run: /healthz p50/p99/max, and the server's RSS
 * growth (its highest VmRSS during the import, sampled every 100 ms, over its RSS before).
 * Goals: RSS growth < 200 MB, /healthz p99 < 50 ms.
 *   --gb N       export.xml's size in GB (default 1)
 *   --entry PATH another checkout's src/index.ts
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { Zip, ZipDeflate } from "fflate";
import { tempDir } from "./lib/tmp";
import { machine, numberArg, startServer } from "./lib/wrk";

const gb = numberArg("--gb", 1);
const entryArg = process.argv.indexOf("--entry");
const entry = entryArg > 0 ? process.argv[entryArg + 1]! : join(import.meta.dir, "..", "src", "index.ts");
const dir = tempDir();
const zipPath = join(dir, "export.zip");

/** Writes the synthetic export.zip; returns export.xml's size and the ZIP's. */
async function generate(bytes: number): Promise<{ xml: number; zip: number; days: number }> {
  const sink = Bun.file(zipPath).writer({ highWaterMark: 1 << 20 });
  let zipped = 0;
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    zipped += chunk.length;
    sink.write(chunk);
  });
  const file = new ZipDeflate("apple_health_export/export.xml", { level: 1 });
  zip.add(file);
  const enc = new TextEncoder();
  let xml = 0;
  const push = (s: string, final = false) => {
    const b = enc.encode(s);
    xml += b.length;
    file.push(b, final);
  };
  push(
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>\n]>\n<HealthData locale="en_US">\n <ExportDate value="2024-06-01 09:00:00 +0000"/>\n',
  );
  const ts = (t: number) => {
    const d = new Date(t);
    return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 19)} +0000`;
  };
  const rec = (type: string, src: string, unit: string, start: number, end: number, value: string) =>
    ` <Record type="HKQuantityTypeIdentifier${type}" sourceName="${src}" sourceVersion="17.2" unit="${unit}" creationDate="${ts(end)}" startDate="${ts(start)}" endDate="${ts(end)}" value="${value}"/>\n`;
  const dayText = (d: number, day: number) => {
    let parts = "";
    parts += rec("BodyMass", "Renpho", "kg", d + 7 * 3600_000, d + 7 * 3600_000, (80 + Math.sin(day / 30)).toFixed(1));
    if (day % 2 === 0)
      parts += ` <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="${ts(d + 18 * 3600_000)}" endDate="${ts(d + 18.5 * 3600_000)}">\n  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" sum="310" unit="kcal"/>\n </Workout>\n`;
    for (let m = 0; m < 1440; m += 5) {
      const t = d + m * 60_000;
      parts += rec("HeartRate", "Watch", "count/min", t, t, String(60 + (m % 40)));
      if (m % 15 === 0) {
        parts += rec("StepCount", "iPhone", "count", t, t + 600_000, String(50 + (m % 90)));
        parts += rec("StepCount", "Watch", "count", t, t + 600_000, String(55 + (m % 90)));
        parts += rec("ActiveEnergyBurned", "Watch", "kcal", t, t + 600_000, "3.2");
      }
    }
    return parts;
  };
  // the days end yesterday, so every one is in the past (a future day's values are refused)
  const days = Math.ceil(bytes / enc.encode(dayText(0, 0)).length);
  const day0 = Math.floor(Date.now() / 86_400_000 - days) * 86_400_000;
  let day = 0;
  for (; day < days; day++) {
    push(dayText(day0 + day * 86_400_000, day));
    if (day % 50 === 0) await sink.flush();
  }
  push("</HealthData>\n", true);
  zip.end();
  await sink.end();
  return { xml, zip: zipped, days: day };
}

const t0 = performance.now();
const made = await generate(gb * 1e9);
console.log(
  `generated export.xml ${(made.xml / 1e9).toFixed(2)} GB (${made.days} days) → export.zip ${(made.zip / 1e6).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);

const { proc, port } = await startServer(["bun", entry, "serve", "--port", "0", "--data-dir", dir], {
  MORSEL_LOG_REQUESTS: "false",
});
const base = `http://127.0.0.1:${port}/api/v1`;
const reg = await fetch(`${base}/register`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "bench@example.org", password: "correct horse battery", name: "Bench" }),
});
const token = ((await reg.json()) as { access_token: string }).access_token;

const prober = new Worker(join(import.meta.dir, "lib", "prober.ts"));
async function probeWhile<T>(done: Promise<T>) {
  const times = new Promise<number[]>((resolve) => (prober.onmessage = (e: MessageEvent<number[]>) => resolve(e.data)));
  prober.postMessage({ start: `http://127.0.0.1:${port}/healthz` });
  const result = await done.finally(() => prober.postMessage({ stop: true }));
  return { health: await times, result };
}
const rssMb = async () =>
  Number(/VmRSS:\s+(\d+)/.exec(await Bun.file(`/proc/${proc.pid}/status`).text())?.[1] ?? 0) / 1024;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? Number.NaN;
const row = (label: string, xs: number[], rest: string) =>
  `| ${label} | ${xs.length} | ${pct(xs, 50).toFixed(1)} | ${pct(xs, 99).toFixed(1)} | ${Math.max(...xs).toFixed(1)} | ${rest} |`;

const rest = await probeWhile(Bun.sleep(5000));
const before = await rssMb();
let peak = before;
const sampler = setInterval(async () => {
  peak = Math.max(peak, await rssMb());
}, 100);
const started = performance.now();
const { health, result } = await probeWhile(
  fetch(`${base}/import/health?format=apple_health`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/zip" },
    body: Bun.file(zipPath),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })),
);
clearInterval(sampler);
peak = Math.max(peak, await rssMb());
const seconds = (performance.now() - started) / 1000;

console.log(`\n${machine()}\n`);
console.log("| case | probes | p50 ms | p99 ms | max ms | server |");
console.log("|---|---|---|---|---|---|");
console.log(row("at rest (5 s)", rest.health, `RSS ${before.toFixed(0)} MB`));
console.log(
  row(
    `import of ${(made.xml / 1e9).toFixed(2)} GB export.xml (${(made.zip / 1e6).toFixed(0)} MB ZIP)`,
    health,
    `${result.status} in ${seconds.toFixed(0)} s; RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)})`,
  ),
);
const b = result.body as { workouts?: unknown; days?: unknown; weights?: unknown; error?: unknown };
console.log(`\nanswer: ${JSON.stringify(b.error ?? { workouts: b.workouts, days: b.days, weights: b.weights })}`);
const ok = peak - before < 200 && pct(health, 99) < 50 && result.status === 200;
console.log(`goals (RSS growth < 200 MB, /healthz p99 < 50 ms): ${ok ? "met" : "NOT met"}`);
prober.terminate();
proc.kill();
await proc.exited;
rmSync(dir, { recursive: true, force: true });
