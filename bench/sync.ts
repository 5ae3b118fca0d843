#!/usr/bin/env bun
/**
 * bun run bench:sync — sync over HTTP against a real server process (fresh data dir):
 *   push throughput: mutations/s for batches of 1, 50 and 500 (new meals);
 *   pull throughput: changes/s paging the whole log 500 at a time;
 *   catch-up: a device offline for a month of typical use (10 meals a day, a few edits and
 *   deletes) pulling everything since its cursor.
 */
import { tempDir } from "./lib/tmp";
import { machine, median, startServer } from "./lib/wrk";

const server = await startServer(
  ["bun", `${import.meta.dir}/../src/index.ts`, "serve", "--port", "0", "--data-dir", tempDir()],
  { MORSEL_LOG_REQUESTS: "false" },
);
const base = `http://127.0.0.1:${server.port}/api/v1`;
const post = (path: string, body: unknown, token?: string) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const register = async (email: string) =>
  (
    (await (await post("/register", { email, password: "bench password", name: "B" })).json()) as {
      access_token: string;
    }
  ).access_token;
const mealMutation = (i: number, date = "2026-11-20") => ({
  mutation_id: crypto.randomUUID(),
  entity: "meal",
  id: crypto.randomUUID(),
  op: "upsert",
  base_version: null,
  data: { food_id: 9040, quantity: 50 + (i % 200), meal_type: ["breakfast", "lunch", "dinner", "snack"][i % 4], date },
});

async function pullAll(token: string, cursor = "") {
  let n = 0;
  let pages = 0;
  for (;;) {
    const r = (await (
      await fetch(`${base}/sync/changes?cursor=${cursor}&limit=500`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { changes: unknown[]; next_cursor: string; has_more: boolean };
    n += r.changes.length;
    pages++;
    cursor = r.next_cursor;
    if (!r.has_more) return { n, pages, cursor };
  }
}

try {
  console.log(`bench:sync — real server over loopback, fresh SQLite (WAL, synchronous=FULL); ${machine()}\n`);
  console.log("| push batch size | batches | mutations/s (median of rounds) | ms per batch (median) |");
  console.log("|---|---|---|---|");
  const token = await register("push@example.org");
  const pushRates: string[] = [];
  for (const size of [1, 50, 500]) {
    const batches = size === 1 ? 300 : size === 50 ? 40 : 6;
    const rates: number[] = [];
    const perBatch: number[] = [];
    for (let round = 0; round < 3; round++) {
      const s = performance.now();
      for (let b = 0; b < batches; b++) {
        const t0 = performance.now();
        const r = await post(
          "/sync/push",
          { mutations: Array.from({ length: size }, (_, i) => mealMutation(b * size + i)) },
          token,
        );
        if (r.status !== 200) throw new Error(`push answered ${r.status}`);
        await r.arrayBuffer();
        perBatch.push(performance.now() - t0);
      }
      rates.push((batches * size) / ((performance.now() - s) / 1000));
    }
    console.log(`| ${size} | ${batches} × 3 rounds | ${median(rates).toFixed(0)} | ${median(perBatch).toFixed(1)} |`);
    pushRates.push(`${size}: ${median(rates).toFixed(0)}/s`);
  }

  const s = performance.now();
  const all = await pullAll(token);
  const secs = (performance.now() - s) / 1000;
  console.log(
    `\npull: ${all.n} changes in ${all.pages} pages of ≤500 in ${secs.toFixed(2)} s = ${(all.n / secs).toFixed(0)} changes/s`,
  );

  // a month of typical use on other devices, then one device that was offline catches up
  const phone = await register("month@example.org");
  const { cursor } = await pullAll(phone);
  for (let day = 1; day <= 30; day++) {
    const date = `2026-10-${String(day).padStart(2, "0")}`;
    const created = Array.from({ length: 10 }, (_, i) => mealMutation(day * 10 + i, date));
    const res = (await (await post("/sync/push", { mutations: created }, phone)).json()) as {
      results: { version: number }[];
    };
    // two edits and a delete a day
    const edits = [0, 1].map((k) => ({
      mutation_id: crypto.randomUUID(),
      entity: "meal",
      id: created[k]!.id,
      op: "upsert",
      base_version: res.results[k]!.version,
      data: { quantity: 99 },
    }));
    edits.push({
      mutation_id: crypto.randomUUID(),
      entity: "meal",
      id: created[9]!.id,
      op: "delete",
      base_version: res.results[9]!.version,
      data: null as never,
    });
    await post("/sync/push", { mutations: edits }, phone);
  }
  const times: number[] = [];
  let got = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    got = (await pullAll(phone, cursor)).n;
    times.push(performance.now() - t0);
  }
  console.log(
    `summary: sync push, mutations/s by batch size | ${pushRates.join(", ")} | — | pull ${(all.n / secs).toFixed(0)} changes/s`,
  );
  console.log(`summary: sync catch-up after a month offline (300 changes) | ${median(times).toFixed(0)} ms | — | —`);
  console.log(
    `catch-up after a month offline (300 meals, 60 edits, 30 deletes → ${got} changes): median ${median(times).toFixed(0)} ms over 5 pulls`,
  );
} finally {
  server.proc.kill();
}
