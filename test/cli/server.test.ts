/**
 * The real entry point as a user runs it: `bun src/index.ts` on port 0 with a fresh data dir
 * that does not exist yet. Checks start-up, the secret kept across restarts, --help, and a
 * clear failure for a bad flag.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { startProcess, tempDir } from "../helpers";

const ENTRY = join(import.meta.dir, "..", "..", "src", "index.ts");

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
      const found = (await (await fetch(`${base}/api/v1/foods/search?q=banana&limit=1`)).json()) as {
        items: { name: string }[];
      };
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
    for (const flag of ["--port", "--host", "--data-dir", "--catalogue", "MORSEL_DATA_DIR"])
      expect(text).toContain(flag);
  });

  test("a bad flag fails at start with a clear message and exit code 2", () => {
    const r = Bun.spawnSync(["bun", ENTRY, "serve", "--port", "http"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr.toString()).toContain("--port / PORT must be an integer");
  });
});

describe("the CLI", () => {
  test("each command has its own --help", () => {
    for (const [cmd, word] of [
      ["import-off", "JSONL"],
      ["backup", "VACUUM INTO"],
      ["restore", "before-restore"],
      ["user", "reset-password"],
      ["serve", "SIGTERM"],
    ] as const) {
      const r = Bun.spawnSync(["bun", ENTRY, cmd, "--help"]);
      expect(r.exitCode).toBe(0);
      expect(r.stdout.toString()).toContain(word);
    }
    expect(Bun.spawnSync(["bun", ENTRY, "help", "backup"]).stdout.toString()).toContain("VACUUM INTO");
    expect(Bun.spawnSync(["bun", ENTRY, "frobnicate"]).exitCode).toBe(2);
  });

  test("user reset-password: a new password works, the old one and every session do not", async () => {
    const dataDir = tempDir();
    const server = await startProcess(dataDir);
    try {
      const post = (path: string, body: unknown, token?: string) =>
        fetch(`${server.url}/api/v1${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      const reg = (await (
        await post("/register", { email: "locked@example.org", password: "forgotten one", name: "L" })
      ).json()) as { access_token: string };
      const r = Bun.spawnSync(["bun", ENTRY, "user", "reset-password", "Locked@Example.org", "--data-dir", dataDir]);
      expect(r.exitCode).toBe(0);
      const newPassword = r.stdout.toString().match(/new password: (\S+)/)![1]!;
      expect(
        (await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${reg.access_token}` } })).status,
      ).toBe(401);
      expect((await post("/login", { email: "locked@example.org", password: "forgotten one" })).status).toBe(401);
      expect((await post("/login", { email: "locked@example.org", password: newPassword })).status).toBe(200);
      const given = Bun.spawnSync([
        "bun",
        ENTRY,
        "user",
        "reset-password",
        "locked@example.org",
        "--password",
        "chosen password",
        "--data-dir",
        dataDir,
      ]);
      expect(given.exitCode).toBe(0);
      expect(given.stdout.toString()).not.toContain("chosen password");
      expect((await post("/login", { email: "locked@example.org", password: "chosen password" })).status).toBe(200);
      expect(
        Bun.spawnSync(["bun", ENTRY, "user", "reset-password", "nobody@example.org", "--data-dir", dataDir]).exitCode,
      ).toBe(1);
      expect(
        Bun.spawnSync([
          "bun",
          ENTRY,
          "user",
          "reset-password",
          "locked@example.org",
          "--password",
          "short",
          "--data-dir",
          dataDir,
        ]).exitCode,
      ).toBe(2);
    } finally {
      await server.stop();
    }
  });

  test("SIGTERM: in-flight requests finish, then the process exits 0 and the database is closed cleanly", async () => {
    const dataDir = tempDir();
    const server = await startProcess(dataDir, [], { MORSEL_LOG_REQUESTS: "false" });
    const reg = (await (
      await fetch(`${server.url}/api/v1/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "s@example.org", password: "shutdown!", name: "S" }),
      })
    ).json()) as { access_token: string };
    // start a slow request (argon2 login), then ask the server to stop while it runs
    const inflight = fetch(`${server.url}/api/v1/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "s@example.org", password: "shutdown!" }),
    });
    await Bun.sleep(20);
    server.proc.kill("SIGTERM");
    const res = await inflight;
    expect(res.status).toBe(200);
    expect(await server.proc.exited).toBe(0);
    expect(reg.access_token).toBeString();
    expect(existsSync(join(dataDir, "morsel.db-wal"))).toBe(false); // closed: WAL checkpointed and removed
  });
});
