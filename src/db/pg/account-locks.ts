/**
 * Per-account ordering on PostgreSQL: one advisory lock per account, held by a writing transaction
 * from the moment it asks (db/q.ts `ownAccount`: the change log's record and version check, a day's
 * meal count) to its commit. Writers of different accounts never wait for each other; one account's
 * take turns, which is all its change feed needs: a seq is taken under the account's lock, and the
 * lock is let go only once the commit is visible, so the account's seqs become visible in order and a
 * pull (`WHERE user_id = ? AND seq > cursor`) never passes one that commits later.
 *
 * Deadlock-free without knowing a transaction's accounts beforehand: a lock asked for mid-transaction
 * is only tried (pg_try_advisory_xact_lock, which never waits). When another transaction holds it, this
 * attempt is rolled back (AccountBusy) and started again with every account it asked for locked first,
 * in account order, before any statement: a transaction waits for an account lock only while it holds
 * nothing else but lower account locks, so no cycle of waits can form (two batches, A then B and B then
 * A, both lock A first). Contention is one account written through two processes at the same moment.
 */
import type { SQL } from "bun";

/** The advisory lock class of accounts ("acct" in ASCII): the lock is (ACCOUNT_LOCKS, user id). */
export const ACCOUNT_LOCKS = 0x61636374;

/** An account lock another transaction holds: this attempt is rolled back and run again. */
export class AccountBusy extends Error {
  constructor(readonly account: number) {
    super(`account ${account} is being written by another transaction; this one starts again`);
  }
}

/** One attempt of one writing transaction: the account locks it holds, and those it asked for. */
export class Turn {
  /** In the order taken; a savepoint rolled back gives back what it took (`rollBackTo`). */
  private readonly held: number[] = [];
  private readonly asked = new Set<number>();
  /** Set once an account lock was busy: the attempt ends in a rollback, whatever the work did with the error. */
  busy = false;

  constructor(private readonly first: readonly number[] = []) {}

  /** Takes the accounts known from earlier attempts, waiting for each, in account order. */
  async lockFirst(sql: SQL): Promise<void> {
    for (const id of this.first) {
      await sql.unsafe("SELECT pg_advisory_xact_lock($1, $2)", [ACCOUNT_LOCKS, id]);
      this.held.push(id);
    }
  }

  /** The account's lock, if this attempt does not hold it: tried; AccountBusy when another transaction has it. */
  async own(sql: SQL, id: number): Promise<void> {
    if (this.held.includes(id)) return;
    this.asked.add(id);
    const [got] = (await sql.unsafe("SELECT pg_try_advisory_xact_lock($1, $2) AS ok", [ACCOUNT_LOCKS, id])) as {
      ok: boolean;
    }[];
    if (got?.ok) {
      this.held.push(id);
      return;
    }
    this.busy = true;
    throw new AccountBusy(id);
  }

  /** Where a savepoint starts, to give back the locks taken inside it if it is rolled back. */
  mark(): number {
    return this.held.length;
  }

  /** PostgreSQL lets go of the locks a rolled-back savepoint took: they are no longer held. */
  rollBackTo(mark: number): void {
    this.held.length = mark;
  }

  /** The next attempt: every account known so far, locked first, in account order. */
  next(): Turn {
    const all = new Set([...this.first, ...this.asked]);
    return new Turn([...all].sort((a, b) => a - b));
  }
}
