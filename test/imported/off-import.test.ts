/**
 * `morsel import-off`: an Open Food Facts export, made by scripts/gen-off-fixture.ts in the OFF
 * formats, imported into the data dir; scans then answer offline.
 */
import { describe, expect, test } from "bun:test";
import { writeFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { importOff, splitRow } from "../../src/features/imported/import";
import { ImportedRepo } from "../../src/features/imported/repo";
import { openDatabase, type Db } from "../../src/db/client";
import { SqliteStore } from "../../src/db/store";
import { fixtureGtin13, writeFixture } from "../../scripts/gen-off-fixture";
import { startProcess, tempDir, commandEnv } from "../helpers";

const ENTRY = join(import.meta.dir, "..", "..", "src", "index.ts");

const storeOf = (db: Db) => new SqliteStore(db);
const countOf = (db: Db) => storeOf(db).run(new ImportedRepo(storeOf(db)).count());
const byGtin = (db: Db, gtin: string) => storeOf(db).run(new ImportedRepo(storeOf(db)).byGtins([gtin]));

describe("importOff", () => {
  test("JSONL gzip: maps every valid product, skips invalid ones by line number, and a re-run changes nothing", async () => {
    const dir = tempDir();
    const file = await writeFixture(join(dir, "off.jsonl.gz"), { rows: 1000, format: "jsonl", gzip: true });
    const db = openDatabase(join(dir, "m.db"));
    const first = await importOff(new SqliteStore(db), file);
    expect(first).toMatchObject({ lines: 1000, format: "jsonl", gzip: true, error: null, updated: 0, unchanged: 0 });
    expect(first.inserted + first.skippedCount).toBe(1000);
    expect(first.skippedCount).toBe(60); // 3 invalid in every 50
    expect(first.skipped[0]).toEqual({ line: 7, reason: expect.stringContaining("bad_check_digit") });
    expect(first.skipped.map((s) => s.reason)).toContain("no product name");
    expect(first.skipped.map((s) => s.reason)).toContain("no energy value");
    const again = await importOff(new SqliteStore(db), file);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: first.inserted });
    expect(countOf(db)).toBe(first.inserted);
  });

  test("the traps: kJ-only energy, numbers as strings, salt without sodium, per-serving values only", async () => {
    const dir = tempDir();
    const db = openDatabase(join(dir, "m.db"));
    await importOff(new SqliteStore(db), await writeFixture(join(dir, "off.jsonl"), { rows: 10, format: "jsonl" }));
    const get = (i: number) => byGtin(db, `0${fixtureGtin13(i)}`)!;
    const kcal = (i: number) => 50 + ((i * 37) % 500);
    expect(get(3).nutrients.energy_kcal).toBeCloseTo(Math.round(kcal(3) * 4.184) / 4.184, 2); // from kJ
    expect(get(4).nutrients.protein_g).toBe(4.5); // "4.5" as a string
    expect(get(4).servingGrams).toBe(30); // "30" as a string
    expect(get(5).nutrients.sodium_mg).toBe(200); // 0.5 g salt → 200 mg sodium
    expect(get(6).nutrients.energy_kcal).toBeCloseTo(kcal(6), 3); // per serving of 30 g → per 100 g
    expect(get(6).nutrients.protein_g).toBe(10);
    expect(get(1).attribution).toMatch(/Open Database License/);
  });

  test("TSV (OFF's CSV export) maps the same products the same way", async () => {
    const dir = tempDir();
    const db = openDatabase(join(dir, "m.db"));
    const jsonl = await importOff(
      new SqliteStore(db),
      await writeFixture(join(dir, "a.jsonl"), { rows: 200, format: "jsonl" }),
    );
    const tsv = await importOff(
      new SqliteStore(db),
      await writeFixture(join(dir, "b.tsv"), { rows: 200, format: "tsv" }),
    );
    expect(tsv.format).toBe("tsv");
    expect(tsv.inserted).toBe(0);
    expect(tsv.updated).toBe(0);
    expect(tsv.unchanged).toBeGreaterThan(150);
    expect(jsonl.inserted).toBeGreaterThan(150);
  });

  test("broken lines are reported with their numbers and nothing of them is stored", async () => {
    const dir = tempDir();
    const good = (i: number) =>
      JSON.stringify({ code: fixtureGtin13(i), product_name: `P${i}`, nutriments: { "energy-kcal_100g": 100 } });
    const file = join(dir, "broken.jsonl");
    writeFileSync(file, [good(1), '{"code": "40000000000', good(2), "[1,2,3]", "", good(3), '{"code": '].join("\n"));
    const db = openDatabase(join(dir, "m.db"));
    const r = await importOff(new SqliteStore(db), file);
    expect(r.inserted).toBe(3);
    expect(r.skipped).toEqual([
      { line: 2, reason: "not valid JSON" },
      { line: 4, reason: "not a JSON object" },
      { line: 7, reason: "not valid JSON" },
    ]);
    expect(countOf(db)).toBe(3);
  });

  test("a CSV row with a wrong field count or bad quoting is skipped with its line number", async () => {
    const dir = tempDir();
    const file = join(dir, "x.csv");
    writeFileSync(
      file,
      [
        "code,product_name,energy-kcal_100g",
        `${fixtureGtin13(1)},"Soup, tomato",50`,
        `${fixtureGtin13(2)},Two,3,extra`,
        `${fixtureGtin13(3)},"unclosed,40`,
      ].join("\n"),
    );
    const r = await importOff(new SqliteStore(openDatabase(join(dir, "m.db"))), file);
    expect(r.format).toBe("csv");
    expect(r.inserted).toBe(1);
    expect(r.skipped).toEqual([
      { line: 3, reason: "4 fields where the header has 3" },
      { line: 4, reason: "unbalanced quotes" },
    ]);
    expect(splitRow('a,"b ""c""",d', ",")).toEqual(["a", 'b "c"', "d"]);
  });

  test("a truncated gzip: the whole lines before the cut are kept, and the cut is reported", async () => {
    const dir = tempDir();
    const full = await writeFixture(join(dir, "full.jsonl.gz"), { rows: 2000, format: "jsonl", gzip: true });
    const bytes = readFileSync(full);
    const cut = join(dir, "cut.jsonl.gz");
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const db = openDatabase(join(dir, "m.db"));
    const r = await importOff(new SqliteStore(db), cut);
    expect(r.error).toMatch(/gzip stream ends early or is corrupt after line \d+/);
    expect(r.lines).toBeGreaterThan(100);
    expect(r.lines).toBeLessThan(2000);
    expect(countOf(db)).toBe(r.inserted);
    // the fixture's product n is on line n, and every 50th from 7, 17 and 27 is invalid (never stored)
    const valid = (n: number) => ![7, 17, 27].includes(n % 50);
    let last = r.lines;
    while (!valid(last)) last--;
    let next = r.lines + 1;
    while (!valid(next)) next++;
    // the last whole valid line before the cut is stored, complete; the first valid one after it is not
    expect(byGtin(db, `0${fixtureGtin13(last)}`)?.name).toBe(`Test product ${last}`);
    expect(byGtin(db, `0${fixtureGtin13(next)}`)).toBeNull();
  });

  test("a file that is neither JSONL nor a CSV with a code column is refused", async () => {
    const dir = tempDir();
    const file = join(dir, "x.txt");
    writeFileSync(file, "hello\nworld\n");
    const r = await importOff(new SqliteStore(openDatabase(join(dir, "m.db"))), file);
    expect(r.error).toMatch(/neither a JSON object nor a CSV header/);
    expect(r.inserted).toBe(0);
  });

  test("a gzip whose content is garbage is reported, not thrown", async () => {
    const dir = tempDir();
    const file = join(dir, "g.gz");
    writeFileSync(file, gzipSync(Buffer.from("\u0000\u0001 not text at all")));
    const r = await importOff(new SqliteStore(openDatabase(join(dir, "m.db"))), file);
    expect(r.error).not.toBeNull();
  });
});

