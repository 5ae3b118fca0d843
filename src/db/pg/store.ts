/**
 * The PostgreSQL store: runs database work (db/q.ts) asynchronously on a Bun.SQL pool, each step
 * on the pool or on the transaction it is in, and keeps the cache stamp (db/fresh-map.ts) moving
 * with this process's writes and, through the change signal, every other process's commits.
 *
 * Writing transactions run side by side, in this process (a batch, beside a push's slice) and across
 * processes. What must take turns is one account's writes: the change feed is read per account, and
 * its seqs must become visible in order. Work says so with `ownAccount` (the change log does, for every
 * record), and each transaction takes that account's lock (db/pg/account-locks.ts); an attempt that
 * finds it busy is rolled back and run again with its accounts locked first, in order.
 *
 * A batch first runs without savepoints (`flat`): each write's savepoint, and each savepoint its
 * work opens for a nested `tx`, costs two round trips (a savepoint and its release). Savepoints only
 * matter when something fails, so if anything fails (a statement, or work that throws, caught by its
 * parent or not) that run is rolled back, the failure never reaches the work, and the batch runs again
 * with them, which gives every write its own answer exactly as before. A failure of the transaction
 * itself (BEGIN, COMMIT) is not retried: after a lost COMMIT answer the batch may have committed.
 *
 * In a flat batch the writes of different accounts run side by side (`byAccount`): a batch is one at a
 * time per process, so one after another its N writes cost 2N round trips, and the process's write rate
 * was the inverse of that wait; side by side their statements share round trips (three for the batch:
 * the locks and reads, the writes, COMMIT). One account's writes still run one after another.
 *
 * A transaction is a pooled connection with BEGIN sent ahead of its first statements
 * (db/pg/transaction.ts), so a lone meal write is two round trips: BEGIN, its account lock and its one
 * statement together, then COMMIT. A write whose last statement is marked `final` (db/q.ts Leaf) and
 * that is the last of a batch without savepoints has COMMIT sent right behind that statement, when its
 * account lock is already had: a change (its read, then its write) is two round trips too. If that
 * statement fails, COMMIT rolls the batch back and it runs again with savepoints, as any failure does;
 * if it succeeds, the batch has committed, so what the work then throws is that write's answer alone
 * (a final statement's work throws after it only when it wrote nothing).
 */
import { pgClient, type Q, type Step } from "../q";
import type { Outcome, Store } from "../store";
import { Turn } from "./account-locks";
import type { PgChangeSignal } from "./change-signal";
import type { PgDb } from "./client";
import * as schema from "./schema";
import { PgTransaction } from "./transaction";

/** An open transaction and the account locks of this attempt: what work inside one runs with. */
interface In {
  t: PgTransaction;
  turn: Turn;
  /** In a batch run without savepoints: whether a final statement now takes COMMIT along (nothing else is left). */
  last?: () => boolean;
  /** In a batch run without savepoints: set once one of its writes failed, so the others send nothing more. */
  halt?: { failed: boolean };
}
const noop = () => {};

/** Thrown through a flat batch when anything in it fails: it is rolled back and runs again with savepoints. */
class WithSavepoints extends Error {
  constructor(readonly failure: unknown) {
    super("a write of the batch failed");
  }
}
/** Ends an attempt whose account lock was busy, whatever its work made of the AccountBusy it was given. */
class StartAgain extends Error {}

export class PgStore implements Store {
  readonly inProcess = false;
  constructor(
    readonly db: PgDb,
    readonly signal: PgChangeSignal,
  ) {}

  private readonly wroteAlone = () => this.signal.committed();

  run<T>(work: Q<T>): Promise<T> {
    return this.runOn(work, null);
  }

  stamp(): string {
    return String(this.signal.stamp());
  }

