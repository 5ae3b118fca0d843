/**
 * The PostgreSQL store (db/pg/store.ts) on a real server: group commit's batch keeps a failing
 * write from its neighbours, transactions nest as savepoints, the cache stamp moves with this
 * process's writes and another process's, a prepared query is built once and runs on each call's
 * connection, and the account repository (features/auth/repo.ts),
 * written once for both backends, answers on PostgreSQL as on SQLite.
 */
import { describe, expect, test } from "bun:test";
import { GroupCommit } from "../../src/db/group-commit";
import { PgChangeSignal } from "../../src/db/pg/change-signal";
import { openPostgres } from "../../src/db/pg/client";
import { PgStore } from "../../src/db/pg/store";
import { eq, sql } from "drizzle-orm";
import { dialect, exec, inTransaction, one, prepared, row, rows, tx } from "../../src/db/q";
import { AuthRepo } from "../../src/features/auth/repo";
import { postgresForFile } from "../pg";

const { fresh, closeBeforeDrop } = postgresForFile();
const NOW = "2026-11-25T12:00:00.000Z";

async function store(url: string): Promise<PgStore> {
  const db = await openPostgres(url, { max: 4 });
  const signal = await PgChangeSignal.start(db.$client);
  closeBeforeDrop(async () => {
    await signal.stop();
    await db.$client.close();
  });
  return new PgStore(db, signal);
}

const addUser = (email: string) =>
  one((db, t) =>
    db.insert(t.users).values({ email, passwordHash: "x", name: "T", createdAt: NOW, updatedAt: NOW }).returning(),
  );
const emails = () => rows<{ email: string }>("SELECT email FROM users ORDER BY email");

