#!/usr/bin/env bun
/**
 * bun run bench:diary — a year of daily logging for one user (1,500 meals, 365 weigh-ins, 20
 * recipes, a goal plan with a Saturday goal), then, in alternating rounds on one server process,
 * the latency of one client calling:
 *   GET /stats/days (90 days: kcal, macros, goals, weight and trend per day)  — goal p50 ≤ 10 ms
 *   GET /stats/weekly, GET /weights (90 days), GET /meals (a 30-day page of 100)
 * each against authenticated GET /meals/daily in the same run (the cheapest personal read).
 * Sequential requests over keep-alive; medians of the rounds' p50 and p99.
 */
import { addDays } from "../src/lib/time";
import { apiClient } from "./lib/api";
import { tempDir } from "./lib/tmp";
import { machine, median, numberArg, startServer } from "./lib/wrk";

const rounds = numberArg("--rounds", 3);
const requests = numberArg("--requests", 300);
const dataDir = tempDir();
const morsel = await startServer(
  ["bun", `${import.meta.dir}/../src/index.ts`, "serve", "--port", "0", "--data-dir", dataDir],
  { MORSEL_LOG_REQUESTS: "false" },
);
const base = `http://127.0.0.1:${morsel.port}/api/v1`;

const call = apiClient(() => base);

const seeding = performance.now();
const token = (
  await call("POST", "/register", undefined, { email: "year@example.org", password: "bench password", name: "Year" })
).access_token as string;
const END = new Date().toISOString().slice(0, 10);
const START = addDays(END, -364);
const FOODS = [9040, 1123, 8120, 1077, 5064, 11282, 20121, 16034, 23570, 11531];
const recipes: number[] = [];
for (let i = 0; i < 20; i++) {
  const ingredients = Array.from({ length: 4 + (i % 5) }, (_, k) => ({
    food_id: FOODS[(i + k) % FOODS.length]!,
    quantity: 50 + 25 * k,
  }));
  recipes.push(
    (await call("POST", "/recipes", token, { name: `Family recipe ${i + 1}`, servings: 2 + (i % 4), ingredients })).id,
  );
}
await call("PUT", "/goals", token, {
  energy_kcal: 2100,
  protein_g: 110,
  from: START,
  weekdays: { saturday: { energy_kcal: 2600, protein_g: 110 } },
});
const mutations: unknown[] = [];
const TYPES = ["breakfast", "lunch", "dinner", "snack"];
let meals = 0;
for (let d = 0; d < 365; d++) {
  const date = addDays(START, d);
  mutations.push({
    mutation_id: crypto.randomUUID(),
    entity: "weight",
    id: date,
    op: "upsert",
    base_version: null,
    data: { kg: 84 - d * 0.01 + ((d * 7) % 5) * 0.2 },
  });
  const n = d % 3 === 0 ? 5 : 4; // 4 or 5 a day, 1,500 in the year
  for (let k = 0; k < n && meals < 1500; k++, meals++) {
    const food = k === 2 ? recipes[d % recipes.length]! : FOODS[(d + k) % FOODS.length]!;
    mutations.push({
      mutation_id: crypto.randomUUID(),
      entity: "meal",
      id: crypto.randomUUID(),
      op: "upsert",
      base_version: null,
      data: { food_id: food, quantity: 80 + ((d + k) % 7) * 30, meal_type: TYPES[k % 4], date },
    });
  }
}
for (let i = 0; i < mutations.length; i += 500) {
  const r = await call("POST", "/sync/push", token, { mutations: mutations.slice(i, i + 500) });
  const bad = r.results.filter((x: { status: string }) => x.status !== "applied");
  if (bad.length) throw new Error(`seeding: ${JSON.stringify(bad[0])}`);
}
const counts = {
  meals: mutations.filter((m: any) => m.entity === "meal").length,
  weights: (await call("GET", `/weights?from=${START}&to=${END}`, token)).items.length,
  recipes: (await call("GET", "/recipes", token)).items.length,
};
const seededIn = performance.now() - seeding;

const TARGETS: [string, string][] = [
  ["GET /meals/daily (baseline)", `/meals/daily?date=${END}`],
  ["GET /stats/days, 90 days", `/stats/days?from=${addDays(END, -89)}&to=${END}`],
  ["GET /stats/weekly", `/stats/weekly?end=${END}`],
  ["GET /weights, 90 days", `/weights?from=${addDays(END, -89)}&to=${END}`],
  ["GET /meals, 30 days, page of 100", `/meals?from=${addDays(END, -29)}&to=${END}&limit=100`],
];
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const results = new Map<string, { p50: number[]; p99: number[] }>(
  TARGETS.map(([name]) => [name, { p50: [], p99: [] }]),
);
try {
  for (const [, path] of TARGETS) for (let i = 0; i < 20; i++) await call("GET", path, token); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const [name, path] of TARGETS) {
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const t0 = performance.now();
        await call("GET", path, token);
        times.push(performance.now() - t0);
      }
      results.get(name)!.p50.push(quantile(times, 0.5));
      results.get(name)!.p99.push(quantile(times, 0.99));
    }
  }
} finally {
  morsel.proc.kill();
}

console.log(
  `bench:diary — one user, a year: ${counts.meals} meals, ${counts.weights} weigh-ins, ${counts.recipes} recipes, a goal plan with a Saturday goal (seeded through the API in ${(seededIn / 1000).toFixed(1)} s)`,
);
console.log(
  `${rounds} alternating rounds of ${requests} sequential requests per endpoint, one client over keep-alive (latency includes fetch on the same 2 cores); ${machine()}\n`,
);
console.log("| request | p50 ms (median of rounds) | p99 ms | p50 vs /meals/daily |");
console.log("|---|---|---|---|");
const baseP50 = median(results.get(TARGETS[0]![0])!.p50);
for (const [name] of TARGETS) {
  const r = results.get(name)!;
  console.log(
    `| ${name} | ${median(r.p50).toFixed(2)} | ${median(r.p99).toFixed(2)} | ${(median(r.p50) / baseP50).toFixed(2)}× |`,
  );
}
const days = results.get(TARGETS[1]![0])!;
console.log(
  `\nsummary: GET /stats/days, 90 days of a year's diary, p50 | ${median(days.p50).toFixed(2)} ms (p99 ${median(days.p99).toFixed(2)}) | /meals/daily ${baseP50.toFixed(2)} ms | ${(median(days.p50) / baseP50).toFixed(2)}× (goal p50 ≤ 10 ms)`,
);
const weekly = results.get(TARGETS[2]![0])!;
console.log(
  `summary: GET /stats/weekly, a year's diary, p50 | ${median(weekly.p50).toFixed(2)} ms | /meals/daily ${baseP50.toFixed(2)} ms | ${(median(weekly.p50) / baseP50).toFixed(2)}×`,
);
