/**
 * COMMIT sent behind a write's final statement (db/pg/store.ts, db/q.ts Leaf `final`): when that statement fails,
 * COMMIT rolls the batch back and it runs again with savepoints, so its neighbours still commit once each; when it
 * succeeds and the work throws after it (a 404 when nothing matched), the batch has committed and that write
 * alone gets its error, without the batch running again; a database step after it is refused.
 */
import { describe, expect, test } from "bun:test";
import { GroupCommit } from "../../src/db/group-commit";
import { PgChangeSignal } from "../../src/db/pg/change-signal";
import { openPostgres } from "../../src/db/pg/client";
import { PgStore } from "../../src/db/pg/store";
import { pgRaw, rows, type Leaf, type Q } from "../../src/db/q";
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

/** A statement as a final step (its text sent before its first await, as the Leaf asks). */
function* finalStep(text: string, params: unknown[]): Q<number> {
  const leaf: Leaf = {
    sqlite: () => 0,
    pg: async (db, _t, wrote) => (await pgRaw(db, text, params, wrote)).count,
    final: true,
  };
  return (yield leaf) as number;
}
const INSERT = "INSERT INTO users (email, password_hash, name, created_at, updated_at) VALUES (?, 'x', 'T', ?, ?)";
const addUser = (email: string) => finalStep(INSERT, [email, NOW, NOW]);
const emails = () => rows<{ email: string }>("SELECT email FROM users ORDER BY email");

describe("COMMIT behind a final statement", () => {
  test("the last write's final statement fails: the batch runs again with savepoints, its neighbours commit once", async () => {
    const s = await store(await fresh());
    await s.run(addUser("taken@example.com"));
    const commits = new GroupCommit(s);
    const results = await Promise.allSettled([
      commits.run(() => addUser("a@example.com")),
      commits.run(() => addUser("b@example.com")),
      commits.run(() => addUser("taken@example.com")), // the unique email, with COMMIT behind it
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    const all = (await s.run(emails())).map((r) => r.email);
    expect(all).toEqual(["a@example.com", "b@example.com", "taken@example.com"]);
  });

  test("the final statement wrote nothing and the work throws: that write's error alone, the batch committed once", async () => {
    const s = await store(await fresh());
    const commits = new GroupCommit(s);
    const results = await Promise.allSettled([
      commits.run(() => addUser("a@example.com")),
      commits.run(function* () {
        const n = yield* finalStep("UPDATE users SET name = 'U' WHERE email = ?", ["nobody@example.com"]);
        if (n === 0) throw new Error("no such user");
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain("no such user");
    expect((await s.run(emails())).map((r) => r.email)).toEqual(["a@example.com"]);
    expect(commits.stats).toEqual({ batches: 1, writes: 2, largest: 2 });
  });

  test("a lone final write commits; a step after COMMIT went out is refused", async () => {
    const s = await store(await fresh());
    const commits = new GroupCommit(s);
    expect(await commits.run(() => addUser("a@example.com"))).toBe(1);
    const after = commits.run(function* () {
      yield* addUser("b@example.com");
      yield* addUser("c@example.com");
    });
    await expect(after).rejects.toThrow("after its write's final statement");
  });
});
