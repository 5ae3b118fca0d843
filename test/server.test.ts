/**
 * The real entry point as a user runs it: `bun src/index.ts` on port 0 with a fresh data dir
 * that does not exist yet. Checks start-up, the secret kept across restarts, --help, and a
 * clear failure for a bad flag.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { startProcess, tempDir } from "./helpers";

const ENTRY = join(import.meta.dir, "..", "src", "index.ts");

const start = (dataDir: string) => startProcess(dataDir);

describe("bun src/index.ts serve", () => {
  test("creates the data dir and secret, serves the API, keeps the secret on restart", async () => {
    const dataDir = join(tempDir(), "nested", "morsel");
    expect(existsSync(dataDir)).toBe(false);
    const first = await start(dataDir);
    try {
      expect(first.log.jwt_secret).toContain("generated now");
      expect(JSON.stringify(first.log)).not.toContain(readFileSync(join(dataDir, "jwt-secret"), "utf8").trim());
      const base = String(first.log.url);
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      const found = (await (await fetch(`${base}/api/v1/foods/search?q=banana&limit=1`)).json()) as { items: { name: string }[] };
      expect(found.items[0]!.name).toBe("Bananas, raw");
      expect(statSync(join(dataDir, "jwt-secret")).mode & 0o777).toBe(0o600);
      expect(existsSync(join(dataDir, "morsel.db"))).toBe(true);
    } finally {
      first.proc.kill();
      await first.proc.exited;
    }
    const secret = readFileSync(join(dataDir, "jwt-secret"), "utf8");
    const second = await start(dataDir);
    try {
      expect(second.log.jwt_secret).toContain("kept");
      expect(readFileSync(join(dataDir, "jwt-secret"), "utf8")).toBe(secret);
    } finally {
      second.proc.kill();
      await second.proc.exited;
    }
  });

  test("--help describes the options", () => {
    const r = Bun.spawnSync(["bun", ENTRY, "--help"]);
    expect(r.exitCode).toBe(0);
    const text = r.stdout.toString();
    for (const flag of ["--port", "--host", "--data-dir", "--catalogue", "MORSEL_DATA_DIR"]) expect(text).toContain(flag);
  });

  test("a bad flag fails at start with a clear message and exit code 2", () => {
    const r = Bun.spawnSync(["bun", ENTRY, "serve", "--port", "http"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr.toString()).toContain("--port / PORT must be an integer");
  });
});