describe("the PostgreSQL store", () => {
  test("a group-commit batch: a failing write is rolled back alone, its neighbours commit, each gets its answer", async () => {
    const s = await store(await fresh());
    const commits = new GroupCommit(s);
    const results = await Promise.allSettled([
      commits.run(() => addUser("a@example.com")),
      commits.run(function* () {
        yield* addUser("b@example.com");
        throw new Error("b is refused after its insert");
      }),
      commits.run(() => addUser("a@example.com")), // the unique email: refused by the database
      commits.run(() => addUser("c@example.com")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain("b is refused");
    expect((await s.run(emails())).map((r) => r.email)).toEqual(["a@example.com", "c@example.com"]);
    expect(commits.stats).toEqual({ batches: 1, writes: 4, largest: 4 });
  });

  test("in a batch, work that catches its nested transaction's failure keeps what it wrote outside it, and sees the failure once", async () => {
    // a batch first runs without savepoints; this write needs one, so the batch runs again with them
    const s = await store(await fresh());
    const commits = new GroupCommit(s);
    let caught = 0;
    const results = await Promise.allSettled([
      commits.run(() => addUser("before@example.com")),
      commits.run(function* () {
        yield* addUser("outer@example.com");
        try {
          yield* tx(function* () {
            yield* addUser("inner@example.com");
            yield* addUser("before@example.com"); // the unique email: the database refuses it
          });
        } catch {
          caught++;
        }
        yield* addUser("after-catch@example.com");
        return "went on";
      }),
      commits.run(() => addUser("after@example.com")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect((results[1] as PromiseFulfilledResult<unknown>).value).toBe("went on");
    expect(caught).toBe(1);
    expect((await s.run(emails())).map((r) => r.email)).toEqual([
      "after-catch@example.com",
      "after@example.com",
      "before@example.com",
      "outer@example.com",
    ]);
    expect(commits.stats).toEqual({ batches: 1, writes: 3, largest: 3 });
  });

  test("a batch whose writes all succeed commits each once, in order, with its answers", async () => {
    const s = await store(await fresh());
    const commits = new GroupCommit(s);
    const answers = await Promise.all(
      ["d", "e", "f"].map((x) =>
        commits.run(function* () {
          const inside = yield* tx(() => addUser(`${x}@example.com`));
          return `${inside?.email} ${yield* inTransaction()}`;
        }),
      ),
    );
    expect(answers).toEqual(["d@example.com true", "e@example.com true", "f@example.com true"]);
    expect((await s.run(emails())).map((r) => r.email)).toEqual(["d@example.com", "e@example.com", "f@example.com"]);
    expect(commits.stats).toEqual({ batches: 1, writes: 3, largest: 3 }); // the three writes shared one batch
  });

  test("transactions nest as savepoints, and work knows when it is inside one", async () => {
    const s = await store(await fresh());
    const seen = await s.run(
      tx(function* () {
        const outside = yield* inTransaction();
        yield* addUser("kept@example.com");
        try {
          yield* tx(function* () {
            yield* addUser("dropped@example.com");
            throw new Error("inner");
          });
        } catch {}
        return outside;
      }),
    );
    expect(seen).toBe(true);
    expect(await s.run(inTransaction())).toBe(false);
    expect((await s.run(emails())).map((r) => r.email)).toEqual(["kept@example.com"]);
  });

  test("a prepared query is built once and runs on each call's connection: a transaction's, or the pool's", async () => {
    const s = await store(await fresh());
    let builds = 0;
    const byEmail = prepared((db, t) => {
      builds++;
      return db
        .select({ email: t.users.email })
        .from(t.users)
        .where(eq(t.users.email, sql.placeholder("email")));
    });
    const held = Promise.withResolvers<void>();
    const inside = Promise.withResolvers<unknown>();
    const writing = s.run(
      tx(function* () {
        yield* addUser("new@example.com");
        inside.resolve(yield* byEmail.one({ email: "new@example.com" })); // this transaction's own write
        yield* dialect({ sqlite: () => undefined, pg: () => held.promise });
      }),
    );
    expect(await inside.promise).toEqual({ email: "new@example.com" });
    expect(await s.run(byEmail.one({ email: "new@example.com" }))).toBeNull(); // the pool: not committed yet
    held.resolve();
    await writing;
    expect(await s.run(byEmail.all({ email: "new@example.com" }))).toEqual([{ email: "new@example.com" }]);
    expect(builds).toBe(1);
  });

  test("the cache stamp moves with a write of this process at once, and with another process's commit", async () => {
    const url = await fresh();
    const [mine, theirs] = [await store(url), await store(url)];
    const before = mine.stamp();
    await mine.run(exec((db, t) => db.insert(t.serverSettings).values({ key: "k", value: "1", updatedAt: NOW })));
    expect(mine.stamp()).not.toBe(before); // no wait: read-your-writes in this process
    const seen = mine.stamp();
    await theirs.run(tx(() => exec((db, t) => db.update(t.serverSettings).set({ value: "2" }))));
    for (let i = 0; mine.stamp() === seen; i++) {
      if (i > 500) throw new Error("the other process's commit never moved this stamp");
      await Bun.sleep(2);
    }
  });

  test("any write outside a transaction moves this process's stamp at once, an insert returning its row too; a read does not", async () => {
    const db = await openPostgres(await fresh(), { max: 2 });
    closeBeforeDrop(() => db.$client.close());
    // a signal that does not listen: only this process's own writes move it, so nothing races the checks
    const s = new PgStore(db, new PgChangeSignal());
    const moved = async (work: Parameters<PgStore["run"]>[0]) => {
      const before = s.stamp();
      await s.run(work);
      return s.stamp() !== before;
    };
    expect(await moved(addUser("builder@example.com"))).toBe(true);
    expect(
      await moved(row("INSERT INTO server_settings (key, value, updated_at) VALUES ('r', '1', ?) RETURNING key", NOW)),
    ).toBe(true);
    expect(await moved(exec((db, t) => db.update(t.serverSettings).set({ value: "2" })))).toBe(true);
    expect(await moved(emails())).toBe(false);
    expect(await moved(row("SELECT key FROM server_settings"))).toBe(false);
  });

  test("every table announces its writes (the trigger the change signal listens for)", async () => {
    const s = await store(await fresh());
    const missing = await s.run(
      rows<{ table: string }>(
        `SELECT tablename AS "table" FROM pg_tables p WHERE schemaname = 'public' AND NOT EXISTS
           (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = format('%I', p.tablename)::regclass AND g.tgname = 'morsel_changed')`,
      ),
    );
    expect(missing).toEqual([]);
  });

  test("the account repository on PostgreSQL: a session's user, and none once it is revoked", async () => {
    const s = await store(await fresh());
    const repo = new AuthRepo();
    const u = (await s.run(addUser("ann@example.com")))!;
    await s.run(
      repo.createSession({ id: "s1", userId: u.id, refreshJti: "j1", now: NOW, expiresAt: "2027-01-01", device: null }),
    );
    expect(await s.run(repo.userForSession("s1"))).toMatchObject({
      id: u.id,
      email: "ann@example.com",
      weightUnit: "kg",
      graceSince: null,
    });
    expect(await s.run(repo.rotate("s1", "j1", "j2", NOW, "2027-01-02"))).toBe(true);
    expect(await s.run(repo.rotate("s1", "j1", "j3", NOW, "2027-01-02"))).toBe(false);
    expect(await s.run(repo.liveSessionCount(NOW))).toBe(1);
    expect(await s.run(repo.revoke("s1", "logout", NOW, u.id))).toBe(true);
    expect(await s.run(repo.userForSession("s1"))).toBeNull();
    expect(await s.run(repo.liveSessionCount(NOW))).toBe(0);
    expect(await s.run(repo.userCount())).toBe(1);
  });
});
