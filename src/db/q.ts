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
import { is, sql, type SQL } from "drizzle-orm";
import { PgDeleteBase, PgInsertBase, PgUpdateBase } from "drizzle-orm/pg-core";
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
}
/** Runs `body` in a transaction (a savepoint inside another). */
export interface TxStep {
  tx: () => Q<unknown>;
}
/** Asks the runner whether the work is inside a transaction. */
export interface ProbeStep {
  probe: "inTransaction";
}
export type Step = Leaf | TxStep | ProbeStep;
export type Q<T> = Generator<Step, T, unknown>;

/** drizzle's SQLite builders, as the callbacks below build them (PostgreSQL's are awaited instead). */
type Build<B> = (db: Db, t: Tables) => B;
const onPg = (build: Build<unknown>) => async (db: PgDb, t: PgTables, wrote: () => void) => {
  const query = build(db as unknown as Db, t as unknown as Tables);
  const result = await (query as Promise<unknown>);
  if (is(query, PgInsertBase) || is(query, PgUpdateBase) || is(query, PgDeleteBase)) wrote(); // once it is done
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

/** Work that is said differently in each dialect (raw SQL, prepared statements). */
export function* dialect<T>(leaf: {
  sqlite: (db: Db, t: Tables) => T;
  pg: (db: PgDb, t: PgTables, wrote: () => void) => Promise<T>;
}): Q<T> {
  return (yield leaf) as T;
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

/** Raw SQL with `?` placeholders as drizzle SQL, for PostgreSQL (`$1…`, on the pool or the transaction). */
function pgQuery(text: string, params: readonly unknown[]): SQL {
  const parts = text.split("?");
  const chunks: SQL[] = [sql.raw(parts[0]!)];
  for (let i = 1; i < parts.length; i++) chunks.push(sql`${params[i - 1]}`, sql.raw(parts[i]!));
  return sql.join(chunks);
}
/** Raw SQL on PostgreSQL: Bun.SQL's result (rows, with the command and the count of rows changed). */
async function pgRaw(db: PgDb, text: Text, params: readonly unknown[], wrote: () => void) {
  const result = (await db.execute(pgQuery(textOf(text, "pg"), params))) as unknown as unknown[] & {
    command: string;
    count: number;
  };
  if (result.command !== "SELECT") wrote();
  return result;
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

/** Whether a write failed on a unique or primary key, on either backend (drizzle wraps PostgreSQL's error). */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505") return true;
  const cause = (e as { cause?: unknown } | null)?.cause;
  return cause !== undefined && cause !== e && isUniqueViolation(cause);
}