  /**
   * A writing transaction: `body`, run again with its accounts locked first while an attempt finds
   * one busy (db/pg/account-locks.ts). The cache stamp moves after it, committed or not (a failed
   * COMMIT may still have changed nothing; starting over is safe).
   */
  private async writing<T>(body: (inside: In) => Promise<T>, generic = false): Promise<T> {
    let turn = new Turn();
    try {
      for (;;) {
        const attempt = turn;
        const t = await PgTransaction.open(this.db.$client, { generic });
        try {
          await attempt.lockFirst(pgClient(t.db));
          const out = await body({ t, turn: attempt });
          await attempt.settle(); // every lock asked for was had, or this attempt starts again
          if (attempt.busy) throw new StartAgain();
          await t.commit();
          return out;
        } catch (e) {
          await t.rollback();
          if (!attempt.busy && !attempt.deadlocked(e)) throw e;
          turn = attempt.next();
        } finally {
          t.release();
        }
      }
    } finally {
      this.signal.committed();
    }
  }

  async batch(writes: (() => Q<unknown>)[]): Promise<Outcome[]> {
    return (await this.flat(writes)) ?? (await this.withSavepoints(writes));
  }

  /** The batch in one transaction without savepoints; null when anything in it failed (rolled back). */
  private async flat(writes: (() => Q<unknown>)[]): Promise<Outcome[] | null> {
    try {
      return await this.writing(async (inside) => {
        const outcomes: Outcome[] = [];
        const { chains, rest } = byAccount(writes);
        let left = writes.length;
        const halt = { failed: false };
        const run = async (job: Job) => {
          const own: In = { ...inside, last: () => left === 1, halt };
          try {
            outcomes[job.i] = { ok: true, value: await this.runFlat(resumed(job), own) };
          } catch (e) {
            // COMMIT went out behind the final statement: committed, this write's failure is its answer alone
            if (!(e instanceof WithSavepoints) || !inside.t.committing || !(await inside.t.committedBehind())) {
              halt.failed = true;
              throw e;
            }
            outcomes[job.i] = { ok: false, error: e.failure };
          } finally {
            left--;
          }
        };
        // each account's writes in turn, accounts side by side: their statements share round trips
        const settled = await Promise.allSettled(
          chains.map(async (chain) => {
            for (const job of chain) await run(job);
          }),
        );
        const failed = settled.find((r) => r.status === "rejected");
        if (failed) throw failed.reason;
        for (const job of rest) await run(job);
        return outcomes;
      }, true);
    } catch (e) {
      if (e instanceof WithSavepoints) return null;
      throw e;
    }
  }

  /** Work inside a flat batch: a nested `tx` runs inline; any failure ends the run (the work never sees it). */
  private async runFlat<T>(work: Q<T>, inside: In): Promise<T> {
    let input: unknown;
    for (;;) {
      let next: IteratorResult<Step, T>;
      try {
        next = work.next(input);
      } catch (e) {
        throw new WithSavepoints(e);
      }
      if (next.done) return next.value;
      const s = next.value;
      // another write of the batch failed: the run is rolled back, nothing more goes out (it could land after ROLLBACK)
      if (inside.halt?.failed) throw new WithSavepoints(new Error("another write of the batch failed"));
      try {
        input = "tx" in s ? await this.runFlat(s.tx(), inside) : await this.step(s, inside);
      } catch (e) {
        throw e instanceof WithSavepoints ? e : new WithSavepoints(e);
      }
    }
  }

  private async withSavepoints(writes: (() => Q<unknown>)[]): Promise<Outcome[]> {
    return await this.writing(async (inside) => {
      const outcomes: Outcome[] = [];
      for (const write of writes) {
        if (inside.turn.busy) throw new StartAgain(); // rolled back anyway: the rest need not run
        outcomes.push(await this.savepoint(inside, write));
      }
      return outcomes;
    }, true);
  }

  /** A write in its own savepoint: one that fails is rolled back alone and the transaction goes on. */
  private async savepoint(inside: In, write: () => Q<unknown>): Promise<Outcome> {
    const { t, turn } = inside;
    const mark = turn.mark();
    try {
      return { ok: true, value: await t.savepoint(() => this.runOn(write(), inside)) };
    } catch (error) {
      turn.rollBackTo(mark);
      turn.deadlocked(error); // then the whole batch runs again, its accounts locked first
      return { ok: false, error };
    }
  }

