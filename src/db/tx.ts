import type { Db } from "./client";

/**
 * Runs `fn` in a transaction on the database's one connection. bun:sqlite turns a nested call into
 * a savepoint, so a service can be called alone (REST) or inside a sync push's batch transaction.
 *
 * BEGIN IMMEDIATE takes the write lock first. A deferred BEGIN reads first and upgrades later, and
 * when another process (`morsel import-off`, `user reset-password`) committed in between, SQLite
 * fails the upgrade at once with SQLITE_BUSY instead of waiting out busy_timeout.
 */
export function inTx<T>(db: Db, fn: () => T): T {
  return db.$client.transaction(fn).immediate();
}

/** Rows a drizzle `.run()` changed: bun:sqlite returns them, drizzle's bun-sqlite types say void. */
export function changes(result: unknown): number {
  return (result as { changes: number }).changes;
}
