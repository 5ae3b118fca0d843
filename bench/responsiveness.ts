#!/usr/bin/env bun
/**
 * bun run bench:responsiveness — does one heavy request freeze the server for everyone? A real server
 * process (`bun src/index.ts serve`, one photo worker process), and a prober in a worker thread of this
 * process (lib/prober.ts, so the client's own work is not timed as the server's) sending GET /healthz
 * back to back, every 2 ms, while each heavy job below runs; the same prober at rest first,
 * so every row stands beside the at-rest figure from the same run. The goal for every row: /healthz
 * p99 ≤ 50 ms and max ≤ 250 ms on a 2-core machine.
 *
 * The heavy jobs are the adversarial review's: imports of 5,000 and 20,000
 * custom foods and of 400 recipes; a sync push of 500 recipes of 35 ingredients; a 30 MB meal import;
 * GET /recipes and the JSON export of an account with 2,500 such recipes; the CSV export of ~40k meals;
 * four 40 MP JPEG uploads at once and one 40 MP PNG; 60 40 MP uploads at once from one account while another
 * account sends one small photo (lib/photo-flood.ts: that photo's latency, and the server's memory); 8 signed-in clients sending expensive searches;
 * 8 anonymous clients flooding search. Then GET /weights for an account whose first weigh-in is in 1970
 * beside one whose history starts this year (the trend's cost must not depend on it). First, the cases of
 * lib/heavy-days.ts: a 50,000-meal day read and copied, sync pages and exports of 100-ingredient recipes.
 * Issue 47's import cases, marked [47.n] by its finding: other trackers' uploads (a ZIP bomb, a large
 * CSV, 5 M columns, an unclosed quote, 70,000 members, aliased entries, ordinary files, 20,000
 * weigh-ins, 200,000 rows, 20,000 distinct names), each with the server's RSS growth. Issue 57's health
 * readers, marked [57.n] (lib/health-attacks.ts): Health Auto Export pushes, hostile Apple Health ZIPs, a hang-up.
 *   --entry PATH   another checkout's src/index.ts (the previous commit, say), for a before/after
 *   --mb N         the meal import's size (default 30)
 *   --only TEXT    measure only the cases whose label contains TEXT (or one of TEXT's |-separated parts)
 *   --health       only the at-rest run and issue 57's health cases (lib/health-attacks.ts), then stop
 *   --postgres     the server on a fresh PostgreSQL database (the local test server, scripts/test-postgres.ts;
 *                  MORSEL_TEST_POSTGRES_URL), dropped at the end (the heavy-day cases, which write the SQLite
 *                  file directly, are left out); else the SQLite file in its data directory
 */
import { join } from "node:path";
import sharp from "sharp";
import { zipSync } from "fflate";
import { aliasedZip } from "../test/fixtures/zips";
import { syntheticExport } from "./lib/export-doc";
import { floodBesideOne, smallPhoto } from "./lib/photo-flood";
import { heavyDayCases } from "./lib/heavy-days";
import { healthAttackCases } from "./lib/health-attacks";
import { tempDir } from "./lib/tmp";
import { machine, numberArg, startServer } from "./lib/wrk";
import { benchDatabase } from "./lib/pg-database";

const entryArg = process.argv.indexOf("--entry");
const entry = entryArg > 0 ? process.argv[entryArg + 1]! : join(import.meta.dir, "..", "src", "index.ts");
const mb = numberArg("--mb", 30);
const dataDir = tempDir();
const healthOnly = process.argv.includes("--health");
const pg = process.argv.includes("--postgres") ? await benchDatabase() : null;
const { proc, port } = await startServer(
  [
    "bun",
    entry,
    "serve",
    "--port",
    "0",
    "--data-dir",
    dataDir,
    "--trust-proxy",
    "127.0.0.1",
    "--photo-workers",
    "1",
    ...(pg ? ["--database", pg.url] : []),
  ],
  { MORSEL_LOG_REQUESTS: "false" },
);
// a bench that fails part-way (a timeout, say) still stops its server
process.on("exit", () => proc.kill());
const base = `http://127.0.0.1:${port}/api/v1`;
const GOAL = { p99: 50, max: 250 };

