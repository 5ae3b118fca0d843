/**
 * `morsel backup` while the server keeps taking writes, then `morsel restore` into another data dir
 * and a server on it: every meal acknowledged before the backup started is there, and the copy is
 * sound. Real processes throughout.
 */
import { expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startProcess, tempDir, until } from "../helpers";

const ENTRY = join(import.meta.dir, "..", "..", "src", "index.ts");

test("backup under write load, restore elsewhere, nothing acknowledged before the backup is lost", async () => {
  const dataDir = tempDir();
  const server = await startProcess(dataDir);
  const api = (base: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}) =>
    fetch(`${base}/api/v1${path}`, {
      method: init.method ?? "GET",
      headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  let stop = false;
  const acked: { id: string; at: number }[] = [];
  let backupStartedAt = 0;
  try {
    const reg = (await (
      await api(server.url, "/register", {
        method: "POST",
        body: { email: "b@example.org", password: "backup test", name: "B" },
      })
    ).json()) as { access_token: string };
    const token = reg.access_token;
    let n = 0;
    const writer = async () => {
      while (!stop) {
        const id = crypto.randomUUID();
        // a day holds at most 200 meals: the writes go over many days
        const date = `2026-${String(1 + (Math.floor(n++ / 100) % 12)).padStart(2, "0")}-${String(1 + (n % 28)).padStart(2, "0")}`;
        const r = await api(server.url, "/meals", {
          method: "POST",
          token,
          body: { id, food_id: 9040, quantity: 100, meal_type: "snack", date },
        });
        if (r.status === 201) acked.push({ id, at: performance.now() });
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    await until(() => acked.length >= 20); // the server is busy writing
    const target = join(tempDir(), "backup.db");
    backupStartedAt = performance.now();
    const b = Bun.spawn(["bun", ENTRY, "backup", target, "--data-dir", dataDir], { stdout: "pipe", stderr: "pipe" });
    const code = await b.exited;
    expect(code).toBe(0);
    expect(await new Response(b.stdout).text()).toMatch(/integrity ok/);
    const atBackupEnd = acked.length;
    await until(() => acked.length >= atBackupEnd + 10); // writes go on after the backup
    stop = true;
    await Promise.all(writers);
    const before = acked.filter((a) => a.at < backupStartedAt);
    expect(before.length).toBeGreaterThan(10);
    expect(acked.length).toBeGreaterThan(before.length); // the server kept writing during and after

    const restoredDir = tempDir();
    const r = Bun.spawnSync(["bun", ENTRY, "restore", target, "--data-dir", restoredDir]);
    expect(r.exitCode).toBe(0);
    expect(existsSync(join(restoredDir, "morsel.db"))).toBe(true);
    // the same secret lets the same tokens work on the restored copy
    await Bun.write(join(restoredDir, "jwt-secret"), Bun.file(join(dataDir, "jwt-secret")));
    const second = await startProcess(restoredDir);
    try {
      // every meal the restored copy has, over all the days written
      const all = (await (await api(second.url, "/export?format=json", { token })).json()) as {
        meals: { id: string }[];
      };
      const have = new Set(all.meals.map((m) => m.id));
      const lost = before.filter((a) => !have.has(a.id));
      expect(lost).toEqual([]);
      expect(have.size).toBeLessThanOrEqual(acked.length);
    } finally {
      await second.stop();
    }
  } finally {
    stop = true;
    await server.stop();
  }
}, 60_000);

test("restore refuses a file that is not a Morsel database, and a backup refuses to overwrite", () => {
  const dir = tempDir();
  const junk = join(dir, "junk.db");
  Bun.spawnSync(["sh", "-c", `echo not a database > ${junk}`]);
  const r = Bun.spawnSync(["bun", ENTRY, "restore", junk, "--data-dir", tempDir()]);
  expect(r.exitCode).toBe(1);
  expect(r.stderr.toString()).toMatch(/morsel restore: /);
  const b = Bun.spawnSync(["bun", ENTRY, "backup", junk, "--data-dir", tempDir()]);
  expect(b.exitCode).toBe(1);
  expect(b.stderr.toString()).toMatch(/no database at|exists already/);
});