describe("morsel import-off, then scans work offline", () => {
  test("the CLI imports into the data dir; the server then answers scans from it", async () => {
    const dataDir = tempDir();
    const file = await writeFixture(join(tempDir(), "off.jsonl.gz"), { rows: 300, format: "jsonl", gzip: true });
    const env = { ...process.env, ...(await commandEnv(dataDir)) }; // the server's database, on either backend
    const run = Bun.spawnSync(["bun", ENTRY, "import-off", file, "--data-dir", dataDir], { env });
    expect(run.exitCode).toBe(0);
    const out = run.stdout.toString();
    expect(out).toMatch(/300 lines .*: 282 new, 0 updated, 0 unchanged, 18 skipped/);
    expect(out).toContain("line 7: code");
    const rerun = Bun.spawnSync(["bun", ENTRY, "import-off", file, "--data-dir", dataDir], { env });
    expect(rerun.stdout.toString()).toMatch(/0 new, 0 updated, 282 unchanged/);

    const server = await startProcess(dataDir);
    try {
      const api = (path: string, body: unknown, token?: string) =>
        fetch(`${server.url}/api/v1${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      const reg = (await (
        await api("/register", { email: "i@example.org", password: "import test", name: "I" })
      ).json()) as { access_token: string };
      const hit = await api("/scanner/barcode", { barcode: fixtureGtin13(1) }, reg.access_token);
      expect(hit.status).toBe(200);
      expect(await hit.json()).toMatchObject({
        source: "imported",
        food: { name: "Test product 1", brand: "Brand 1" },
      });
      const miss = await api("/scanner/barcode", { barcode: fixtureGtin13(5000) }, reg.access_token);
      expect(miss.status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  test("a missing file or argument: exit code 2 and a message", () => {
    expect(Bun.spawnSync(["bun", ENTRY, "import-off"]).exitCode).toBe(2);
    const r = Bun.spawnSync(["bun", ENTRY, "import-off", "/nonexistent/file.jsonl", "--data-dir", tempDir()]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr.toString()).toContain("no file at /nonexistent/file.jsonl");
  });
});

describe("imported products in food search", () => {
  test("are found by name and brand, and a later import shows up despite the search cache", async () => {
    const { makeApp } = await import("../helpers");
    const t = makeApp();
    const q = "/api/v1/foods/search?q=test%20product%2012&limit=5";
    const before = (await t.call("GET", q)).json;
    expect(before.items.some((i: { source: string }) => i.source === "openfoodfacts")).toBe(false);
    await importOff(await t.store(), await writeFixture(join(tempDir(), "off.jsonl"), { rows: 30, format: "jsonl" }));
    const after = (await t.call("GET", q)).json;
    expect(after.items[0]).toMatchObject({
      name: "Test product 12",
      source: "openfoodfacts",
      brand: "Brand 12",
      barcode: `0${fixtureGtin13(12)}`,
    });
    const byBrand = (await t.call("GET", "/api/v1/foods/search?q=brand%2012%20test&limit=3")).json;
    expect(byBrand.items[0].name).toBe("Test product 12");
    // everyday catalogue queries still find the catalogue food first
    expect((await t.call("GET", "/api/v1/foods/search?q=banana&limit=1")).json.items[0].name).toBe("Bananas, raw");
  });
});