const json = (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
let users = 0;
async function register(): Promise<string> {
  // each from its own forwarded address: the open server allows 10 accounts per address and hour
  const r = await json(
    "POST",
    "/register",
    undefined,
    { email: `bench${++users}@example.org`, password: "correct horse battery", name: "Bench" },
    { "x-forwarded-for": `198.51.100.${users}` },
  );
  return ((await r.json()) as { access_token: string }).access_token;
}

/** /healthz latencies (ms) until `done` settles; returns them and what `done` said. */
const prober = new Worker(join(import.meta.dir, "lib", "prober.ts"));
async function probeWhile<T>(done: Promise<T>) {
  const times = new Promise<number[]>((resolve) => (prober.onmessage = (e: MessageEvent<number[]>) => resolve(e.data)));
  prober.postMessage({ start: `http://127.0.0.1:${port}/healthz` });
  const result = await done.finally(() => prober.postMessage({ stop: true }));
  return { health: await times, result };
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? Number.NaN;
const rows: string[] = [];
/** `--only TEXT` measures the cases whose label contains TEXT (and the at-rest baseline); their set-up still runs. */
const onlyArg = process.argv.indexOf("--only");
const only = onlyArg > 0 ? process.argv[onlyArg + 1]! : null;
async function measure(label: string, job: () => Promise<string>) {
  if (only !== null && rows.length > 0 && !only.split("|").some((o) => label.includes(o))) return;
  const t0 = performance.now();
  const { health, result } = await probeWhile(job());
  const p99 = pct(health, 99);
  const max = Math.max(...health);
  const met = p99 <= GOAL.p99 && max <= GOAL.max ? "yes" : "no";
  const row = `| ${label} | ${health.length} | ${pct(health, 50).toFixed(1)} | ${p99.toFixed(1)} | ${max.toFixed(1)} | ${met} | ${((performance.now() - t0) / 1000).toFixed(1)} s: ${result} |`;
  rows.push(row);
  console.error(row);
  console.log(
    `summary: /healthz while ${label} | p99 ${p99.toFixed(1)} ms, max ${max.toFixed(0)} ms | at rest: ${rows[0]?.split(" | ")[3] ?? "-"} ms p99 | goal p99 ≤ ${GOAL.p99}, max ≤ ${GOAL.max}: ${met}`,
  );
}
/** The answer's status and size; the body is read and dropped a chunk at a time, as a client saving it to disk would. */
const status = async (r: Response | Promise<Response>) => {
  const res = await r;
  let bytes = 0;
  for await (const chunk of res.body ?? []) bytes += chunk.byteLength;
  return `${res.status} (${(bytes / 1e6).toFixed(1)} MB)`;
};

const foods = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: 1_000_000 + i,
    name: `Food ${i}`,
    brand: null,
    barcode: null,
    nutrients: { energy_kcal: i % 900, protein_g: i % 40 },
    portions: [{ name: "piece", grams: 30 }],
    deleted: false,
  }));
const ING = [9040, 9003, 11090, 11529, 1123, 20444, 5062, 1077];
const recipeUpserts = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    mutation_id: crypto.randomUUID(),
    entity: "recipe",
    id: null,
    op: "upsert",
    base_version: null,
    data: {
      name: `Stew ${from + i}`,
      servings: 4,
      ingredients: Array.from({ length: 35 }, (_, j) => ({ food_id: ING[j % ING.length], quantity: 10 + j })),
    },
  }));
async function emptyExport(token: string) {
  const doc = (await (await json("GET", "/export?format=json", token)).json()) as Record<string, unknown>;
  delete doc.checksum;
  return doc;
}

