/**
 * The PostgreSQL database layer on a real server: migrations from drizzle-pg/ apply once even when
 * several processes start together, id ranges match SQLite's, and the change feed (db/change-log.ts,
 * run by the PostgreSQL store) hands out changes in commit order when transactions commit out of seq order.
 */
import { describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as pgSchema from "../../src/db/pg/schema";
import { openPostgres, type PgDb } from "../../src/db/pg/client";
import { ChangeLog } from "../../src/db/change-log";
import { dialect, tx, type Q } from "../../src/db/q";
import { PgChangeSignal } from "../../src/db/pg/change-signal";
import { PgStore } from "../../src/db/pg/store";
import { until as waitFor } from "../helpers";
import { postgresForFile } from "../pg";

const { fresh: freshPostgres, closeBeforeDrop } = postgresForFile();

async function open(url: string): Promise<PgDb> {
  const db = await openPostgres(url, { max: 4 });
  closeBeforeDrop(() => db.$client.close());
  return db;
}
const NOW = new Date("2026-11-25T12:00:00Z");
/** Every migration in drizzle-pg/, each recorded once. */
const MIGRATIONS = (await Bun.file("drizzle-pg/meta/_journal.json").json()).entries.length;

async function user(sql: SQL, email: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO users (email, password_hash, name, created_at, updated_at)
    VALUES (${email}, 'x', 'T', ${NOW.toISOString()}, ${NOW.toISOString()}) RETURNING id`;
  return row!.id;
}

describe("PostgreSQL schema and migrations", () => {
  test("several processes starting at once apply the migrations once, and every table is there", async () => {
    const url = await freshPostgres();
    const dbs = await Promise.all([open(url), open(url), open(url)]);
    const sql = dbs[0]!.$client;
    const applied = await sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;
    expect(applied[0].n).toBe(MIGRATIONS);
    const tables = await sql<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;
    const declared = Object.values(pgSchema)
      .filter((v) => is(v, PgTable))
      .map((table) => getTableConfig(table as PgTable).name)
      .sort();
    expect(declared.length).toBeGreaterThan(15);
    expect(tables.map((t) => t.table_name)).toEqual(declared);
    // opening again finds nothing to apply
    await open(url);
    expect((await sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)[0].n).toBe(MIGRATIONS);
  });

  test("custom foods and imported products take SQLite's id ranges; JSON is stored as JSON, as written", async () => {
    const db = await open(await freshPostgres());
    const sql = db.$client;
    const uid = await user(sql, "a@example.com");
    const [food] = await db
      .insert(pgSchema.customFoods)
      .values({
        userId: uid,
        name: "Bread",
        nutrients: { energy_kcal: 120, protein_g: 3.5 },
        createdAt: "x",
        updatedAt: "x",
      })
      .returning();
    expect(food!.id).toBe(1_000_000);
    expect(food!.nutrients).toEqual({ energy_kcal: 120, protein_g: 3.5 });
    // an object, not a JSON string holding one (drizzle's json column with Bun.SQL stored that)
    const [stored] = await sql`SELECT json_typeof(nutrients) AS kind, nutrients::text AS text FROM custom_foods`;
    expect(stored).toEqual({ kind: "object", text: '{"energy_kcal":120,"protein_g":3.5}' });
    const [product] = await sql<{ id: number }[]>`
      INSERT INTO imported_products (gtin, name, nutrients, origin, attribution, updated_at)
      VALUES ('00000000000017', 'Oat drink', '{}', 'off-import', 'ODbL', 'x') RETURNING id`;
    expect(product!.id).toBe(2_000_000_000);
  });

  test("a migration that fails leaves the pool closed and says why", async () => {
    const url = await freshPostgres();
    await expect(openPostgres(url, { migrationsFolder: "/nonexistent" })).rejects.toThrow(/_journal/);
  });
});

/** A store over a fresh database, and the change log on it. */
async function feed(email: string) {
  const db = await open(await freshPostgres());
  const signal = await PgChangeSignal.start(db.$client);
  closeBeforeDrop(() => signal.stop());
  const store = new PgStore(db, signal);
  const uid = await user(db.$client, email);
  return { db, store, log: new ChangeLog(store), uid };
}

/** Work that waits for `p` (a transaction held open until the test lets it go). */
function* until(p: Promise<unknown>): Q<void> {
  yield* dialect({ sqlite: () => undefined, pg: () => p.then(() => undefined) });
}

describe("the change feed on PostgreSQL", () => {
  test("one account's writing transactions take turns, so its seqs commit in order and no cursor passes one that commits later", async () => {
    const { db, store, log, uid } = await feed("b@example.com");
    const recorded = { a: Promise.withResolvers<number>(), b: Promise.withResolvers<number>() };
    const release = { a: Promise.withResolvers<void>(), b: Promise.withResolvers<void>() };
    const write = (k: "a" | "b", id: string) =>
      store.run(
        tx(function* () {
          recorded[k].resolve(yield* log.record(uid, "meal", id, "upsert", { id }, NOW));
          yield* until(release[k].promise);
        }),
      );
    const before = await store.run(log.version(uid));
    const a = write("a", "m1");
    const early = await recorded.a.promise;
    // a second writer (another process's group commit, in production) waits for the first to end
    const b = write("b", "m2");
    await waitFor(
      async () =>
        (
          await db.$client`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`
        )[0].n === 1,
    );
    let bRecorded = false;
    void recorded.b.promise.then(() => (bRecorded = true));
    expect(bRecorded).toBe(false);
    expect(await store.run(log.changesAfter(uid, 0, 100))).toEqual([]); // nothing committed yet
    release.a.resolve();
    await a;
    const late = await recorded.b.promise;
    expect(late).toBeGreaterThan(early);
    // m1 is committed, m2 (a higher seq) may still commit: a pull hands out m1, and m2 comes after it
    expect((await store.run(log.changesAfter(uid, 0, 100))).map((r) => [r.seq, r.entity_id])).toEqual([[early, "m1"]]);
    const between = await store.run(log.version(uid)); // the day-page key moved with the commit
    expect(between).not.toBe(before);
    release.b.resolve();
    await b;
    expect((await store.run(log.changesAfter(uid, early, 100))).map((r) => [r.seq, r.entity_id])).toEqual([
      [late, "m2"],
    ]);
    expect(await store.run(log.version(uid))).not.toBe(between);
  });

  test("a change is logged only inside its write's transaction", async () => {
    const { store, log, uid } = await feed("g@example.com");
    await expect(store.run(log.record(uid, "meal", "x", "upsert", {}, NOW))).rejects.toThrow(
      "inside the write's transaction",
    );
    expect(await store.run(log.changesAfter(uid, 0, 10))).toEqual([]);
  });

  test("a rolled-back write leaves a gap, not a stall", async () => {
    const { store, log, uid } = await feed("c@example.com");
    const refused = store.run(
      tx(function* () {
        yield* log.record(uid, "meal", "gone", "upsert", {}, NOW);
        throw new Error("refused");
      }),
    );
    await expect(refused).rejects.toThrow("refused");
    const kept = await store.run(tx(() => log.record(uid, "meal", "kept", "upsert", { id: "kept" }, NOW)));
    expect((await store.run(log.changesAfter(uid, 0, 100))).map((r) => r.entity_id)).toEqual(["kept"]);
    expect(await store.run(log.current(uid, "meal", "kept"))).toMatchObject({
      seq: kept,
      op: "upsert",
      data: '{"id":"kept"}',
    });
  });

  test("a transaction open elsewhere (another database, or here without touching the log) holds nothing back", async () => {
    const { db, store, log, uid } = await feed("f@example.com");
    const elsewhere = await open(await freshPostgres());
    const held = Promise.withResolvers<void>();
    const started = Promise.withResolvers<void>();
    // each takes a transaction id before the write below, and stays open while the pull runs
    const holders = [elsewhere, db].map((conn, i) =>
      conn.$client.begin(async (t) => {
        if (i === 0) await t`CREATE TABLE IF NOT EXISTS held (x int)`;
        else await t`UPDATE users SET name = name WHERE id = ${uid}`;
        await t`SELECT pg_current_xact_id()`;
        if (i === 1) started.resolve();
        await held.promise;
      }),
    );
    await started.promise;
    const seq = await store.run(tx(() => log.record(uid, "meal", "m1", "upsert", { id: "m1" }, NOW)));
    expect((await store.run(log.changesAfter(uid, 0, 10))).map((r) => r.seq)).toEqual([seq]);
    held.resolve();
    await Promise.all(holders);
  });

  test("tombstones: a record's latest change replaces the earlier one; old ones are purged and remembered", async () => {
    const { db, store, log, uid } = await feed("d@example.com");
    const other = await user(db.$client, "e@example.com");
    await store.run(tx(() => log.record(uid, "meal", "m", "upsert", { v: 1 }, new Date("2026-01-01T00:00:00Z"))));
    const gone = await store.run(
      tx(() => log.record(uid, "meal", "m", "delete", null, new Date("2026-01-02T00:00:00Z"))),
    );
    expect((await store.run(log.changesAfter(uid, 0, 10))).map((r) => [r.seq, r.op])).toEqual([[gone, "delete"]]);
    expect(await store.run(log.deletedElsewhere("meal", "m", other))).toBe(true);
    expect(await store.run(log.deletedElsewhere("meal", "m", uid))).toBe(false);
    await store.run(log.purgeTombstones(uid, NOW, 90));
    expect(await store.run(log.changesAfter(uid, 0, 10))).toEqual([]);
    expect(await store.run(log.purgedThrough(uid))).toBe(gone);
    expect(await store.run(log.purgedThrough(other))).toBe(0);
  });
});
