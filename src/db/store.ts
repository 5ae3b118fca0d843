/**
 * A Store runs database work (db/q.ts) on one backend. The services hold a Store and never ask
 * which one it is; the SQLite store is here, PostgreSQL's in db/pg/store.ts.
 *
 * SQLite runs work synchronously: every step at once on the one connection, so `run` returns the
 * value itself and a request that only reads never waits on a promise (bench:hot).
 */
import type { Database, Statement } from "bun:sqlite";
import type { Db } from "./client";
import type { Q, Step } from "./q";
import type * as Schema from "./schema";

/**
 * drizzle's tables (db/schema.ts), loaded by the first step that reads one instead of at start: building
 * them is the largest single piece of a start's module loading (~8 ms of CPU of ~50, bench:binary), and
 * the queries a start and its first /healthz run are raw SQL. A step gets the module itself once loaded;
 * before that a stand-in that loads it on the first table read.
 */
let tables: typeof Schema | undefined;
/** drizzle's tables, loaded now if no query has yet. */
export const loadTables = (): typeof Schema => (tables ??= require("./schema") as typeof Schema);
const tablesOnFirstRead = new Proxy({} as typeof Schema, {
  get: (_, key) => Reflect.get(loadTables(), key),
  has: (_, key) => Reflect.has(loadTables(), key),
});

/** A value, or (on PostgreSQL) its promise: `await` takes both. */
export type Awaitable<T> = T | Promise<T>;

/** `f` of the value: at once when it is one (SQLite), when its promise settles when it is not (PostgreSQL). */
export function after<T, R>(value: Awaitable<T>, f: (v: T) => R): Awaitable<R> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/** The outcome of one write of a group-commit batch. */
export type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface Store {
  /**
   * The database is a file this process opens (SQLite): a read costs microseconds and is not worth
   * caching around. False on PostgreSQL, a server a round trip away.
   */
  readonly inProcess: boolean;
  /** Runs the work; on SQLite the value itself, on PostgreSQL its promise. */
  run<T>(work: Q<T>): Awaitable<T>;
  /**
   * Moves whenever the database may have changed: any write of this process, any commit of another.
   * Equal stamps: nothing read in between can be stale (db/fresh-map.ts).
   */
  stamp(): string;
  /**
   * Runs the writes in one transaction, each in its own savepoint (a failure rolls back that write
   * alone), and settles once the COMMIT returned. Throws when the transaction itself fails.
   */
  batch(writes: (() => Q<unknown>)[]): Awaitable<Outcome[]>;
}

export class SqliteStore implements Store {
  readonly inProcess = true;
  constructor(readonly db: Db) {}

  run<T>(work: Q<T>): T {
    return runSync(work, this.db);
  }

  stamp(): string {
    return stampOf(this.db.$client);
  }

  batch(writes: (() => Q<unknown>)[]): Outcome[] {
    const c = this.db.$client;
    c.exec("BEGIN IMMEDIATE"); // throws when the write lock cannot be had (busy_timeout ran out)
    const outcomes = writes.map((write): Outcome => {
      try {
        // nested in BEGIN: a savepoint, rolled back alone on a throw
        return { ok: true, value: c.transaction(() => runSync(write(), this.db))() };
      } catch (error) {
        return { ok: false, error };
      }
    });
    try {
      c.exec("COMMIT");
    } catch (e) {
      if (c.inTransaction) c.exec("ROLLBACK");
      throw e;
    }
    return outcomes;
  }
}

/** Runs work to its end on the SQLite connection; a step's error is thrown into the work. */
export function runSync<T>(work: Q<T>, db: Db): T {
  let input: unknown;
  let failed = false;
  for (;;) {
    const next = failed ? work.throw(input) : work.next(input);
    if (next.done) return next.value;
    try {
      input = step(next.value, db);
      failed = false;
    } catch (e) {
      input = e;
      failed = true;
    }
  }
}

function step(s: Step, db: Db): unknown {
  if ("sqlite" in s) return s.sqlite(db, tables ?? tablesOnFirstRead);
  // BEGIN IMMEDIATE takes the write lock first. A deferred BEGIN reads first and upgrades later, and
  // when another process (`morsel import-off`, `user reset-password`) committed in between, SQLite
  // fails the upgrade at once with SQLITE_BUSY instead of waiting out busy_timeout. Nested: a savepoint.
  if ("tx" in s) return db.$client.transaction(() => runSync(s.tx(), db)).immediate();
  if ("account" in s) return undefined; // one writer at a time: every account's writes already take turns
  return db.$client.inTransaction; // the one probe
}

/**
 * What the database has seen: rows this connection changed (total_changes(), which also moves on a
 * write that is rolled back; 0.2 µs) and commits by other connections (data_version: `morsel user
 * disable` at the shell while the server runs). data_version costs ~4 µs, so it is read once per
 * turn of the event loop, shared by every request that turn handles: a commit elsewhere is seen by
 * every request read after it.
 */
interface Watch {
  changes: Statement<{ t: number }, []>;
  version: Statement<{ data_version: number }, []>;
  seen: number;
  fresh: boolean;
}
const watches = new WeakMap<Database, Watch>();
function stampOf(db: Database): string {
  let w = watches.get(db);
  if (!w) {
    w = {
      changes: db.prepare("SELECT total_changes() AS t"),
      version: db.prepare("PRAGMA data_version"),
      seen: 0,
      fresh: false,
    };
    watches.set(db, w);
  }
  if (!w.fresh) {
    w.seen = w.version.get()!.data_version;
    w.fresh = true;
    const watch = w;
    setImmediate(() => (watch.fresh = false));
  }
  return `${w.changes.get()!.t}:${w.seen}`;
}
