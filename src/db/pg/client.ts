/**
 * Opens the user database on PostgreSQL: Bun's built-in client (Bun.SQL) under drizzle, with every
 * pending migration from drizzle-pg/ applied first.
 *
 * Why Bun.SQL and not postgres.js: it ships with the runtime (no dependency, nothing to bundle into
 * the executable), pools connections, runs transactions with savepoints (`begin`, `savepoint`) and
 * LISTEN/NOTIFY (`listen`), which is all the server needs; drizzle has a driver for it
 * (drizzle-orm/bun-sql). postgres.js, whose API it follows, stays the fallback if a gap appears.
 *
 * Several Morsel processes may start at once against one database: migrations run under a
 * session advisory lock, so one applies them and the others wait and then find nothing to do.
 */
import { SQL } from "bun";
import { drizzle, type BunSQLDatabase } from "drizzle-orm/bun-sql";
import { migrate } from "drizzle-orm/bun-sql/migrator";
import { PG_MIGRATIONS } from "../../assets";

/**
 * drizzle over the pool, without its relational query API (`db.query.*`), as on SQLite (db/client.ts):
 * nothing uses it, and with the schema drizzle built a query builder for every table on each
 * transaction it opened (1 % of a PostgreSQL write's CPU, profiled under bench:pg's load).
 */
export type PgDb = BunSQLDatabase & { $client: SQL };

/** The advisory lock key migrations hold (any constant; "morsel" in ASCII). */
const MIGRATION_LOCK = 0x6d6f7273656c;

export async function openPostgres(url: string, options: { migrationsFolder?: string; max?: number } = {}) {
  const client = new SQL(url, { max: options.max ?? 10 });
  const db = drizzle({ client }) as PgDb;
  try {
    const lock = await client.reserve();
    try {
      await lock`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
      await migrate(db, { migrationsFolder: options.migrationsFolder ?? PG_MIGRATIONS });
    } finally {
      await lock`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => undefined);
      lock.release();
    }
  } catch (e) {
    await client.close();
    throw e;
  }
  return db;
}
