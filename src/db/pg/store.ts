/**
 * The PostgreSQL store: runs database work (db/q.ts) asynchronously on a Bun.SQL pool, each step
 * on the pool or on the transaction it is in, and keeps the cache stamp (db/fresh-map.ts) moving
 * with this process's writes and, through the change signal, every other process's commits.
 *
 * One writing transaction at a time, across every process on the database, as on SQLite: each
 * transaction first takes one advisory lock (WRITER_LOCK), held to its commit. The sync change
 * feed needs it: a write's version (sync_log.seq) is taken inside its transaction, and with writers
 * side by side, A taking seq 9 and B seq 10 and committing first, a pull in between hands out 10
 * without 9 and its cursor passes 9 for good. Taken first, before any row lock, the lock cannot
 * deadlock with them. Group commit keeps it cheap: a transaction carries a whole batch of writes.
 * Reads, and single statements outside a transaction, do not take it.
 */
import { pgClient, type Q, type Step } from "../q";
import type { Outcome, Store } from "../store";
import type { PgChangeSignal } from "./change-signal";
import type { PgDb } from "./client";
import * as schema from "./schema";

/** drizzle's transaction handle: what the steps are given inside one. */
type Tx = Parameters<Parameters<PgDb["transaction"]>[0]>[0];
type Conn = PgDb | Tx;
const noop = () => {};

/** The writers' advisory lock key (any constant; "mwrite" in ASCII). */
export const WRITER_LOCK = 0x6d7772697465;
const writer = (t: Tx) => pgClient(t as unknown as PgDb).unsafe("SELECT pg_advisory_xact_lock($1)", [WRITER_LOCK]);

export class PgStore implements Store {
  readonly inProcess = false;
  constructor(
    readonly db: PgDb,
    readonly signal: PgChangeSignal,
  ) {}

  private readonly wroteAlone = () => this.signal.committed();

  run<T>(work: Q<T>): Promise<T> {
    return this.runOn(work, this.db, false);
  }

  stamp(): string {
    return String(this.signal.stamp());
  }

  async batch(writes: (() => Q<unknown>)[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    try {
      await this.db.transaction(async (tx) => {
        await writer(tx);
        for (const write of writes) {
          try {
            // a savepoint: a failing write is rolled back alone and the transaction goes on
            outcomes.push({ ok: true, value: await tx.transaction((sp) => this.runOn(write(), sp, true)) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      });
    } finally {
      this.signal.committed(); // a failed COMMIT may still have changed nothing; starting over is safe
    }
    return outcomes;
  }

  private async runOn<T>(work: Q<T>, conn: Conn, inTx: boolean): Promise<T> {
    let input: unknown;
    let failed = false;
    for (;;) {
      const next = failed ? work.throw(input) : work.next(input);
      if (next.done) return next.value;
      try {
        input = await this.step(next.value, conn, inTx);
        failed = false;
      } catch (e) {
        input = e;
        failed = true;
      }
    }
  }

  private async step(s: Step, conn: Conn, inTx: boolean): Promise<unknown> {
    // a write outside a transaction has committed once its step returns; inside one, the commit moves it
    if ("pg" in s) return await s.pg(conn as PgDb, schema, inTx ? noop : this.wroteAlone);
    if ("tx" in s) {
      if (inTx) return await conn.transaction((sp) => this.runOn(s.tx(), sp, true));
      try {
        return await conn.transaction(async (t) => {
          await writer(t);
          return this.runOn(s.tx(), t, true);
        });
      } finally {
        this.signal.committed();
      }
    }
    return inTx; // the one probe
  }
}
