/**
 * Group commit (db/group-commit.ts): writes in one event-loop turn share one transaction, each in
 * its own savepoint; a failing write is rolled back alone; a failed COMMIT fails the whole batch and
 * stores nothing; callers hear back only after the COMMIT. Real SQLite files throughout.
 */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { join } from "node:path";
import { GroupCommit } from "../../src/db/group-commit";
import { SqliteStore } from "../../src/db/store";
import type { Q } from "../../src/db/q";

/** Synchronous SQLite work as database work: it runs when the store runs it, inside the batch. */
// biome-ignore lint/correctness/useYield: synchronous by design
function* direct<T>(fn: () => T): Q<T> {
  return fn();
}
import type { Db } from "../../src/db/client";
import { makeApp, registerUser, tempDir } from "../helpers";

function table() {
  const db = new Database(join(tempDir(), "g.db"));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON");
  db.exec(
    "CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE t (x INTEGER UNIQUE, p INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)",
  );
  return db;
}

test("writes of one turn share one commit; a failing one is rolled back alone; each settles after the commit", async () => {
  const db = table();
  const g = new GroupCommit(new SqliteStore({ $client: db } as Db));
  let committedBeforeSettled = true;
  const write = (x: number) =>
    g.run(() =>
      direct(() => {
        db.prepare("INSERT INTO t (x) VALUES (?)").run(x);
        if (x === 3) throw new Error("three is refused");
        return x * 10;
      }),
    );
  const settled = await Promise.allSettled(
    [1, 2, 3, 4, 2].map((x) =>
      write(x).finally(() => {
        // another connection sees the write once its caller hears back: it was committed
        const other = new Database(db.filename, { readonly: true });
        if (!other.prepare("SELECT 1 FROM t WHERE x = 1").get()) committedBeforeSettled = false;
        other.close();
      }),
    ),
  );
  expect(settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual([
    10,
    20,
    "three is refused",
    40,
    expect.stringContaining("UNIQUE constraint failed"),
  ]);
  expect(committedBeforeSettled).toBe(true);
  expect(db.prepare("SELECT x FROM t ORDER BY x").values().flat()).toEqual([1, 2, 4]);
  expect(g.stats).toEqual({ batches: 1, writes: 5, largest: 5 });
  expect(db.inTransaction).toBe(false);
});

test("a COMMIT that fails fails every write of its batch and stores none of them", async () => {
  const db = table();
  const g = new GroupCommit(new SqliteStore({ $client: db } as Db));
  db.exec("INSERT INTO parent VALUES (1)");
  const ok = g.run(() => direct(() => db.prepare("INSERT INTO t (x, p) VALUES (1, 1)").run()));
  // a deferred foreign key is checked at COMMIT, so the whole batch's COMMIT fails
  const orphan = g.run(() => direct(() => db.prepare("INSERT INTO t (x, p) VALUES (2, 99)").run()));
  const results = await Promise.allSettled([ok, orphan]);
  expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  expect(String((results[0] as PromiseRejectedResult).reason)).toContain("FOREIGN KEY");
  expect(db.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 0 });
  expect(db.inTransaction).toBe(false);
  // and the next batch works
  expect(await g.run(() => direct(() => db.prepare("INSERT INTO t (x, p) VALUES (3, 1)").run().changes))).toBe(1);
});

test("through the API: concurrent meal writes with a bad one and a conflicting id each get their own answer", async () => {
  const { call } = makeApp();
  const ana = await registerUser(call);
  const token = ana.access_token;
  const id = crypto.randomUUID();
  const bodies = [
    { id, food_id: 9040, quantity: 100, meal_type: "snack", date: "2026-11-20" },
    { food_id: 9040, quantity: 120, meal_type: "lunch", date: "2026-11-20" },
    { food_id: 424242, quantity: 120, meal_type: "lunch", date: "2026-11-20" },
    { food_id: 9040, quantity: -5, meal_type: "lunch", date: "2026-11-20" },
    { id, food_id: 9003, quantity: 100, meal_type: "snack", date: "2026-11-20" },
    { id, food_id: 9040, quantity: 100, meal_type: "snack", date: "2026-11-20" },
    ...Array.from({ length: 10 }, (_, i) => ({
      food_id: 9003,
      quantity: 50 + i,
      meal_type: "dinner",
      date: "2026-11-20",
    })),
  ];
  const replies = await Promise.all(bodies.map((body) => call("POST", "/api/v1/meals", { token, body })));
  const status = replies.map((r) => r.status);
  expect(status.filter((_, i) => ![0, 4, 5].includes(i))).toEqual([201, 404, 400, ...Array(10).fill(201)]);
  // one id, sent three times at once (twice the same meal, once another): whichever ran first made
  // it; the same meal again is a 200 retry, the other content a 409, whatever the order
  const sameId = [status[0], status[4], status[5]];
  expect(sameId.filter((s) => s === 201)).toHaveLength(1);
  if (status[4] === 201) expect(sameId).toEqual([409, 201, 409]);
  else expect([...sameId].sort()).toEqual([200, 201, 409]);
  const day = await call("GET", "/api/v1/meals/daily?date=2026-11-20", { token });
  expect(day.json.meals).toHaveLength(12);
  expect(day.json.meals.find((m: { id: string }) => m.id === id).food.id).toBe(status[4] === 201 ? 9003 : 9040);
  expect(day.json.meals.filter((m: { id: string }) => m.id === id)).toHaveLength(1);
});
