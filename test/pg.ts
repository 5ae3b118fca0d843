/**
 * Test harness for PostgreSQL: fresh databases on the server at MORSEL_TEST_POSTGRES_URL (default:
 * the local one `bun run test` sets up, scripts/test-postgres.ts), dropped after the file's tests.
 * A server that cannot be reached fails the test with what to do, never skips it.
 *
 * Call `postgresForFile()` at a test file's top level: bun test may run several files in one
 * process, and each file's databases are dropped by that file's own afterAll.
 */
import { SQL } from "bun";
import { afterAll } from "bun:test";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PG_MIGRATIONS } from "../src/assets";
import { masked, reachable, TEST_POSTGRES_URL } from "../scripts/test-postgres";
import { PgChangeSignal } from "../src/db/pg/change-signal";
import { openPostgres } from "../src/db/pg/client";
import { PgStore } from "../src/db/pg/store";

/**
 * The backend the app tests run on: SQLite (the default), or PostgreSQL with
 * MORSEL_TEST_DATABASE=postgres (the test command's second pass, over the API suites): each app gets
 * a fresh database on the test server (test/pg.ts), dropped after the tests it was made for.
 */
export const TEST_BACKEND: "sqlite" | "postgres" =
  process.env.MORSEL_TEST_DATABASE === "postgres" ? "postgres" : "sqlite";

async function connect(): Promise<SQL> {
  const why = await reachable(TEST_POSTGRES_URL);
  if (why !== null) {
    throw new Error(
      `PostgreSQL is not reachable at ${masked(TEST_POSTGRES_URL)} (${why}): ` +
        "run `bun scripts/test-prereqs.ts` as root (it installs and starts Debian's postgresql and makes the test role), " +
        "or point MORSEL_TEST_POSTGRES_URL at a server where that role may create databases",
    );
  }
  return new SQL(TEST_POSTGRES_URL, { max: 2 });
}

export function postgresForFile() {
  const made: string[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  let admin: Promise<SQL> | undefined;
  afterAll(async () => {
    for (const close of closers.splice(0)) await close();
    if (!admin) return;
    const client = await admin;
    for (const name of made) await drop(client, name);
    await client.close();
  });
  return {
    /** A new, empty database; its URL. */
    async fresh(): Promise<string> {
      admin ??= connect();
      const client = await admin;
      const name = `morsel_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
      await client.unsafe(`CREATE DATABASE "${name}"`);
      made.push(name);
      const url = new URL(TEST_POSTGRES_URL);
      url.pathname = `/${name}`;
      return url.toString();
    },
    /** Closes what the test opened (pools, listeners) before its databases are dropped. */
    closeBeforeDrop(close: () => Promise<unknown>): void {
      closers.push(close);
    },
  };
}

let appAdmin: Promise<SQL> | undefined;

/** Takes an advisory lock of the test server's own (not the app's migration lock) for making the template. */
const TEMPLATE_LOCK = 0x6d6f7274706c;
let template: Promise<string> | undefined;

/**
 * A database migrated to this checkout's PostgreSQL migrations, copied for each test app (CREATE DATABASE …
 * TEMPLATE): running the migrations into every fresh database made the PostgreSQL pass spend about 2 s of the
 * server's time per app. Named by a hash of the migration files, so a branch with other migrations makes its own;
 * made once on the server, by the first process that needs it, under a lock, and renamed into place only when
 * migrated, so no process copies a half-made one. Each copy still runs the app's migrate (a no-op here).
 */
function migratedTemplate(admin: SQL): Promise<string> {
  template ??= (async () => {
    const hash = createHash("sha256");
    for (const f of readdirSync(PG_MIGRATIONS)
      .filter((f) => f.endsWith(".sql"))
      .sort())
      hash.update(f).update(readFileSync(join(PG_MIGRATIONS, f)));
    const name = `morsel_test_template_${hash.digest("hex").slice(0, 16)}`;
    const lock = await admin.reserve();
    try {
      await lock`SELECT pg_advisory_lock(${TEMPLATE_LOCK})`;
      const [found] = await lock`SELECT 1 AS one FROM pg_database WHERE datname = ${name}`;
      if (!found) {
        const making = `${name}_making`;
        await lock.unsafe(`DROP DATABASE IF EXISTS "${making}" WITH (FORCE)`);
        await lock.unsafe(`CREATE DATABASE "${making}"`);
        const u = new URL(TEST_POSTGRES_URL);
        u.pathname = `/${making}`;
        const db = await openPostgres(u.toString(), { max: 2 });
        await db.$client.close();
        await lock.unsafe(`ALTER DATABASE "${making}" RENAME TO "${name}"`);
      }
    } finally {
      await lock`SELECT pg_advisory_unlock(${TEMPLATE_LOCK})`.catch(() => undefined);
      lock.release();
    }
    return name;
  })();
  return template;
}

/**
 * A PostgreSQL store over a fresh database (or, given `url`, over that one, as a second process
 * would be), migrated, with its change signal listening: what `morsel serve --database` runs on
 * (db/open.ts). `dispose` closes its pools and drops the database it made.
 */
export async function postgresStore(
  existing?: string,
): Promise<{ store: PgStore; url: string; closePools: () => Promise<void>; dispose: () => Promise<void> }> {
  appAdmin ??= connect();
  const admin = await appAdmin;
  let name: string | null = null;
  let url = existing;
  if (!url) {
    name = `morsel_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
    await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${await migratedTemplate(admin)}"`);
    // a commit does not wait for its WAL flush (a crash of the PostgreSQL server, never a test's, could lose
    // the last commits): what each session sees is unchanged, and the pass waits less on the disk
    await admin.unsafe(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
    const u = new URL(TEST_POSTGRES_URL);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const db = await openPostgres(url, { max: 4 });
  const signal = await PgChangeSignal.start(db.$client);
  const closePools = async () => {
    await signal.stop().catch(() => undefined);
    await db.$client.close().catch(() => undefined);
  };
  return {
    store: new PgStore(db, signal),
    url,
    closePools,
    dispose: async () => {
      await closePools();
      if (name) await drop(admin, name);
    },
  };
}

/**
 * Drops a test database. FORCE ends the connections still open to it; PostgreSQL refuses that while
 * one of them is in the middle of starting (a role it cannot tell yet), so a refusal is tried again.
 */
async function drop(admin: SQL, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      return;
    } catch (e) {
      if (attempt >= 20) throw e;
      await Bun.sleep(50);
    }
  }
}
