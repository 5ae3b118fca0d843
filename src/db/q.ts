/**
 * Database work written once for both backends. A repository or service method is a generator
 * (`Q<T>`) that yields steps and returns its result; a Store runs it (db/store.ts):
 * - on SQLite synchronously, each step at once on the one connection, so a group-commit batch still
 *   runs start to end with nothing in between (db/group-commit.ts) and reads cost what they did;
 * - on PostgreSQL asynchronously, each step awaited on the pool or on the transaction it is in.
 *
 * Write `const x = yield* repo.find(id)` where async code would write `await`. Queries are drizzle
 * builders over the tables handed in (`t`): SQLite's schema or PostgreSQL's, which have the same
 * keys (test/db/pg-schema.test.ts), so one builder serves both. What differs by dialect is said
 * with `dialect({ sqlite, pg })`.
 */
import { entityKind, sql } from "drizzle-orm";
import type { Db } from "./client";
import type { PgDb } from "./pg/client";
import type * as pgSchema from "./pg/schema";
import type * as schema from "./schema";

export type Tables = typeof schema;
export type PgTables = typeof pgSchema;

/**
 * One step of database work, in each dialect. `pg` gets the pool, or the open transaction, and
 * calls `wrote` when it changed rows: outside a transaction, the PostgreSQL store moves its cache
 * stamp at once (inside one, at its commit), so this process reads its own writes.
 */
export interface Leaf {
  sqlite(db: Db, t: Tables): unknown;
  pg(db: PgDb, t: PgTables, wrote: () => void): Promise<unknown>;
  /**
   * The write's last statement: no database step of its work follows, and when its work throws after
   * it, the statement wrote nothing. On PostgreSQL a batch's last write sends COMMIT right behind it
   * (db/pg/store.ts), a round trip saved; `pg` must send its statement before its first await.
   */
  final?: boolean;
}
/** Runs `body` in a transaction (a savepoint inside another). */
export interface TxStep {
  tx: () => Q<unknown>;
}
/** Asks the runner whether the work is inside a transaction. */
export interface ProbeStep {
  probe: "inTransaction";
}
/** Inside a transaction: this account's writes take turns with its other writers (see `ownAccount`). */
export interface AccountStep {
  account: number;
}
export type Step = Leaf | TxStep | ProbeStep | AccountStep;
export type Q<T> = Generator<Step, T, unknown>;

/**
 * drizzle's PostgreSQL INSERT, UPDATE or DELETE builder, told by its entity kind (what drizzle's own
 * `is()` compares) rather than by its class: importing drizzle-orm/pg-core here would load it into
 * every SQLite server's start (db/pg/ is loaded only for a PostgreSQL URL, by db/open.ts).
 */
const PG_WRITES = new Set(["PgInsert", "PgUpdate", "PgDelete"]);
function isPgWrite(query: unknown): boolean {
  for (let c = (query as object | null)?.constructor; c; c = Object.getPrototypeOf(c)) {
    const kind = (c as unknown as Record<symbol, unknown>)[entityKind];
    if (typeof kind === "string" && PG_WRITES.has(kind)) return true;
  }
  return false;
}

/** drizzle's SQLite builders, as the callbacks below build them (PostgreSQL's are awaited instead). */
type Build<B> = (db: Db, t: Tables) => B;
const onPg = (build: Build<unknown>) => async (db: PgDb, t: PgTables, wrote: () => void) => {
  const query = build(db as unknown as Db, t as unknown as Tables);
  const result = await (query as Promise<unknown>);
  if (isPgWrite(query)) wrote(); // once it is done
  return result;
};

/** Every row the query returns. */
export function* all<R>(build: Build<{ all(): R[] }>): Q<R[]> {
  return (yield { sqlite: (db, t) => build(db, t).all(), pg: onPg(build) }) as R[];
}

/** The query's first row, or null. */
export function* one<R>(build: Build<{ get(): R | undefined }>): Q<R | null> {
  return (yield {
    sqlite: (db, t) => build(db, t).get() ?? null,
    pg: async (db, t, wrote) => ((await onPg(build)(db, t, wrote)) as R[])[0] ?? null,
  }) as R | null;
}

/** Runs a write; the number of rows it changed. */
export function* exec(build: Build<{ run(): unknown }>): Q<number> {
  return (yield {
    sqlite: (db, t) => (build(db, t).run() as { changes: number }).changes,
    pg: async (db, t, wrote) => {
      const result = (await onPg(build)(db, t, wrote)) as { count?: number; length: number };
      return result.count ?? result.length;
    },
  }) as number;
}

