/**
 * One server per port and per data directory, as a self-hoster runs the real entry point: a second
 * server on a busy port or a locked data dir refuses to start, restore refuses under a running server,
 * and morsel import-off beside a running server under write load loses no write.
 */
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { writeFixture } from "../../scripts/gen-off-fixture";
import { registerUser, startProcess, tempDir } from "../helpers";

const ENTRY = join(import.meta.dir, "..", "..", "src", "index.ts");
const run = (...args: string[]) => {
  const r = Bun.spawnSync(["bun", ENTRY, ...args], { env: { ...process.env, MORSEL_LOG_REQUESTS: "false" } });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
};
/** One sentence, no raw errno codes or stack. */
const oneSentence = (text: string) => {
  expect(text).not.toMatch(/\b(ENOENT|EEXIST|EACCES|EPERM|EADDRINUSE)\b/);
  expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/);
};

const fetchCall =
  (base: string) =>
  async (method: string, path: string, o: { body?: unknown; token?: string } = {}) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await r.text();
    return { status: r.status, headers: r.headers, text, json: text ? JSON.parse(text) : undefined };
  };

describe("one server per port and per data directory", () => {
  test("a second server on a port in use exits non-zero with 'port N is already in use'; the first keeps serving", async () => {
    const first = await startProcess(tempDir());
    try {
      const port = new URL(first.url).port;
      const second = run("serve", "--port", port, "--data-dir", tempDir());
      expect(second.code).toBe(1);
      expect(second.err).toContain(`port ${port} is already in use`);
      oneSentence(second.err);
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  });

  test("--host ::1 on a port another program holds on 127.0.0.1 refuses to start: localhost may reach that program", async () => {
    const other = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("someone else") });
    try {
      const r = run("serve", "--host", "::1", "--port", String(other.port), "--data-dir", tempDir());
      expect(r.code).toBe(1);
      expect(r.err).toContain(`port ${other.port} is already in use on 127.0.0.1`);
      oneSentence(r.err);
    } finally {
      other.stop(true);
    }
  });

  test("a second server on the same data directory (another port) refuses to start", async () => {
    const dir = tempDir();
    const first = await startProcess(dir);
    try {
      const second = run("serve", "--port", "0", "--data-dir", dir);
      expect(second.code).toBe(1);
      expect(second.err).toContain(`the data directory ${dir} is in use by a running morsel server`);
    } finally {
      await first.stop();
    }
  });

  test("restore refuses while the server runs, and no acknowledged write is lost; after kill -9 it works", async () => {
    const dir = tempDir();
    const server = await startProcess(dir);
    const call = fetchCall(server.url);
    const u = await registerUser(call);
    const backupFile = join(tempDir(), "before.db");
    expect(run("backup", backupFile, "--data-dir", dir).code).toBe(0);
    const refused = run("restore", backupFile, "--data-dir", dir);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("in use by a running morsel server; stop the server first");
    expect(refused.err).toContain("Nothing was changed");
    const meal = await call("POST", "/api/v1/meals", {
      token: u.access_token,
      body: { food_id: 9040, quantity: 100, meal_type: "lunch", date: "2026-11-22" },
    });
    expect(meal.status).toBe(201);
    server.proc.kill("SIGKILL"); // the kernel drops the lock with the process
    await server.proc.exited;
    const live = new Database(join(dir, "morsel.db"), { readonly: true });
    expect(live.query("SELECT count(*) AS n FROM meals WHERE id = ?").get(meal.json.id)).toEqual({ n: 1 });
    live.close();
    const restored = run("restore", backupFile, "--data-dir", dir);
    expect(restored.err).toBe("");
    expect(restored.code).toBe(0);
  });
});

describe("morsel import-off beside a running server under write load", () => {
  test("the import finishes (exit 0) and every meal the server was asked to write is written", async () => {
    const dir = tempDir();
    const server = await startProcess(dir);
    try {
      const call = fetchCall(server.url);
      const u = await registerUser(call);
      const file = await writeFixture(join(tempDir(), "off.jsonl"), { rows: 20_000, format: "jsonl" });
      const importer = Bun.spawn(["bun", ENTRY, "import-off", file, "--data-dir", dir], {
        stdout: "pipe",
        stderr: "pipe",
      });
      let done = false;
      const exited = importer.exited.then((code) => ((done = true), code));
      const statuses: number[] = [];
      // two writers keep the server writing for as long as the import runs, each write on a day of its own in
      // turn (one day takes 200 meals: on a quiet machine the writers passed that before the import ended)
      let n = 0;
      const dayOf = (k: number) =>
        new Date(Date.UTC(2026, 10, 22) - (k % 3650) * 86_400_000).toISOString().slice(0, 10);
      await Promise.all(
        [0, 1].map(async () => {
          while (!done) {
            const r = await call("POST", "/api/v1/meals", {
              token: u.access_token,
              body: { food_id: 9040, quantity: 100, meal_type: "snack", date: dayOf(n++) },
            });
            statuses.push(r.status);
          }
        }),
      );
      const code = await exited;
      const err = await new Response(importer.stderr).text();
      expect(`${code} ${err}`).toBe("0 ");
      expect(await new Response(importer.stdout).text()).toContain("18800 new, 0 updated, 0 unchanged, 1200 skipped");
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s !== 201)).toEqual([]);
      const db = new Database(join(dir, "morsel.db"), { readonly: true });
      expect(db.query("SELECT count(*) AS n FROM meals").get()).toEqual({ n: statuses.length });
      db.close();
    } finally {
      await server.stop();
    }
  });
});