  /** Work on the pool (`inside` null) or inside a transaction: a step's failure is thrown into the work. */
  private async runOn<T>(work: Q<T>, inside: In | null): Promise<T> {
    let input: unknown;
    let failed = false;
    for (;;) {
      const next = failed ? work.throw(input) : work.next(input);
      if (next.done) return next.value;
      try {
        input = await this.step(next.value, inside);
        failed = false;
      } catch (e) {
        input = e;
        failed = true;
      }
    }
  }

  private async step(s: Step, inside: In | null): Promise<unknown> {
    const turn = inside?.turn ?? null;
    const conn = inside?.t.db ?? this.db;
    if (turn?.busy) throw new StartAgain(); // work that caught the AccountBusy: this attempt is rolled back anyway
    if (inside?.t.committing) throw new Error("a database step after its write's final statement (db/q.ts Leaf)");
    if ("pg" in s) {
      if (s.final && inside?.last?.() && !turn!.asking) {
        const result = s.pg(conn, schema, noop); // sent before its first await (db/q.ts Leaf)
        result.catch(noop); // when it fails, so does COMMIT: the batch's failure is read there
        inside.t.commitBehind();
        return await result;
      }
      // a write outside a transaction has committed once its step returns; inside one, the commit moves it
      if (!turn?.asking) return await s.pg(conn, schema, turn ? noop : this.wroteAlone);
      // sent right behind the account lock asked for, and answered only if it was had
      const result = s.pg(conn, schema, noop);
      result.catch(noop); // when the lock was not had, its failure (if any) is not the answer
      await turn.settle();
      return await result;
    }
    // neither reads the lock answers still out: the statement after them goes right behind (and a batch's
    // other accounts ask theirs meanwhile)
    if ("account" in s) return turn?.ask(pgClient(conn), s.account);
    if ("probe" in s) return turn !== null;
    await turn?.settle();
    if ("tx" in s) {
      // outside a transaction: a transaction of its own, as a batch's, whose work is this alone (its final
      // statement takes COMMIT along: a bridge's daily value or workout, each written on its own)
      if (!inside) return await this.writing((own) => this.runOn(s.tx(), { ...own, last: () => true }));
      const mark = inside.turn.mark();
      try {
        // never COMMIT inside a savepoint: its release still follows
        return await inside.t.savepoint(() => this.runOn(s.tx(), { ...inside, last: undefined }));
      } catch (e) {
        inside.turn.rollBackTo(mark);
        throw e;
      }
    }
    throw new Error("a database step of no known kind");
  }
}

/** A write of a flat batch: its place in the batch, its work, and the work's first step, taken already. */
interface Job {
  i: number;
  work: Q<unknown>;
  first: IteratorResult<Step, unknown>;
}

/**
 * The batch's writes by the account whose lock their work asks for first (db/q.ts `ownAccount`, before any
 * statement): `chains`, one per account, in arrival order within it; `rest` starts otherwise and runs after
 * them, one at a time. The writes of a batch arrived together, so any order of them is one they could have
 * had; what must not happen is two writes of one account interleaving (a read of one before the other's
 * write), and a chain runs its writes one after another. Taking the first step runs the work's code before
 * it: nothing but ownAccount's argument for the writes that lead with it.
 */
function byAccount(writes: (() => Q<unknown>)[]): { chains: Job[][]; rest: Job[] } {
  const chains = new Map<number, Job[]>();
  const rest: Job[] = [];
  for (const [i, write] of writes.entries()) {
    const work = write();
    let first: IteratorResult<Step, unknown>;
    try {
      first = work.next();
    } catch (e) {
      throw new WithSavepoints(e);
    }
    const job = { i, work, first };
    const account = !first.done && "account" in first.value ? first.value.account : null;
    if (account === null) rest.push(job);
    else chains.set(account, [...(chains.get(account) ?? []), job]);
  }
  return { chains: [...chains.values()], rest };
}

/** A job's work from its first step on (taken already by byAccount). */
function* resumed({ work, first }: Job): Q<unknown> {
  let next = first;
  while (!next.done) next = work.next(yield next.value);
  return next.value;
}
