/**
 * A fresh clone, started from source before any build: no web/dist and no
 * src/features/webapp/files.gen.ts (both written by scripts/build-web.ts, both git-ignored).
 * `--help` and `serve` must work there; the API answers, and `/` says how to build the web app.
 * The checkout is a copy of what git tracks that the server reads (src/, the migrations), with
 * node_modules, data/ and models/ linked: files.gen.ts is left out of the copy.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { cpSync, existsSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../helpers";

const REPO = join(import.meta.dir, "..", "..");
let clone: string;
let server: { proc: Bun.Subprocess<"ignore", "pipe", "pipe">; url: string; out: string } | null = null;

beforeAll(async () => {
  clone = tempDir();
  for (const part of ["src", "drizzle", "drizzle-pg"])
    cpSync(join(REPO, part), join(clone, part), {
      recursive: true,
      filter: (from) => !from.endsWith("files.gen.ts"),
    });
  cpSync(join(REPO, "package.json"), join(clone, "package.json"));
  cpSync(join(REPO, "tsconfig.json"), join(clone, "tsconfig.json"));
  for (const linked of ["node_modules", "data", "models"]) symlinkSync(join(REPO, linked), join(clone, linked));
  expect(existsSync(join(clone, "src", "features", "webapp", "files.gen.ts"))).toBe(false);
  expect(existsSync(join(clone, "web"))).toBe(false);
});

afterAll(async () => {
  server?.proc.kill();
  await server?.proc.exited;
});

const entry = () => join(clone, "src", "index.ts");

test("--help works in a checkout that was never built", () => {
  const r = Bun.spawnSync(["bun", entry(), "--help"], { cwd: clone });
  expect(r.stderr.toString()).toBe("");
  expect(r.exitCode).toBe(0);
  expect(r.stdout.toString()).toContain("serve");
});

test("serve starts in a checkout that was never built: the API answers, / says how to build the web app", async () => {
  const proc = Bun.spawn(["bun", entry(), "serve", "--port", "0", "--data-dir", join(tempDir(), "data")], {
    cwd: clone,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, MORSEL_LOG_REQUESTS: "false" },
  });
  const reader = proc.stdout.getReader();
  let out = "";
  // no deadline: a process that dies ends the stream, and the test's timeout bounds the rest
  while (!out.includes('"msg":"morsel started"')) {
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const line = out.split("\n").find((l) => l.includes('"msg":"morsel started"'));
  if (!line) throw new Error(`serve did not start: ${out} ${await new Response(proc.stderr).text()}`);
  server = { proc, url: String(JSON.parse(line).url), out };
  expect(out).toContain('"msg":"the web app is not built"');

  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  const found = (await (await fetch(`${server.url}/api/v1/foods/search?q=banana&limit=1`)).json()) as {
    items: { name: string }[];
  };
  expect(found.items[0]!.name).toBe("Bananas, raw");

  const page = await fetch(`${server.url}/`);
  expect(page.status).toBe(503);
  expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const html = await page.text();
  expect(html).toContain("bun scripts/build-web.ts");
  expect(html).toContain("/api/v1");
  // the app's other paths are not there; they keep the API's JSON 404
  const missing = await fetch(`${server.url}/manifest.webmanifest`);
  expect(missing.status).toBe(404);
  expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
});
