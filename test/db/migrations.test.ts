/**
 * Opening the SQLite database applies pending migrations (drizzle's migrator), and asks first with
 * one query whether any is pending, so a restart with nothing to apply does not read every
 * migration file. The upgrade itself is tested in test/goals/upgrade-goals.test.ts.
 */
import { expect, test } from "bun:test";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS_DIR, openDatabase } from "../../src/db/client";
import { tempDir } from "../helpers";

function copyOfMigrations(): string {
  const dir = join(tempDir(), "drizzle");
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}
const applied = (path: string) => {
  const db = openDatabase(path);
  const n = db.$client.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()!.n;
  db.$client.close();
  return n;
};

test("a database with every migration applied opens without reading the migration files", () => {
  const path = join(tempDir(), "morsel.db");
  openDatabase(path).$client.close();
  const entries = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")).entries.length;
  expect(applied(path)).toBe(entries);
  // the same journal, but no SQL files: drizzle's migrator would fail on the first missing file
  const journalOnly = copyOfMigrations();
  for (const f of readdirSync(journalOnly)) if (f.endsWith(".sql")) rmSync(join(journalOnly, f));
  const db = openDatabase(path, journalOnly);
  expect(db.$client.query("SELECT count(*) AS n FROM users").get()).toEqual({ n: 0 });
  db.$client.close();
  expect(applied(path)).toBe(entries);
});

test("a migration newer than the last applied one is applied at the next open", () => {
  const path = join(tempDir(), "morsel.db");
  openDatabase(path).$client.close();
  const next = copyOfMigrations();
  const journalPath = join(next, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Record<string, unknown>[] };
  const last = journal.entries.at(-1)! as { idx: number; when: number };
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: "9999_test_note" });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(join(next, "9999_test_note.sql"), "CREATE TABLE test_note (id integer PRIMARY KEY);");
  const db = openDatabase(path, next);
  expect(db.$client.query("SELECT name FROM sqlite_master WHERE name = 'test_note'").get()).toEqual({
    name: "test_note",
  });
  db.$client.close();
});

test("a folder without a journal is refused as drizzle refuses it", () => {
  const empty = join(tempDir(), "none");
  expect(() => openDatabase(join(tempDir(), "morsel.db"), empty)).toThrow(/_journal\.json/);
});