type Params = Record<string, unknown>;
interface SqlitePrepared<R> {
  all(params?: Params): R[];
  get(params?: Params): R | undefined;
}
interface PgPrepared<R> {
  execute(params?: Params): Promise<R[]>;
}

/**
 * A drizzle query with `sql.placeholder(name)`s, prepared once per SQLite connection: building and
 * preparing one cost ~100 µs a call (bench:hot), more than running it. On PostgreSQL it is built once
 * per process too (its text, parameters and row mapping) and run on the connection of each call: the
 * pool's or the open transaction's.
 */
export function prepared<B extends { prepare(): unknown; all(): unknown[] }>(build: Build<B>) {
  type R = ReturnType<B["all"]>[number];
  const statements = new WeakMap<Db, SqlitePrepared<R>>();
  const statement = (db: Db, t: Tables) => {
    let s = statements.get(db);
    if (!s) statements.set(db, (s = build(db, t).prepare() as SqlitePrepared<R>));
    return s;
  };
  let pgQuery: (PgPrepared<R> & { client: unknown }) | null = null;
  const onPg = (db: PgDb, t: PgTables, params: Params) => {
    pgQuery ??= (
      build(db as unknown as Db, t as unknown as Tables) as unknown as {
        prepare(name: string): PgPrepared<R> & { client: unknown };
      }
    ).prepare("");
    // the built query, on this call's connection (drizzle's bun-sql query reads `client` when it runs)
    const onThis = Object.create(pgQuery) as PgPrepared<R> & { client: unknown };
    onThis.client = pgClient(db);
    return onThis.execute(params);
  };
  return {
    *all(params: Params = {}): Q<R[]> {
      return (yield { sqlite: (db, t) => statement(db, t).all(params), pg: (db, t) => onPg(db, t, params) }) as R[];
    },
    *one(params: Params = {}): Q<R | null> {
      return (yield {
        sqlite: (db, t) => statement(db, t).get(params) ?? null,
        pg: async (db, t) => (await onPg(db, t, params))[0] ?? null,
      }) as R | null;
    },
  };
}

/** Work that is said differently in each dialect (raw SQL, prepared statements). */
export function* dialect<T>(leaf: {
  sqlite: (db: Db, t: Tables) => T;
  pg: (db: PgDb, t: PgTables, wrote: () => void) => Promise<T>;
}): Q<T> {
  return (yield leaf) as T;
}

/** A value as database work, for work that needs no database (the bundled catalogue is read at once). */
// biome-ignore lint/correctness/useYield: nothing to ask the database
export function* value<T>(v: T): Q<T> {
  return v;
}

/** `body` in one transaction: all of it commits, or none (nested: a savepoint). */
export function* tx<T>(body: () => Q<T>): Q<T> {
  return (yield { tx: body }) as T;
}

/** Whether this work runs inside a transaction (its reads may still roll back). */
export function* inTransaction(): Q<boolean> {
  return (yield { probe: "inTransaction" }) as boolean;
}

type Text = string | { sqlite: string; pg: string };
const textOf = (text: Text, b: "sqlite" | "pg") => (typeof text === "string" ? text : text[b]);
type Param = string | number | bigint | boolean | null | Uint8Array;

/** `?` placeholders → `$1…`, once per text (the texts are literals in the code: a small, fixed set). */
const pgTexts = new Map<string, string>();
function pgText(text: string): string {
  let converted = pgTexts.get(text);
  if (converted === undefined) {
    converted = text.split("?").reduce((done, part, i) => (i === 0 ? part : `${done}$${i}${part}`), "");
    pgTexts.set(text, converted);
  }
  return converted;
}

/**
 * The Bun.SQL connection under a drizzle handle: the pool, or the open transaction's (drizzle's
 * bun-sql session keeps it as `client`). Raw SQL goes straight to it with the parameters, as drizzle
 * itself would send it: building the statement through drizzle's SQL chunks was most of a
 * PostgreSQL write's CPU (profiled under bench:pg's load), and the text never changes.
 */
export function pgClient(db: PgDb): PgClient {
  return (db as unknown as { session: { client: PgClient } }).session.client;
}
type PgClient = PgDb["$client"];

