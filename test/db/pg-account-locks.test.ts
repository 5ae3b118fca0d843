/**
 * Per-account write ordering on PostgreSQL (db/pg/account-locks.ts): writers of different accounts
 * never wait for each other, one account's take turns, and batches that ask for accounts in opposite
 * orders both commit (no deadlock), on a real server. Every wait here is on a condition (a lock seen
 * waiting in pg_locks, a promise), never on the clock.
 */
import { describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { ChangeLog } from "../../src/db/change-log";
import { PgChangeSignal } from "../../src/db/pg/change-signal";
import { openPostgres } from "../../src/db/pg/client";
import { PgStore } from "../../src/db/pg/store";
import { ACCOUNT_LOCKS } from "../../src/db/pg/account-locks";
import { dialect, run, tx, type Q } from "../../src/db/q";
import { until as waitFor } from "../helpers";
import { postgresForFile } from "../pg";

const { fresh: freshPostgres, closeBeforeDrop } = postgresForFile();
const NOW = new Date("2026-11-25T12:00:00Z");

async function user(sql: SQL, email: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO users (email, password_hash, name, created_at, updated_at)
    VALUES (${email}, 'x', 'T', ${NOW.toISOString()}, ${NOW.toISOString()}) RETURNING id`;
  return row!.id;
}

/** A store over a fresh database with two accounts, as each of two processes would open it. */
async function twoAccounts() {
  const url = await freshPostgres();
  const open = async () => {
    const db = await openPostgres(url, { max: 4 });
    const signal = await PgChangeSignal.start(db.$client);
    closeBeforeDrop(async () => {
      await signal.stop();
      await db.$client.close();
    });
    const store = new PgStore(db, signal);
    return { db, store, log: new ChangeLog(store) };
  };
  const one = await open();
  const two = await open(); // another process: its own pool
  const a = await user(one.db.$client, "a@example.com");
  const b = await user(one.db.$client, "b@example.com");
  return { one, two, a, b };
}

/** Work that waits for `p` (a transaction held open until the test lets it go). */
function* hold(p: Promise<unknown>): Q<void> {
  yield* dialect({ sqlite: () => undefined, pg: () => p.then(() => undefined) });
}

/** Advisory locks some transaction on the database is waiting for. */
async function waiting(sql: SQL): Promise<number> {
  const [r] = await sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
    AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
  return r.n as number;
}

describe("per-account write ordering on PostgreSQL", () => {
  test("a slow transaction of account A does not delay account B's write, from this process or another", async () => {
    const { one, two, a, b } = await twoAccounts();
    const release = Promise.withResolvers<void>();
    const recorded = Promise.withResolvers<number>();
    let aDone = false;
    const slow = one.store
      .run(
        tx(function* () {
          recorded.resolve(yield* one.log.record(a, "meal", "slow", "upsert", { id: "slow" }, NOW));
          yield* hold(release.promise); // A's transaction stays open, its account lock held
        }),
      )
      .then(() => (aDone = true));
    await recorded.promise;
    // B's writes, a batch of this process and a transaction of another, commit while A is held
    const [batched] = await one.store.batch([() => tx(() => one.log.record(b, "meal", "b1", "upsert", {}, NOW))]);
    expect(batched!.ok).toBe(true);
    await two.store.run(tx(() => two.log.record(b, "meal", "b2", "upsert", {}, NOW)));
    expect(aDone).toBe(false);
    expect((await two.store.run(two.log.changesAfter(b, 0, 10))).map((r) => r.entity_id)).toEqual(["b1", "b2"]);
    expect(await two.store.run(two.log.changesAfter(a, 0, 10))).toEqual([]); // A's is not committed yet
    release.resolve();
    await slow;
    expect((await two.store.run(two.log.changesAfter(a, 0, 10))).map((r) => r.entity_id)).toEqual(["slow"]);
  });

  test("a second writer of account A, in another process, waits for the first, then takes a higher seq", async () => {
    const { one, two, a } = await twoAccounts();
    const release = Promise.withResolvers<void>();
    const first = Promise.withResolvers<number>();
    const slow = one.store.run(
      tx(function* () {
        first.resolve(yield* one.log.record(a, "meal", "m1", "upsert", {}, NOW));
        yield* hold(release.promise);
      }),
    );
    const early = await first.promise;
    let late = 0;
    const second = two.store.run(tx(() => two.log.record(a, "meal", "m2", "upsert", {}, NOW))).then((s) => (late = s));
    await waitFor(async () => (await waiting(one.db.$client)) === 1); // it found A busy and waits, holding nothing
    expect(late).toBe(0);
    release.resolve();
    await Promise.all([slow, second]);
    expect(late).toBeGreaterThan(early);
    expect((await one.store.run(one.log.changesAfter(a, 0, 10))).map((r) => r.entity_id)).toEqual(["m1", "m2"]);
  });

  test("batches asking for two accounts in opposite orders both commit: locks are waited for in account order", async () => {
    const { one, two, a, b } = await twoAccounts();
    const release = Promise.withResolvers<void>();
    const firstHeld = Promise.withResolvers<void>();
    const record = (log: ChangeLog, uid: number, id: string) => () =>
      tx(() => log.record(uid, "meal", id, "upsert", { id }, NOW));
    // process one: A, then (once let go) B; process two: B, then A
    const ab = one.store.batch([
      () =>
        tx(function* () {
          yield* one.log.record(a, "meal", "a1", "upsert", {}, NOW);
          firstHeld.resolve();
          yield* hold(release.promise);
        }),
      record(one.log, b, "b1"),
    ]);
    await firstHeld.promise;
    const ba = two.store.batch([record(two.log, b, "b2"), record(two.log, a, "a2")]);
    // two found A held after taking B: it let B go and now waits for A first
    await waitFor(async () => (await waiting(one.db.$client)) === 1);
    release.resolve();
    const outcomes = [...(await ab), ...(await ba)];
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const feedOf = async (uid: number) =>
      (await one.store.run(one.log.changesAfter(uid, 0, 10))).map((r) => r.entity_id);
    expect(await feedOf(a)).toEqual(["a1", "a2"]);
    expect(await feedOf(b)).toEqual(["b1", "b2"]);
  });

  test("a savepoint rolled back gives its account lock back, and the next write of that account takes it again", async () => {
    const { one, two, a } = await twoAccounts();
    // from the other process: could it take A's lock now? (an autocommit statement: let go at once)
    const othersCanTake = () =>
      dialect({
        sqlite: () => false,
        pg: async () => (await two.db.$client`SELECT pg_try_advisory_xact_lock(${ACCOUNT_LOCKS}, ${a}) AS ok`)[0].ok,
      });
    const outcomes = await one.store.batch([
      () =>
        tx(function* () {
          yield* one.log.record(a, "meal", "x", "upsert", {}, NOW);
          throw new Error("refused");
        }),
      () =>
        tx(function* () {
          const before = yield* othersCanTake(); // the refused write's savepoint let A go
          yield* one.log.record(a, "meal", "y", "upsert", {}, NOW);
          return [before, yield* othersCanTake()];
        }),
    ]);
    expect(outcomes).toEqual([
      { ok: false, error: expect.any(Error) },
      { ok: true, value: [true, false] },
    ]);
    expect((await one.store.run(one.log.changesAfter(a, 0, 10))).map((r) => r.entity_id)).toEqual(["y"]);
  });

  test("batches updating the same two rows in opposite orders: PostgreSQL ends one as deadlocked, and it runs again", async () => {
    const { one, two, a, b } = await twoAccounts();
    const release = Promise.withResolvers<void>();
    const firstHeld = Promise.withResolvers<void>();
    // a write that changes its account's row (as an update changes its record) before logging it
    const write = (log: ChangeLog, uid: number, id: string, wait?: Promise<void>) => () =>
      tx(function* () {
        yield* run("UPDATE users SET name = ? WHERE id = ?", id, uid);
        yield* log.record(uid, "meal", id, "upsert", {}, NOW);
        if (wait) {
          firstHeld.resolve();
          yield* hold(wait);
        }
      });
    const ab = one.store.batch([write(one.log, a, "a1", release.promise), write(one.log, b, "b1")]);
    await firstHeld.promise;
    const ba = two.store.batch([write(two.log, b, "b2"), write(two.log, a, "a2")]);
    // two changed B's row and waits for A's, which one holds
    await waitFor(async () => (await rowWaits(one.db.$client)) === 1);
    release.resolve(); // one now wants B's row: a deadlock, which PostgreSQL ends
    const outcomes = [...(await ab), ...(await ba)];
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, true]);
    const feedOf = async (uid: number) =>
      (await one.store.run(one.log.changesAfter(uid, 0, 10))).map((r) => r.entity_id).sort();
    expect(await feedOf(a)).toEqual(["a1", "a2"]);
    expect(await feedOf(b)).toEqual(["b1", "b2"]);
  });
});

/** Transactions on the database waiting for another's row (its transaction id). */
async function rowWaits(sql: SQL): Promise<number> {
  const [r] = await sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'transactionid' AND NOT granted`;
  return r.n as number;
}