/** A photo-like 40 MP image (smooth shading and fine texture: compresses as a photo does, under 10 MB). */
async function bigPhoto(format: "jpeg" | "png"): Promise<Uint8Array> {
  const width = 7300;
  const height = 5479;
  const img = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 180, g: 140, b: 90 },
      noise: { type: "gaussian", mean: 128, sigma: 6 },
    },
  });
  if (format === "jpeg") return new Uint8Array(await img.jpeg({ quality: 60 }).toBuffer());
  // a PNG of such texture is ~20 MB, over the 10 MB upload limit: flat colour, the same 40 MP to decode
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 180, g: 140, b: 90 } } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}
const upload = (token: string, bytes: Uint8Array, type: string) => {
  const form = new FormData();
  form.append("image", new Blob([bytes], { type }), type === "image/png" ? "p.png" : "p.jpg");
  return fetch(`${base}/scanner/photo`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
};

console.log(
  `bench:responsiveness — ${machine()}\nserver: ${entry} (one photo worker), ${pg ? "PostgreSQL" : "SQLite"}\n`,
);
const header = [
  "| while | probes | /healthz p50 ms | p99 ms | max ms | goal met (p99 ≤ 50, max ≤ 250) | the heavy work |",
  "|---|---|---|---|---|---|---|",
];
await Bun.sleep(2000); // the search index is built a second after the server listens (~120 ms on this thread)
// on a loaded box that build takes seconds: at rest is measured once /healthz answers quickly five times running
for (let quick = 0, until = Date.now() + 60_000; quick < 5 && Date.now() < until; ) {
  const t = performance.now();
  await (await fetch(`http://127.0.0.1:${port}/healthz`)).text();
  quick = performance.now() - t < 20 ? quick + 1 : 0;
  await Bun.sleep(50);
}
await measure("at rest (baseline)", () => Bun.sleep(3000).then(() => "3 s idle"));
if (!healthOnly && !pg) await heavyDayCases({ json, register, measure, status, dbFile: join(dataDir, "morsel.db") });
await healthAttackCases({ base, pid: proc.pid, register, measure, status });
if (healthOnly) {
  console.log(`${header.join("\n")}\n${rows.join("\n")}\n`);
  proc.kill();
  await proc.exited;
  prober.terminate();
  await pg?.drop();
  process.exit(0);
}

for (const n of [5000, 20000]) {
  const token = await register();
  const doc = { ...(await emptyExport(token)), custom_foods: foods(n) };
  const body = JSON.stringify(doc);
  await measure(`POST /import of ${n.toLocaleString("en")} custom foods (${(body.length / 1e6).toFixed(1)} MB)`, () =>
    status(json("POST", "/import", token, body)),
  );
}
{
  const token = await register();
  const recipes = Array.from({ length: 400 }, (_, i) => ({
    id: 1_100_000 + i,
    name: `Pie ${i}`,
    brand: null,
    servings: 4,
    cooked_grams: null,
    portions: [],
    ingredients: ING.map((f, j) => ({
      food_id: f,
      food_name: `food ${f}`,
      quantity: 50 + j,
      portion: null,
      grams: 50 + j,
      per_100g: { energy_kcal: 100 + j },
    })),
  }));
  const body = JSON.stringify({ ...(await emptyExport(token)), recipes });
  await measure("POST /import of 400 recipes", () => status(json("POST", "/import", token, body)));
}
// Issue 47's imports of other trackers' files: each case also reports the server's RSS growth (goal < 300 MB)
const rssMb = async () => {
  const status = await Bun.file(`/proc/${proc.pid}/status`).text();
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const grown = (job: () => Promise<string>) => async () => {
  const before = await rssMb();
  const result = await job();
  return `${result}, RSS ${before.toFixed(0)} → ${(await rssMb()).toFixed(0)} MB`;
};
const tracker = (token: string, format: string, body: Uint8Array | string, type = "text/csv") =>
  fetch(`${base}/import?format=${format}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": type },
    body,
  });
// a decade of days, so no day passes the 200-meal cap (a real export's rows are spread the same way)
const dayOf = (i: number) => new Date(Date.UTC(2010, 0, 1 + (i % 3650))).toISOString().slice(0, 10);
const MFP_MEALS = ["Breakfast", "Lunch", "Dinner", "Snacks"];
const mfpRows = (n: number) =>
  `Date,Meal,Calories,Fat (g),Carbohydrates (g),Protein (g)\n${Array.from(
    { length: n },
    (_, i) => `${dayOf(Math.floor(i / 4))},${MFP_MEALS[i % 4]},${400 + (i % 300)},10,50,20`,
  ).join("\n")}\n`;
const cronometerRows = (n: number, distinct: number) =>
  `Day,Time,Group,Food Name,Amount,Energy (kcal),Protein (g)\n${Array.from(
    { length: n },
    (_, i) =>
      `${dayOf(Math.floor(i / 10))},08:00 AM,Breakfast,Homemade dish number ${i % distinct},1.00 serving,${200 + (i % 50)},5`,
  ).join("\n")}\n`;
{
  const big = new TextEncoder().encode(mfpRows(1_100_000)); // ~60 MiB of CSV
  const zipped = zipSync({ "Nutrition-Summary.csv": big }, { level: 9 });
  await measure(
    `[47.1] a ${(zipped.length / 1e3).toFixed(0)} KB ZIP of a ${(big.length / 2 ** 20).toFixed(0)} MiB CSV`,
    grown(async () => status(tracker(await register(), "myfitnesspal", zipped, "application/zip"))),
  );
  await measure(
    `[47.1] a plain ${(big.length / 2 ** 20).toFixed(0)} MiB CSV`,
    grown(async () => status(tracker(await register(), "myfitnesspal", big))),
  );
  const wide = `${"c,".repeat(5_000_000)}Date\n`;
  await measure(
    `[47.1] a ${(wide.length / 1e6).toFixed(0)} MB CSV of 5 M header columns`,
    grown(async () => status(tracker(await register(), "myfitnesspal", wide))),
  );
  const quote = `Date,Meal,Calories\n2024-01-01,"Lunch,400\n${"2024-01-02,Dinner,500\n".repeat(400_000)}`;
  await measure(
    `[47.1] a ${(quote.length / 1e6).toFixed(0)} MB CSV with an unclosed quote`,
    grown(async () => status(tracker(await register(), "myfitnesspal", quote))),
  );
  const members: Record<string, Uint8Array> = {};
  for (let i = 0; i < 70_000; i++) members[`m${i}.txt`] = new Uint8Array([65]);
  const many = zipSync(members, { level: 0 });
  await measure(
    "[47.1] a 70,000-member ZIP",
    grown(async () => status(tracker(await register(), "myfitnesspal", many, "application/zip"))),
  );
  await measure(
    "[47.2] a ZIP of 1,000 directory entries aliasing one 2 MB stored CSV",
    grown(async () =>
      status(
        tracker(
          await register(),
          "myfitnesspal",
          aliasedZip("Nutrition-Summary.csv", mfpRows(33_000), 1000),
          "application/zip",
        ),
      ),
    ),
  );
  const mib = mfpRows(17_500);
  await measure(
    `[47.3] an ordinary ${(mib.length / 2 ** 20).toFixed(1)} MiB MyFitnessPal CSV`,
    grown(async () => status(tracker(await register(), "myfitnesspal", mib))),
  );
  const wger = `Weight,Date\n${Array.from({ length: 5000 }, (_, i) => `${(70 + (i % 10) / 10).toFixed(1)},${new Date(Date.UTC(2010, 0, 1 + i)).toISOString().slice(0, 10)}`).join("\n")}\n`;
  await measure(
    "[47.3] 5,000 weigh-ins (wger CSV)",
    grown(async () => status(tracker(await register(), "wger", wger))),
  );
  const weighIns = await register();
  const weights = Array.from({ length: 20_000 }, (_, i) => ({
    date: new Date(Date.UTC(1970, 0, 1 + i)).toISOString().slice(0, 10),
    kg: 70 + (i % 10) / 10,
    note: null,
  }));
  const wdoc = JSON.stringify({ ...(await emptyExport(weighIns)), weights });
  await measure(
    "[47.3] 20,000 weigh-ins in a JSON import",
    grown(async () => status(json("POST", "/import", weighIns, wdoc))),
  );
  await measure(
    "[47.3] a 200,000-row MyFitnessPal CSV",
    grown(async () => status(tracker(await register(), "myfitnesspal", mfpRows(200_000)))),
  );
  const names = cronometerRows(20_000, 20_000);
  await measure(
    `[47.4] a Cronometer CSV of 20,000 distinct food names (${(names.length / 1e6).toFixed(1)} MB)`,
    grown(async () => status(tracker(await register(), "cronometer", names))),
  );
}
const cook = await register();
{
  const mutations = recipeUpserts(500);
  const body = JSON.stringify({ mutations });
  await measure(`POST /sync/push of 500 recipes × 35 ingredients (${(body.length / 1e3).toFixed(0)} KB)`, () =>
    status(json("POST", "/sync/push", cook, body)),
  );
}
const bob = await register();
{
  const { doc, meals } = syntheticExport(mb, "bench@example.org");
  const body = JSON.stringify(doc);
  await measure(`POST /import of ${(body.length / 1e6).toFixed(0)} MB (${meals.toLocaleString("en")} meals)`, () =>
    status(json("POST", "/import", bob, body)),
  );
}
for (let k = 1; k < 5; k++)
  await (await json("POST", "/sync/push", cook, { mutations: recipeUpserts(500, k * 500) })).text(); // 2,500 recipes
await measure("GET /recipes, every page, for 2,500 recipes", async () => {
  let cursor: string | null = null;
  let pages = 0;
  let bytes = 0;
  let last = 0;
  do {
    const r: Response = await json("GET", `/recipes${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, cook);
    const text = await r.text();
    last = r.status;
    bytes += text.length;
    pages++;
    cursor = r.status === 200 ? ((JSON.parse(text) as { next_cursor?: string | null }).next_cursor ?? null) : null;
  } while (cursor);
  return `${last}, ${pages} page(s), ${(bytes / 1e6).toFixed(1)} MB`;
});
await measure("GET /export?format=json of the 2,500-recipe account", () =>
  status(json("GET", "/export?format=json", cook)),
);
await measure("GET /export?format=csv of the meal import's account", () =>
  status(json("GET", "/export?format=csv", bob)),
);

const photographer = await register();
const jpeg = await bigPhoto("jpeg");
const png = await bigPhoto("png");
await measure(`4 uploads at once of a 40 MP JPEG (${(jpeg.length / 1e6).toFixed(1)} MB)`, async () =>
  (await Promise.all(Array.from({ length: 4 }, () => status(upload(photographer, jpeg, "image/jpeg"))))).join(", "),
);
await measure(`one 40 MP PNG (${(png.length / 1e6).toFixed(1)} MB)`, () =>
  status(upload(photographer, png, "image/png")),
);
const small = await smallPhoto();
const other = await register();
await measure("60 concurrent 40 MP uploads from one account while another account sends one small photo", () =>
  floodBesideOne({ upload, pid: proc.pid, flooder: photographer, other, big: jpeg, small }),
);

{
  const searchers = await Promise.all(Array.from({ length: 8 }, () => register()));
  const statuses: Record<number, number> = {};
  const stop = performance.now() + 5000;
  await measure("8 signed-in clients: 12-word searches, each new", async () => {
    await Promise.all(
      searchers.map(async (token, c) => {
        for (let i = 0; performance.now() < stop; i++) {
          const r = await json(
            "GET",
            `/foods/search?q=${encodeURIComponent(`chicken beef pork milk cheese bread rice egg apple fish oil x${c}${i}`)}`,
            token,
          );
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          await r.text();
          if (r.status === 429) await Bun.sleep(Number(r.headers.get("retry-after") ?? 1) * 1000);
        }
      }),
    );
    return Object.entries(statuses)
      .map(([s, n]) => `${n}× ${s}`)
      .join(", ");
  });
}
{
  const statuses: Record<number, number> = {};
  const stop = performance.now() + 5000;
  await measure("8 anonymous clients (one /64 each sends from 8 addresses): q=c, changing offsets", async () => {
    await Promise.all(
      Array.from({ length: 8 }, async (_, c) => {
        for (let i = 0; performance.now() < stop; i++) {
          const r = await fetch(`${base}/foods/search?q=c&offset=${(i * 37 + c * 101) % 1000}`, {
            headers: { "x-forwarded-for": `2001:db8:${c}::${i % 8}` },
          });
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          await r.text();
          if (r.status === 429) await Bun.sleep(50);
        }
      }),
    );
    return Object.entries(statuses)
      .map(([s, n]) => `${n}× ${s}`)
      .join(", ");
  });
}

// the weight trend: the same reads for a history that starts in 1970 and one that starts this year
const weighed = async (first: string) => {
  const token = await register();
  const old = await json("PUT", `/weights/${first}`, token, { kg: 80 });
  for (let d = 1; d <= 20; d++)
    await (await json("PUT", `/weights/2026-10-${String(d).padStart(2, "0")}`, token, { kg: 80 - d / 10 })).text();
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    await (
      await json(
        "GET",
        i % 2 ? "/weights?from=2026-09-01&to=2026-10-31" : "/stats/days?from=2026-10-01&to=2026-10-31",
        token,
      )
    ).text();
    times.push(performance.now() - t);
  }
  return { status: old.status, p50: pct(times, 50) };
};
const recent = await weighed("2026-01-01");
const ancient = await weighed("1970-01-01");
const refused = (await json("PUT", "/weights/1900-01-01", await register(), { kg: 80 })).status;
console.log(`${header.join("\n")}\n${rows.join("\n")}\n`);
console.log(
  `GET /weights and /stats/days, p50 of 40: first weigh-in 2026-01-01 ${recent.p50.toFixed(1)} ms; first weigh-in 1970-01-01 (PUT ${ancient.status}) ${ancient.p50.toFixed(1)} ms; ratio ${(ancient.p50 / recent.p50).toFixed(2)}×. A weigh-in dated 1900-01-01: ${refused}.`,
);
console.log(
  `summary: GET /weights with a 1970 weigh-in | ${ancient.p50.toFixed(1)} ms p50 | history from 2026: ${recent.p50.toFixed(1)} ms | ${(ancient.p50 / recent.p50).toFixed(2)}×`,
);
proc.kill();
await proc.exited;
prober.terminate();
await pg?.drop();
