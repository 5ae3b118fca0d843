/**
 * `morsel backup PATH` and `morsel restore PATH`. Backup is SQLite's VACUUM INTO: a consistent
 * copy taken inside one read transaction, so the server keeps serving (WAL lets its writes go
 * on) and the copy holds exactly the commits before it started. Restore checks the file, keeps
 * the current database beside it, swaps the file in and applies any newer migrations. Stop the
 * server before a restore.
 */
import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, renameSync, rmSync } from "node:fs";
import { openDatabase } from "./client";

export interface DbSummary {
  users: number;
  meals: number;
  customFoods: number;
  integrity: string;
}

/** Opens a database file read-only and checks it is a sound Morsel database. */
export function inspect(path: string): DbSummary {
  const db = new Database(path, { readonly: true });
  try {
    const integrity = (db.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
    const tables = new Set(
      (db.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name),
    );
    for (const t of ["users", "meals", "custom_foods", "__drizzle_migrations"]) {
      if (!tables.has(t)) throw new Error(`${path} is not a Morsel database (no ${t} table)`);
    }
    const n = (sql: string) => (db.query(sql).get() as { n: number }).n;
    return {
      users: n("SELECT count(*) AS n FROM users"),
      meals: n("SELECT count(*) AS n FROM meals"),
      customFoods: n("SELECT count(*) AS n FROM custom_foods"),
      integrity,
    };
  } finally {
    db.close();
  }
}

export function backup(livePath: string, target: string): DbSummary {
  if (!existsSync(livePath)) throw new Error(`no database at ${livePath}`);
  if (existsSync(target)) throw new Error(`${target} exists already; choose a new file name`);
  const db = new Database(livePath);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.query("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  const s = inspect(target);
  if (s.integrity !== "ok") throw new Error(`the backup failed its integrity check: ${s.integrity}`);
  return s;
}

export function restore(
  source: string,
  livePath: string,
  now = new Date(),
): { summary: DbSummary; previous: string | null } {
  const s = inspect(source);
  if (s.integrity !== "ok")
    throw new Error(`${source} failed its integrity check (${s.integrity}); nothing was changed`);
  const staged = `${livePath}.restoring`;
  copyFileSync(source, staged);
  let previous: string | null = null;
  if (existsSync(livePath)) {
    previous = `${livePath}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    // fold the live WAL into the file we keep, so the kept copy is complete on its own
    const live = new Database(livePath);
    live.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    live.close();
    renameSync(livePath, previous);
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(`${livePath}${suffix}`, { force: true });
  renameSync(staged, livePath);
  openDatabase(livePath).$client.close(); // brings an older backup up to this version's schema
  return { summary: inspect(livePath), previous };
}
