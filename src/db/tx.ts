import type { Db } from "./client";

/**
 * Runs `fn` in a transaction on the database's one connection. bun:sqlite turns a nested call into
 * a savepoint, so a service can be called alone (REST) or inside a sync push's batch transaction.
 */
export function inTx<T>(db: Db, fn: () => T): T {
  return db.$client.transaction(fn)();
}
