/**
 * The user database a server runs on: the embedded SQLite file in the data directory (the default),
 * or PostgreSQL (`--database postgres://…`). What differs between them ends here: the services get
 * a Store (db/store.ts) and never ask which one it is.
 */
import { join } from "node:path";
import { maskPassword } from "../config";
import { openDatabase, type Db } from "./client";
import { lockDataDir, type DataDirLock } from "./lock";
import { row, run, type Q } from "./q";
import { SqliteStore, type Store } from "./store";

export interface UserDatabase {
  store: Store;
  /** The SQLite connection, or null on PostgreSQL (file-level work: metrics' file sizes). */
  sqlite: Db | null;
  /** Where the data is, for the start-up log (a URL's password masked). */
  where: string;
  close(): Promise<void>;
}

/**
 * SQLite: the data directory is locked (one server per file; `morsel backup` and the CLI work
 * beside it). PostgreSQL: no lock, since several processes share the database by design; migrations
 * run under an advisory lock (db/pg/client.ts), and a change signal keeps caches true across them.
 */
export async function openUserDatabase(database: string | null, dataDir: string): Promise<UserDatabase> {
  if (database === null) {
    const lock: DataDirLock = lockDataDir(dataDir);
    const db = openDatabase(join(dataDir, "morsel.db"));
    return {
      store: new SqliteStore(db),
      sqlite: db,
      where: db.$client.filename,
      async close() {
        db.$client.close(false);
        lock.release();
      },
    };
  }
  const { openPostgres, PgChangeSignal, PgStore } = await import("./pg");
  const db = await openPostgres(database);
  const signal = await PgChangeSignal.start(db.$client);
  return {
    store: new PgStore(db, signal),
    sqlite: null,
    where: maskPassword(database),
    async close() {
      await signal.stop();
      await db.$client.close();
    },
  };
}

/**
 * The user database for a command at the shell (`morsel user`, `import`, `import-off`), beside a
 * running server or not: no data-dir lock. On PostgreSQL nothing listens: the servers hear its
 * commits through the database's own notifications.
 */
export async function openForCommand(database: string | null, dataDir: string): Promise<UserDatabase> {
  if (database === null) {
    const db = openDatabase(join(dataDir, "morsel.db"));
    return {
      store: new SqliteStore(db),
      sqlite: db,
      where: dataDir,
      async close() {
        db.$client.close(false);
      },
    };
  }
  const { openPostgres, PgChangeSignal, PgStore } = await import("./pg");
  const db = await openPostgres(database, { max: 2 });
  return {
    store: new PgStore(db, new PgChangeSignal()),
    sqlite: null,
    where: maskPassword(database),
    close: () => db.$client.close(),
  };
}

const SECRET_KEY = "jwt_secret";

/**
 * The JWT signing secret kept in the database (PostgreSQL): every process sharing it verifies the
 * same tokens without a shared file. The first process to start generates it; an insert that finds
 * one already there keeps that one.
 */
export function* secretInDatabase(now: Date): Q<{ secret: string; created: boolean }> {
  const fresh = Buffer.from(crypto.getRandomValues(new Uint8Array(64))).toString("base64url");
  const added = yield* run(
    "INSERT INTO server_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING",
    SECRET_KEY,
    fresh,
    now.toISOString(),
  );
  const kept = yield* row<{ value: string }>("SELECT value FROM server_settings WHERE key = ?", SECRET_KEY);
  return { secret: kept!.value, created: added > 0 };
}
