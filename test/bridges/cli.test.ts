/** `morsel import export.zip --format apple_health --user EMAIL`: a real process, the export read from its path. */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { commandEnv, startProcess, tempDir } from "../helpers";

const ENTRY = join(import.meta.dir, "..", "..", "src", "index.ts");
const XML = await Bun.file(join(import.meta.dir, "..", "fixtures", "health", "export.xml")).text();

/** The command on the server's database (the data dir's file, or the test's PostgreSQL database). */
let env: Record<string, string> = {};
const run = (...args: string[]) => {
  const r = Bun.spawnSync(["bun", ENTRY, "import", ...args], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, ...env },
  });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
};

test("an Apple Health export from the shell, beside a running server, and again", async () => {
  const dataDir = tempDir();
  const zip = join(tempDir(), "export.zip");
  await Bun.write(zip, zipSync({ "apple_health_export/export.xml": strToU8(XML) }));
  const server = await startProcess(dataDir);
  env = await commandEnv(dataDir);
  try {
    const reg = (await (
      await fetch(`${server.url}/api/v1/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: "h@example.org",
          password: "import test",
          name: "H",
          timezone: "America/New_York",
        }),
      })
    ).json()) as { access_token: string };
    const common = ["--format", "apple_health", "--user", "h@example.org", "--data-dir", dataDir];
    const first = run(zip, ...common);
    expect(first.err).toBe("");
    expect(first.code).toBe(0);
    expect(first.out).toContain(
      "imported into h@example.org from 2024-01-15 to 2024-01-16: workouts 2 new, 0 already there",
    );
    const steps = await (
      await fetch(`${server.url}/api/v1/daily-values/2024-01-15`, {
        headers: { authorization: `Bearer ${reg.access_token}` },
      })
    ).json();
    expect((steps as { values: { steps: number } }).values.steps).toBe(2843);
    const again = run(zip, ...common);
    expect(again.out).toContain("workouts 0 new, 2 already there");
    expect(run(zip, zip, ...common).code).toBe(2); // one file only
    const notExport = join(tempDir(), "notes.zip");
    await Bun.write(notExport, zipSync({ "notes.txt": strToU8("hi") }));
    const bad = run(notExport, ...common);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("no export.xml");
  } finally {
    await server.stop();
  }
});
