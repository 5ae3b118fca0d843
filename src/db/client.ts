/**
 * Opens the user database: a real SQLite file, WAL, foreign keys on, and every pending
 * migration from drizzle/ applied before the server answers.
 *
 * Durability: journal_mode=WAL with synchronous=FULL. WAL lets readers run beside the one
 * writer; FULL syncs the WAL on every commit, so an acknowledged write survives a process
 * crash and a power cut (NORMAL would survive the crash but could lose the last commits on
 * power loss, which a home server sees). busy_timeout makes a writer wait instead of failing.
 */
import { Database } from "bun:sqlite";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { MIGRATIONS } from "../assets";

/**
 * drizzle over the connection, without its relational query API (`db.query.*`): nothing uses it,
 * and giving drizzle the schema for it made drizzle walk every table at each open (about 0.5 ms of every
 * start). Queries name their tables (`t.meals`, db/q.ts).
 */
export type Db = BunSQLiteDatabase & { $client: Database };

export const MIGRATIONS_DIR = MIGRATIONS;

export function openDatabase(path: string, migrationsFolder = MIGRATIONS_DIR): Db {
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = FULL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  const db = drizzle({ client: sqlite });
  if (migrationsPending(sqlite, migrationsFolder)) {
    // loaded only when there is something to apply: drizzle's migrator reads and hashes every
    // migration file, and loading it loads node:crypto (together about 2 ms of each start, measured)
    const { migrate } = require("drizzle-orm/bun-sqlite/migrator") as typeof import("drizzle-orm/bun-sqlite/migrator");
    migrate(db, { migrationsFolder });
  }
  return db as Db;
}

/**
 * drizzle's own rule (sqlite-core's dialect.migrate): a migration is applied when its journal time
 * is later than the last applied one's `created_at`. A missing journal or table is left to drizzle
 * (it makes the table, or says the journal is missing).
 */
function migrationsPending(sqlite: Database, folder: string): boolean {
  const journalPath = join(folder, "meta", "_journal.json");
  if (!existsSync(journalPath)) return true;
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { when: number }[] };
  const latest = Math.max(...journal.entries.map((e) => e.when));
  const table = sqlite.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'");
  if (!table.get()) return true;
  const last = sqlite.query("SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1").get() as {
    created_at: number | string;
  } | null;
  return !last || Number(last.created_at) < latest;
}
