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
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { MIGRATIONS } from "../assets";
import * as schema from "./schema";

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database };

export const MIGRATIONS_DIR = MIGRATIONS;

export function openDatabase(path: string, migrationsFolder = MIGRATIONS_DIR): Db {
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = FULL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  const db = drizzle({ client: sqlite, schema });
  migrate(db, { migrationsFolder });
  return db as Db;
}
