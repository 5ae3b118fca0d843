/**
 * The command line as a self-hoster meets it: unknown flags stop the program with the nearest one
 * suggested, start-up failures are one sentence each, and --help needs no built web app.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { tempDir } from "../helpers";

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

describe("unknown flags are refused with exit 2, the flag named and the nearest suggested", () => {
  const cases: [string[], string, string][] = [
    [["--prot", "3001"], "--prot", "--port"],
    [["serve", "--data-dri", "/tmp/x"], "--data-dri", "--data-dir"],
    [["backup", "/tmp/x.db", "--data-dri", "D"], "--data-dri", "--data-dir"],
    [["restore", "/tmp/x.db", "--dta-dir", "D"], "--dta-dir", "--data-dir"],
    [["user", "reset-password", "ana@example.org", "--pasword", "P"], "--pasword", "--password"],
  ];
  for (const [args, bad, guess] of cases) {
    test(`morsel ${args.join(" ")}`, () => {
      const r = run(...args);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`unknown option ${bad}`);
      expect(r.err).toContain(`did you mean ${guess}?`);
    });
  }

  test("a flag of another command names the ones this command takes", () => {
    const r = run("import-off", "f.jsonl", "--port", "3");
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'unknown option --port for "morsel import-off", which takes --data-dir, --database, --help',
    );
  });

  test("a flag without its value, a stray argument and an unknown command are refused too", () => {
    expect(run("--port").err).toContain("--port needs a value");
    const stray = run("backup", "a.db", "b.db");
    expect(stray.code).toBe(2);
    expect(stray.err).toContain('unexpected argument "b.db"');
    const typo = run("bakup", "a.db");
    expect(typo.code).toBe(2);
    expect(typo.err).toContain('did you mean "backup"?');
  });

  test("user reset-password with a misspelt --password changes nothing (it used to set a random one)", () => {
    const dir = tempDir();
    const r = run("user", "reset-password", "ana@example.org", "--pasword", "new password!", "--data-dir", dir);
    expect(r.code).toBe(2);
    expect(r.out).not.toContain("new password:");
  });
});

describe("start-up failures are one clear sentence", () => {
  test("--host 999.1.1.1", () => {
    const r = run("--host", "999.1.1.1", "--port", "0", "--data-dir", tempDir());
    expect(r.code).toBe(2);
    expect(r.err).toContain('"999.1.1.1" is not an IPv4 address');
    oneSentence(r.err);
  });

  test("a host name this machine does not have", () => {
    const r = run("--host", "203.0.113.9", "--port", "0", "--data-dir", tempDir());
    expect(r.code).toBe(1);
    expect(r.err).toContain("203.0.113.9 is not an address of this machine");
    oneSentence(r.err);
  });

  test("a data dir that is a file, or lies under one", () => {
    const file = join(tempDir(), "not-a-dir");
    writeFileSync(file, "x");
    for (const dir of [file, join(file, "morsel")]) {
      const r = run("--port", "0", "--data-dir", dir);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/is a file/);
      expect(r.err).toContain("--data-dir");
      oneSentence(r.err);
    }
  });

  test("a data dir that cannot be written (under /sys, refused even to root)", () => {
    const r = run("--port", "0", "--data-dir", "/sys/morsel-data");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/cannot be created: permission denied|not writable/);
    oneSentence(r.err);
  });

  test("an existing data dir this user cannot write (skipped as root, who can write anywhere: said, not silent)", () => {
    if (process.getuid?.() === 0) {
      console.log("note: running as root, which writes anywhere; the /sys case above covers root");
      return;
    }
    const dir = join(tempDir(), "ro");
    mkdirSync(dir, { mode: 0o500 });
    const r = run("--port", "0", "--data-dir", dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain("is not writable by this user");
  });
});

test("--help and the commands other than serve do not need the built web app: nothing outside serve imports files.gen", () => {
  // `bun src/index.ts --help` on a fresh clone crashed with "Cannot find module './files.gen'"
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    // static imports and re-exports that load code (not `import type`); a dynamic import() runs when its command does
    for (const [, path] of source.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?\sfrom\s+"([^"]+)"/gm)) {
      if (!path!.startsWith(".")) continue;
      const imp = { path: path! };
      const base = join(dirname(file), imp.path);
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find(
        (p) => existsSync(p) && statSync(p).isFile(),
      );
      if (found) walk(found);
      else if (imp.path.endsWith("files.gen")) seen.add(`${base}.ts`);
    }
  };
  walk(ENTRY);
  expect([...seen].filter((f) => f.includes("files.gen"))).toEqual([]);
  expect(seen.size).toBeGreaterThan(10);
});