/**
 * Raw SQL on PostgreSQL (`?` placeholders): Bun.SQL's result (rows, with the command and the count of
 * rows changed). Sent at once (`.then`, not a later `await`), so what is sent after this call on the
 * same connection (a COMMIT behind a final statement: db/pg/store.ts) goes out behind it.
 */
export function pgRaw(db: PgDb, text: Text, params: readonly unknown[], wrote: () => void) {
  type Result = unknown[] & { command: string; count: number };
  return pgClient(db)
    .unsafe(pgText(textOf(text, "pg")), params as unknown[])
    .then((result: Result) => {
      if (result.command !== "SELECT") wrote();
      return result;
    }) as Promise<Result>;
}

/**
 * Raw SQL, `?` placeholders, in both dialects: one text where it means the same in each, else
 * `{ sqlite, pg }`. SQLite caches the statement (bun:sqlite's query()); PostgreSQL returns int8 and
 * numeric as strings, so its text casts counts and sums (`count(*)::int`).
 */
export function* rows<R>(text: Text, ...params: Param[]): Q<R[]> {
  return (yield {
    sqlite: (db) => db.$client.query(textOf(text, "sqlite")).all(...(params as never[])),
    pg: (db, _t, wrote) => pgRaw(db, text, params, wrote),
  }) as R[];
}

/** The first row of raw SQL (see rows), or null. */
export function* row<R>(text: Text, ...params: Param[]): Q<R | null> {
  return (yield {
    sqlite: (db) => db.$client.query(textOf(text, "sqlite")).get(...(params as never[])) ?? null,
    pg: async (db, _t, wrote) => ((await pgRaw(db, text, params, wrote)) as R[])[0] ?? null,
  }) as R | null;
}

/** Runs a raw SQL write (see rows); the number of rows it changed. */
export function* run(text: Text, ...params: Param[]): Q<number> {
  return (yield {
    sqlite: (db) => db.$client.query(textOf(text, "sqlite")).run(...(params as never[])).changes,
    pg: async (db, _t, wrote) => (await pgRaw(db, text, params, wrote)).count,
  }) as number;
}

/**
 * Inside a transaction: waits until no other transaction holding the same key is open. SQLite's
 * BEGIN IMMEDIATE already lets one writer in at a time; PostgreSQL's writers run side by side, so
 * a check-then-write that must not race (the first account becomes the admin) takes this first.
 */
export function* serialize(key: number): Q<void> {
  yield {
    sqlite: () => undefined,
    pg: (db) => db.execute(sql`SELECT pg_advisory_xact_lock(${key})`),
  };
}

/**
 * Inside a transaction: the account's other writing transactions, in any process, wait for this one to
 * end (outside one, nothing). What a check-then-write of one account and its change feed's order need
 * (db/change-log.ts): on SQLite the one writer already gives it; on PostgreSQL writers of different
 * accounts run side by side and only one account's take turns (db/pg/account-locks.ts). Take it before
 * the check it protects; taking it again in the same transaction costs nothing.
 */
export function* ownAccount(userId: number): Q<void> {
  yield { account: userId };
}

/** Whether a write failed on a unique or primary key, on either backend (drizzle wraps PostgreSQL's error, or not). */
export function isUniqueViolation(e: unknown): boolean {
  const { code, errno } = (e ?? {}) as { code?: unknown; errno?: unknown };
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505") return true;
  if (errno === "23505") return true; // Bun.SQL's own error, unwrapped (raw SQL): its SQLSTATE is the errno
  const cause = (e as { cause?: unknown } | null)?.cause;
  return cause !== undefined && cause !== e && isUniqueViolation(cause);
}

/**
 * Whether a failure is the database's, not the work's: SQLite busy, locked or out of space; a
 * PostgreSQL connection lost, a serialization failure or deadlock, the server short of resources or
 * shutting down (SQLSTATE classes 08, 40, 53, 57, 58). Retrying later can succeed.
 */
export function isTransient(e: unknown): boolean {
  const { code, errno, cause } = (e ?? {}) as { code?: unknown; errno?: unknown; cause?: unknown };
  for (const c of [code, errno]) {
    if (typeof c !== "string") continue;
    if (/^SQLITE_(BUSY|LOCKED|IOERR|FULL|NOMEM|CANTOPEN)/.test(c)) return true;
    if (/^(08|40|53|57|58)[0-9A-Z]{3}$/.test(c) || /^ERR_POSTGRES_(CONNECTION|IDLE|LIFETIME|TLS)/.test(c)) return true;
  }
  return cause !== undefined && cause !== e && isTransient(cause);
}
