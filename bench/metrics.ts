#!/usr/bin/env bun
/**
 * bun run bench:metrics — what --metrics (prom-client) costs per request.
 *  1. Two real servers (bun src/index.ts serve), one with --metrics and one without, each with one
 *     user; wrk -t2 -c64 on authenticated GET /api/v1/meals/daily, alternating rounds, medians.
 *  2. In process: Metrics.observe (one counter inc + one histogram observe) per call, and one
 *     scrape of /metrics' text after those calls.
 */
import { join } from "node:path";
import { Metrics } from "../src/features/metrics/metrics";
import { machine, median, numberArg, requireWrk, startServer, wrk } from "./lib/wrk";
import { tempDir } from "./lib/tmp";

const seconds = numberArg("--seconds", 5);
const rounds = numberArg("--rounds", 3);
requireWrk();

const entry = join(import.meta.dir, "..", "src", "index.ts");
async function server(metrics: boolean) {
  const args = [
    "bun",
    entry,
    "serve",
    "--port",
    "0",
    "--data-dir",
    tempDir(),
    "--log-requests",
    "false",
    "--photo-workers",
    "0",
  ];
  const { proc, port } = await startServer(metrics ? [...args, "--metrics"] : args);
  const base = `http://127.0.0.1:${port}`;
  const reg = await fetch(`${base}/api/v1/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.org", password: "bench password", name: "Bench" }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const headers = { authorization: `Bearer ${reg.access_token}` };
  await fetch(`${base}/api/v1/meals`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ food_id: 9040, quantity: 118, meal_type: "snack" }),
  });
  return { proc, url: `${base}/api/v1/meals/daily`, headers, base };
}

const off = await server(false);
const on = await server(true);
const rps = { off: [] as number[], on: [] as number[] };
const p99 = { off: [] as number[], on: [] as number[] };
try {
  for (const s of [off, on]) wrk(s.url, { seconds: 1, headers: s.headers });
  for (let r = 0; r < rounds; r++) {
    for (const [name, s] of [
      ["off", off],
      ["on", on],
    ] as const) {
      const w = wrk(s.url, { seconds, headers: s.headers });
      if (w.non2xx) throw new Error(`${w.non2xx} non-2xx with metrics ${name}`);
      rps[name].push(w.rps);
      p99[name].push(w.p99ms);
    }
  }
  const scrape = await fetch(`${on.base}/metrics`).then((r) => r.text());
  if (!scrape.includes('route="/api/v1/meals/daily"')) throw new Error("the metrics server did not count the requests");
} finally {
  off.proc.kill();
  on.proc.kill();
}

// in process: the library's own cost
const m = new Metrics({
  databasePath: "/nonexistent",
  photoLoad: () => ({ queued: 0, running: 0 }),
  liveSessions: () => 0,
  users: () => 0,
});
const routes = ["/api/v1/meals/daily", "/api/v1/meals/:id", "/api/v1/foods/search", "/api/v1/stats/weekly"];
const N = 1_000_000;
const obs: number[] = [];
for (let r = 0; r < 5; r++) {
  const t = performance.now();
  for (let i = 0; i < N; i++) m.observe("GET", routes[i & 3]!, 200, 0.002);
  obs.push(((performance.now() - t) * 1e6) / N);
}
const scr: number[] = [];
for (let r = 0; r < 9; r++) {
  const t = performance.now();
  await m.text();
  scr.push(performance.now() - t);
}

const [a, b] = [median(rps.off), median(rps.on)];
console.log(
  `bench:metrics — wrk -t2 -c64, ${rounds} alternating rounds of ${seconds}s on authenticated GET /api/v1/meals/daily; ${machine()}\n`,
);
console.log("| server | req/s (median) | p99 ms (median) |");
console.log("|---|---|---|");
console.log(`| without --metrics | ${a.toFixed(0)} | ${median(p99.off).toFixed(2)} |`);
console.log(`| with --metrics (prom-client) | ${b.toFixed(0)} | ${median(p99.on).toFixed(2)} |`);
console.log(
  `\nratio on / off: ${(b / a).toFixed(2)}×; ≈ ${((1 / b - 1 / a) * 1e6).toFixed(1)} µs per request on one core (noise included)`,
);
console.log(
  `in process: observe() (counter + histogram) ${median(obs).toFixed(0)} ns per request, median of 5 × 1M; one scrape ${median(scr).toFixed(2)} ms`,
);
console.log(
  `summary: /meals/daily with --metrics, req/s | ${b.toFixed(0)} | without ${a.toFixed(0)} | ${(b / a).toFixed(2)}×`,
);
