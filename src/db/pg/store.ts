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
 *
 * A batch first runs without savepoints (`flat`): each write's savepoint, and each savepoint its
 * work opens for a nested `tx`, costs two round trips held under the lock (a savepoint and its
 * release), four of a meal's nine. Savepoints only matter when something fails, so if anything
 * fails (a statement, or work that throws, caught by its parent or not) that run is rolled back,
 * the failure never reaches the work, and the batch runs again with them, which gives every write
 * its own answer exactly as before. A failure of the transaction itself (BEGIN, the lock, COMMIT)
 * is not retried: after a lost COMMIT answer the batch may have committed.
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
/** Thrown through a flat batch when anything in it fails: it is rolled back and runs again with savepoints. */
class WithSavepoints extends Error {}

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

  /**
   * A writing transaction: the writer lock first, then `body`; the cache stamp moves after it,
   * committed or not (a failed COMMIT may still have changed nothing; starting over is safe).
   */
  private async writing<T>(body: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(async (tx) => {
        await writer(tx);
        return body(tx);
      });
    } finally {
      this.signal.committed();
    }
  }

  async batch(writes: (() => Q<unknown>)[]): Promise<Outcome[]> {
    return (await this.flat(writes)) ?? (await this.withSavepoints(writes));
  }

  /** The batch in one transaction without savepoints; null when anything in it failed (rolled back). */
  private async flat(writes: (() => Q<unknown>)[]): Promise<Outcome[] | null> {
    const outcomes: Outcome[] = [];
    try {
      await this.writing(async (tx) => {
        for (const write of writes) outcomes.push({ ok: true, value: await this.runFlat(write(), tx) });
      });
    } catch (e) {
      if (e instanceof WithSavepoints) return null;
      throw e;
    }
    return outcomes;
  }

  /** Work inside a flat batch: a nested `tx` runs inline; any failure ends the run (the work never sees it). */
  private async runFlat<T>(work: Q<T>, tx: Tx): Promise<T> {
    let input: unknown;
    for (;;) {
      let next: IteratorResult<Step, T>;
      try {
        next = work.next(input);
      } catch {
        throw new WithSavepoints();
      }
      if (next.done) return next.value;
      const s = next.value;
      try {
        input = "tx" in s ? await this.runFlat(s.tx(), tx) : await this.step(s, tx, true);
      } catch (e) {
        throw e instanceof WithSavepoints ? e : new WithSavepoints();
      }
    }
  }

  private async withSavepoints(writes: (() => Q<unknown>)[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    await this.writing(async (tx) => {
      for (const write of writes) {
        try {
          // a savepoint: a failing write is rolled back alone and the transaction goes on
          outcomes.push({ ok: true, value: await tx.transaction((sp) => this.runOn(write(), sp, true)) });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
    });
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
      // outside a transaction `conn` is the pool (run): a transaction of its own, as a batch's
      if (inTx) return await conn.transaction((sp) => this.runOn(s.tx(), sp, true));
      return await this.writing((t) => this.runOn(s.tx(), t, true));
    }
    return inTx; // the one probe
  }
}
