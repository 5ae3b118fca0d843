/**
 * The imported products' text index as search reads it (features/imported/repo.ts): an import leaves
 * it merged into one b-tree (each batch wrote its own, and every search read each of them), and the
 * candidates of a very broad match are the first products in index order, read at once (SQLite and,
 * with MORSEL_TEST_DATABASE=postgres, PostgreSQL).
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { importOff } from "../../src/features/imported/import";
import { ImportedRepo } from "../../src/features/imported/repo";
import { openDatabase } from "../../src/db/client";
import { SqliteStore } from "../../src/db/store";
import { writeFixture } from "../../scripts/gen-off-fixture";
import { makeApp, tempDir } from "../helpers";

test("an import leaves the text index merged: a further merge finds nothing to do", async () => {
  const dir = tempDir();
  const file = await writeFixture(join(dir, "off.jsonl"), { rows: 3000, format: "jsonl", names: "varied" });
  const db = openDatabase(join(dir, "m.db"));
  // 20 products a batch: 140 batches, each of which wrote a b-tree of its own
  const report = await importOff(new SqliteStore(db), file, { batchSize: 20 });
  expect(report.inserted).toBeGreaterThan(2800);
  const changes = () => (db.$client.query("SELECT total_changes() AS n").get() as { n: number }).n;
  const before = changes();
  db.$client.run("INSERT INTO imported_fts(imported_fts, rank) VALUES('merge', -100000)");
  // FTS5's documented test: fewer than 2 changes means there was nothing to merge
  expect(changes() - before).toBeLessThan(2);
  // and the merged index answers as the products say
  const hits = db.$client.query("SELECT count(*) AS n FROM imported_fts WHERE imported_fts MATCH 'granola'").get() as {
    n: number;
  };
  const named = db.$client
    .query(
      "SELECT count(*) AS n FROM imported_products WHERE lower(name || ' ' || coalesce(brand, '')) LIKE '%granola%'",
    )
    .get() as { n: number };
  expect(hits.n).toBe(named.n);
  expect(hits.n).toBeGreaterThan(0);
});

test("a match of more products than are ranked: the first in index order, each with its own name", async () => {
  const t = makeApp();
  const store = await t.store();
  await importOff(store, await writeFixture(join(tempDir(), "off.jsonl"), { rows: 2300, format: "jsonl" }));
  const repo = new ImportedRepo(store);
  // every fixture product is "Test product N": more than the 2,000 that bm25 ranks
  const got = await store.run(repo.searchCandidates('"product"', 200));
  expect(got.length).toBe(60);
  const ids = got.map((c) => c.id);
  expect(new Set(ids).size).toBe(60);
  for (const c of got) {
    expect(c.name).toBe((await store.run(repo.byId(c.id)))!.name);
    expect(c.bm25).toBe(0);
  }
  // SQLite's index is in id order (PostgreSQL's scan order is its own)
  if (store.inProcess) expect(ids).toEqual([...ids].sort((a, b) => a - b));
  // a word no product has: nothing, and no error
  expect(await store.run(repo.searchCandidates('"zzqx"', 200))).toEqual([]);
});
