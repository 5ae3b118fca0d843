/**
 * A group-commit batch on PostgreSQL runs the writes of different accounts side by side (db/pg/store.ts
 * byAccount): each account's writes one after another, the accounts' statements sharing round trips on the
 * batch's connection. Counted on the wire (test/db/pg-wire.ts): eight writes of eight accounts, each a read
 * under its account's lock and an insert, take 3 round trips in their transaction, where one after another
 * they took 17 (two each and COMMIT). One account's writes never interleave (each reads what the one before
 * it wrote), and a failing write still gets its error alone while its neighbours commit once.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { GroupCommit } from "../../src/db/group-commit";
import { PgChangeSignal } from "../../src/db/pg/change-signal";
import { openPostgres } from "../../src/db/pg/client";
import { PgStore } from "../../src/db/pg/store";
import { ownAccount, row, rows, run, type Q } from "../../src/db/q";
import { postgresForFile } from "../pg";
import { countingProxy } from "./pg-wire";

const { fresh, closeBeforeDrop } = postgresForFile();
const proxy = countingProxy();
afterAll(() => proxy.stop());

async function store(): Promise<PgStore> {
  const direct = await fresh();
  const db = await openPostgres(proxy.url(new URL(direct).pathname.slice(1)), { max: 4 });
  const signal = await PgChangeSignal.start(db.$client);
  closeBeforeDrop(async () => {
    await signal.stop();
    await db.$client.close();
  });
  const s = new PgStore(db, signal);
  await s.run(run("CREATE TABLE entries (account int NOT NULL, n int NOT NULL, UNIQUE (account, n))"));
  return s;
}

/** A write as the diary's are: the account's lock first, a read the write depends on, then the write. */
function* append(account: number): Q<number> {
  yield* ownAccount(account);
  const had = (yield* row<{ n: number }>("SELECT count(*)::int AS n FROM entries WHERE account = ?", account))!.n;
  yield* run("INSERT INTO entries (account, n) VALUES (?, ?)", account, had + 1);
  return had + 1;
}
const all = () => rows<{ account: number; n: number }>("SELECT account, n FROM entries ORDER BY account, n");

describe("a batch's accounts side by side on PostgreSQL", () => {
  test("eight accounts' writes in one batch: 3 round trips in the transaction (17 one after another)", async () => {
    const s = await store();
    const commits = new GroupCommit(s);
    // every statement prepared on each pooled connection (Bun.SQL sends one not yet prepared there only once the
    // connection has nothing outstanding)
    for (let i = 0; i < 4; i++) await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((a) => commits.run(() => append(a))));
    const before = proxy.counts.inTransaction;
    const got = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((a) => commits.run(() => append(a))));
    if (process.env.WIRE_LOG) console.log(proxy.counts.log.slice(-40).join("\n"));
    expect(proxy.counts.inTransaction - before).toBeLessThanOrEqual(3);
    expect(got).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
    expect(commits.stats).toEqual({ batches: 5, writes: 40, largest: 8 });
  });

  test("one account's writes in a batch take turns: each reads the one before it", async () => {
    const s = await store();
    const commits = new GroupCommit(s);
    const accounts = [1, 2, 1, 3, 1, 2, 1, 3];
    const got = await Promise.all(accounts.map((a) => commits.run(() => append(a))));
    expect(got).toEqual([1, 1, 2, 1, 3, 2, 4, 2]);
    expect(commits.stats.batches).toBe(1);
    expect((await s.run(all())).length).toBe(8);
  });

  test("a write that fails: its error alone, every other account's write committed once", async () => {
    const s = await store();
    await s.run(run("INSERT INTO entries (account, n) VALUES (9, 1)"));
    const commits = new GroupCommit(s);
    const clash = function* (): Q<number> {
      yield* ownAccount(9);
      yield* run("INSERT INTO entries (account, n) VALUES (9, 1)"); // the unique (account, n): fails
      return 0;
    };
    const results = await Promise.allSettled([
      commits.run(() => append(1)),
      commits.run(clash),
      commits.run(() => append(2)),
      commits.run(() => append(1)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(await s.run(all())).toEqual([
      { account: 1, n: 1 },
      { account: 1, n: 2 },
      { account: 2, n: 1 },
      { account: 9, n: 1 },
    ]);
  });

  // with plan_cache_mode auto PostgreSQL kept planning the placement read and the meal insert on every execution
  // (a custom plan always looked cheaper by its own estimate); a writing transaction asks for generic ones
  test("a writing transaction's statements are planned once, not on every execution", async () => {
    const s = await store();
    const plans = await s.batch([
      function* () {
        for (let i = 0; i < 8; i++) yield* append(1);
        return yield* row<{ generic: number; custom: number }>(
          `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
           WHERE statement LIKE 'SELECT count(*)::int AS n FROM entries%'`,
        );
      },
    ]);
    expect(plans).toEqual([{ ok: true, value: { generic: 8, custom: 0 } }]);
  });
});
