#!/usr/bin/env bun
/**
 * bun run bench:responsiveness — does one heavy request freeze the server for everyone? (issue 13
 * item 9). A real server process; one prober sends GET /healthz and an authenticated
 * GET /meals/daily back to back and records their latency:
 *   - at rest (the baseline, same run, same machine);
 *   - while another user POSTs a 30 MB /import;
 *   - while 8 anonymous clients (through a trusted proxy, so they count as other machines) flood
 *     GET /foods/search?q=c&offset=N with ever-changing offsets.
 * Prints p50 / p99 side by side. `--entry PATH` runs another checkout's src/index.ts (the
 * previous commit, say) for a before/after from one machine; `--mb N` sizes the import.
 */
import { join } from "node:path";
import { syntheticExport } from "./lib/export-doc";
import { tempDir } from "./lib/tmp";
import { machine, numberArg, startServer } from "./lib/wrk";

const entryArg = process.argv.indexOf("--entry");
const entry = entryArg > 0 ? process.argv[entryArg + 1]! : join(import.meta.dir, "..", "src", "index.ts");
const mb = numberArg("--mb", 30);
const dir = tempDir();
const { proc, port } = await startServer(["bun", entry, "serve", "--port", "0", "--data-dir", dir, "--trust-proxy", "127.0.0.1", "--photo-workers", "0"], { MORSEL_LOG_REQUESTS: "false" });
const base = `http://127.0.0.1:${port}`;

async function register(email: string) {
  const r = await fetch(`${base}/api/v1/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "correct horse battery", name: "Bench" }) });
  return ((await r.json()) as { access_token: string }).access_token;
}
const ana = await register("ana@example.org");
const bob = await register("bob@example.org");
for (let i = 0; i < 10; i++) {
  await fetch(`${base}/api/v1/meals`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${ana}` }, body: JSON.stringify({ food_id: 9040, quantity: 100, meal_type: "lunch", date: "2026-11-22" }) });
}

/** Probes until `stop()` is true; returns the latencies (ms) of /healthz and of Ana's day. */
async function probe(stop: () => boolean) {
  const health: number[] = [];
  const daily: number[] = [];
  while (!stop()) {
    let t = performance.now();
    await (await fetch(`${base}/healthz`)).text();
    health.push(performance.now() - t);
    t = performance.now();
    await (await fetch(`${base}/api/v1/meals/daily?date=2026-11-22`, { headers: { authorization: `Bearer ${ana}` } })).text();
    daily.push(performance.now() - t);
    await Bun.sleep(2);
  }
  return { health, daily };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const row = (label: string, r: { health: number[]; daily: number[] }, extra = "") =>
  console.log(`| ${label} | ${r.health.length} | ${pct(r.health, 50).toFixed(1)} | ${pct(r.health, 99).toFixed(1)} | ${pct(r.daily, 50).toFixed(1)} | ${pct(r.daily, 99).toFixed(1)} | ${extra} |`);

console.log(`bench:responsiveness — ${machine()}\nserver: ${entry}\n`);
console.log("| while | probes | /healthz p50 ms | /healthz p99 ms | /meals/daily p50 ms | /meals/daily p99 ms | the heavy work |");
console.log("|---|---|---|---|---|---|---|");

// at rest
let until = performance.now() + 3000;
row("at rest (baseline)", await probe(() => performance.now() > until));

// a 30 MB import
const { doc, meals } = syntheticExport(mb, "bob@example.org");
const body = JSON.stringify(doc);
let importing = true;
const t0 = performance.now();
const imported = fetch(`${base}/api/v1/import`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${bob}` }, body })
  .then(async (r) => `${r.status} ${(await r.text()).slice(0, 60)}`)
  .finally(() => (importing = false));
const during = await probe(() => !importing);
const result = await imported;
row(`POST /import of ${(body.length / 1e6).toFixed(0)} MB (${meals} meals)`, during, `${((performance.now() - t0) / 1000).toFixed(1)} s, ${result.split(" ")[0]}`);

// an anonymous search flood
let flooding = true;
const statuses: Record<number, number> = {};
const flood = Promise.all(
  Array.from({ length: 8 }, async (_, c) => {
    for (let i = 0; flooding; i++) {
      const r = await fetch(`${base}/api/v1/foods/search?q=c&offset=${(i * 37 + c * 101) % 1000}`, { headers: { "x-forwarded-for": "203.0.113.50" } });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      await r.text();
      if (r.status === 429) await Bun.sleep(50);
    }
  }),
);
until = performance.now() + 5000;
const underFlood = await probe(() => performance.now() > until);
flooding = false;
await flood;
row("8 anonymous clients: q=c, changing offsets", underFlood, Object.entries(statuses).map(([s, n]) => `${n}× ${s}`).join(", "));

proc.kill();
await proc.exited;
