/**
 * `morsel import FILE… --format F --user EMAIL` beside a running server: the server serves what the
 * command wrote at once, running it again changes nothing, --preview writes nothing, and bad usage
 * exits 2 with the reason. Real processes throughout.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { startProcess, tempDir } from "../helpers";

const ENTRY = join(import.meta.dir, "..", "..", "src", "index.ts");
const SAMPLES = join(import.meta.dir, "..", "portability", "samples");

const run = (...args: string[]) => {
  const r = Bun.spawnSync(["bun", ENTRY, "import", ...args], { stdout: "pipe", stderr: "pipe" });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
};

test("import beside a running server, again, and a preview", async () => {
  const dataDir = tempDir();
  const server = await startProcess(dataDir);
  try {
    const reg = (await (
      await fetch(`${server.url}/api/v1/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "c@example.org", password: "import test", name: "C", timezone: "UTC" }),
      })
    ).json()) as { access_token: string };
    const files = [join(SAMPLES, "cronometer-servings.csv"), join(SAMPLES, "cronometer-biometrics.csv")];
    const common = ["--format", "cronometer", "--user", "c@example.org", "--data-dir", dataDir, "--skip-invalid"];

    const preview = run(...files, ...common, "--preview");
    expect(preview.err).toBe("");
    expect(preview.code).toBe(0);
    expect(preview.out).toContain("preview (nothing written) into c@example.org from 2026-09-14 to 2026-09-16");
    const day = async () =>
      (
        (await (
          await fetch(`${server.url}/api/v1/meals/daily?date=2026-09-14`, {
            headers: { authorization: `Bearer ${reg.access_token}` },
          })
        ).json()) as { meals: unknown[] }
      ).meals.length;
    expect(await day()).toBe(0);

    const first = run(...files, ...common);
    expect(first.code).toBe(0);
    expect(first.out).toContain("meals 11 new, 0 already there (7 catalogue foods, 4 quick adds); weigh-ins 3 new");
    expect(first.out).toContain('skipped cronometer-servings.csv:11:6: energy (kcal) "not a number" is not a number');
    expect(await day()).toBe(6); // the running server sees the command's writes

    const again = run(...files, ...common);
    expect(again.out).toContain("meals 0 new, 11 already there");
    expect(await day()).toBe(6);
  } finally {
    await server.stop();
  }
});

test("bad usage: exit 2 with the reason; a file of nothing to import: exit 1, nothing written", () => {
  const dataDir = tempDir();
  const file = join(SAMPLES, "wger-weight.csv");
  expect(run(file, "--user", "c@example.org", "--data-dir", dataDir)).toMatchObject({ code: 2 });
  expect(run(file, "--format", "fitbit", "--user", "c@example.org").err).toContain("--format must be one of");
  expect(run(file, "--format", "wger", "--user", "not-an-email", "--data-dir", dataDir).code).toBe(2);
  expect(run("/no/such/file.csv", "--format", "wger", "--user", "c@example.org", "--data-dir", dataDir).err).toContain(
    "no file at /no/such/file.csv",
  );
  const noUser = run(file, "--format", "wger", "--user", "c@example.org", "--data-dir", dataDir);
  expect(noUser.code).toBe(1);
  expect(noUser.err).toContain("no account with email c@example.org");
});
