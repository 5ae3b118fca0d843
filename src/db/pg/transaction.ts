/**
 * One writing transaction on a connection of its own, with BEGIN sent ahead of its first statement
 * rather than answered first. Bun.SQL's `begin` waits for BEGIN's answer before it runs the body, a
 * round trip of its own on every transaction; here BEGIN goes out and the first statements (the
 * account lock, the write) follow it on the same connection without waiting, so PostgreSQL runs them
 * in that order and they come back together: a meal write is that one round trip and its COMMIT's
 * (test/db/pg-round-trips.test.ts counts them on the wire).
 *
 * BEGIN is a constant tagged query, so Bun.SQL prepares it once per connection and pipelines it with
 * the prepared statements behind it (a text it sends as a simple query is answered alone first).
 * Savepoints are said by name at each depth; they are only used once something in a batch failed
 * (db/pg/store.ts), so their round trips are not worth saving.
 */
import type { ReservedSQL, SQL } from "bun";
import { drizzle } from "drizzle-orm/bun-sql";
import type { PgDb } from "./client";

const noop = () => {};

export class PgTransaction {
  /** The drizzle handle whose queries run on this transaction's connection (what steps are given). */
  readonly db: PgDb;
  private depth = 0;
  private readonly began: Promise<unknown>;

  private constructor(
    private readonly conn: ReservedSQL,
    generic: boolean,
  ) {
    this.db = drizzle({ client: conn as unknown as SQL }) as PgDb;
    // .then sends it now; its failure is read at `commit` (every statement behind it fails too)
    this.began = conn`BEGIN`.then(noop);
    this.began.catch(noop);
    // generic plans for a group-commit batch's statements: with the default (auto) PostgreSQL planned the
    // placement read and the meal insert again on every execution (a custom plan costs less by its own
    // estimate, so it never switched), most of its CPU per write; an API write's statements are lookups by
    // account, id and date, whose one plan fits every value. Imports and sync pushes keep auto (a tracker
    // import ran slower on generic plans). Sent behind BEGIN, no round trip of its own.
    if (generic) conn`SET LOCAL plan_cache_mode = force_generic_plan`.then(noop, noop);
  }

  /** A connection of the pool, BEGIN on its way; `generic`: its statements on generic plans (see above). */
  static async open(pool: SQL, { generic = false } = {}): Promise<PgTransaction> {
    return new PgTransaction(await pool.reserve(), generic);
  }

  /**
   * Commits; throws when PostgreSQL did not (a transaction a failed statement aborted answers COMMIT
   * with ROLLBACK: that is a failure here, never a silent success).
   */
  async commit(): Promise<void> {
    await this.began;
    const done = (await (this.committing ?? this.conn`COMMIT`)) as { command: string };
    if (done.command !== "COMMIT") throw new Error(`the transaction was not committed (${done.command})`);
  }

  /** COMMIT, sent now behind the statements already sent (a final one: db/pg/store.ts); `commit` reads its answer. */
  commitBehind(): void {
    this.committing = this.conn`COMMIT`.then((r: unknown) => r as { command: string });
    this.committing.catch(noop);
  }
  /** The COMMIT sent behind a final statement, if it was. */
  committing: Promise<{ command: string }> | null = null;

  /** Whether the COMMIT sent behind a final statement committed (false: a statement before it failed, all rolled back). */
  async committedBehind(): Promise<boolean> {
    const done = await this.committing!;
    return done.command === "COMMIT";
  }

  /** Rolls back what is still open (after a failed COMMIT there may be nothing: that is fine). */
  async rollback(): Promise<void> {
    await this.conn`ROLLBACK`.catch(noop);
  }

  /** Gives the connection back to the pool; the transaction is over either way. */
  release(): void {
    this.conn.release();
  }

  /** `body` inside a savepoint: rolled back alone when it throws (the error is thrown on). */
  async savepoint<T>(body: () => Promise<T>): Promise<T> {
    const name = `morsel_sp${++this.depth}`;
    try {
      await this.conn.unsafe(`SAVEPOINT ${name}`);
      let out: T;
      try {
        out = await body();
      } catch (e) {
        await this.conn.unsafe(`ROLLBACK TO SAVEPOINT ${name}`);
        throw e;
      }
      await this.conn.unsafe(`RELEASE SAVEPOINT ${name}`);
      return out;
    } finally {
      this.depth--;
    }
  }
}
