/**
 * Per-account ordering on PostgreSQL: one advisory lock per account, held by a writing transaction
 * from the moment it asks (db/q.ts `ownAccount`: the change log's record and version check, a day's
 * meal count) to its commit. Writers of different accounts never wait for each other; one account's
 * take turns, which is all its change feed needs: a seq is taken under the account's lock, and the
 * lock is let go only once the commit is visible, so the account's seqs become visible in order and a
 * pull (`WHERE user_id = ? AND seq > cursor`) never passes one that commits later.
 *
 * Deadlock-free without knowing a transaction's accounts beforehand: a lock asked for mid-transaction
 * is only tried (pg_try_advisory_xact_lock, which never waits; asked alongside the statement after it,
 * so it costs no round trip of its own). When another transaction holds it, this
 * attempt is rolled back (AccountBusy) and started again with every account it asked for locked first,
 * in account order, before any statement: a transaction waits for an account lock only while it holds
 * nothing else but lower account locks, so no cycle of waits can form (two batches, A then B and B then
 * A, both lock A first). Contention is one account written through two processes at the same moment.
 */
import type { SQL } from "bun";

/** The advisory lock class of accounts ("acct" in ASCII): the lock is (ACCOUNT_LOCKS, user id). */
export const ACCOUNT_LOCKS = 0x61636374;

/** PostgreSQL's deadlock_detected, on the error or its cause (drizzle wraps the driver's). */
export function isDeadlock(e: unknown): boolean {
  const { code, errno, cause } = (e ?? {}) as { code?: unknown; errno?: unknown; cause?: unknown };
  if (code === "40P01" || errno === "40P01") return true;
  return cause !== undefined && cause !== e && isDeadlock(cause);
}

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
  private pending: { id: number; got: Promise<boolean> }[] = [];
  /** Set once an account lock was busy: the attempt ends in a rollback, whatever the work did with the error. */
  busy = false;

  constructor(private readonly first: readonly number[] = []) {}

  /** Takes the accounts known from earlier attempts, waiting for each, in account order. */
  async lockFirst(sql: SQL): Promise<void> {
    // sent together, run one after another in this order: one round trip
    await Promise.all(this.first.map((id) => sql.unsafe("SELECT pg_advisory_xact_lock($1, $2)", [ACCOUNT_LOCKS, id])));
    this.held.push(...this.first);
  }

  /**
   * Asks for the account's lock, if this attempt does not hold it, without waiting for the answer: the
   * next statement goes right behind the question on the same connection (PostgreSQL runs them in that
   * order, so it starts after the lock is had) and `settle` reads the answer after it. One round trip
   * saved on every write that owns an account.
   */
  ask(sql: SQL, id: number): void {
    if (this.held.includes(id)) return;
    this.asked.add(id);
    // .then sends it now, ahead of whatever is sent after; a lost connection fails the next step too
    const got = sql
      .unsafe("SELECT pg_try_advisory_xact_lock($1, $2) AS ok", [ACCOUNT_LOCKS, id])
      .then((rows: { ok: boolean }[]) => rows[0]?.ok === true)
      .catch(() => false);
    this.pending.push({ id, got });
    this.held.push(id); // until `settle` says otherwise: statements behind it run under it
  }

  /** Reads the answers asked for; AccountBusy when another transaction holds one of those locks. */
  async settle(): Promise<void> {
    while (this.pending.length) {
      const { id, got } = this.pending.shift()!;
      if (await got) continue;
      this.held.splice(this.held.indexOf(id), 1);
      this.busy = true;
      throw new AccountBusy(id);
    }
  }

  /** Whether an answer is still to be read (`settle`). */
  get asking(): boolean {
    return this.pending.length > 0;
  }

  /** Where a savepoint starts, to give back the locks taken inside it if it is rolled back. */
  mark(): number {
    return this.held.length;
  }

  /** PostgreSQL lets go of the locks a rolled-back savepoint took: they are no longer held. */
  rollBackTo(mark: number): void {
    const kept = new Set(this.held.slice(0, mark));
    this.held.length = mark;
    this.pending = this.pending.filter((p) => kept.has(p.id)); // asked inside it: let go with it
  }

  /** The next attempt: every account known so far, locked first, in account order. */
  next(): Turn {
    const all = new Set([...this.first, ...this.asked]);
    const turn = new Turn([...all].sort((a, b) => a - b));
    turn.deadlocks = this.deadlocks;
    return turn;
  }

  /** Deadlocks this transaction met so far (see `deadlocked`). */
  deadlocks = 0;

  /**
   * Whether `e` is PostgreSQL ending this attempt as one side of a deadlock that is worth one more
   * attempt. Row locks still can form one: a write changes its rows before it owns its account (the
   * change log's record comes last), so two batches updating the same two records in opposite
   * orders wait for each other; PostgreSQL ends one after deadlock_timeout (1 s). Run again with its
   * accounts locked first, it waits for the other instead; after three tries the error stands.
   */
  deadlocked(e: unknown): boolean {
    if (!isDeadlock(e) || this.deadlocks >= 3) return false;
    this.deadlocks++;
    this.busy = true;
    return true;
  }
}
