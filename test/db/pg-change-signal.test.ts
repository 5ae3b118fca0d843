/**
 * "The database changed" across processes on PostgreSQL (db/pg/change-signal.ts): two pools stand
 * for two Morsel processes on one database. A commit through one moves the other's stamp; a
 * rollback does not; a dropped listening connection moves it too (notifications may have been lost).
 */
import { describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { CHANGED_CHANNEL, PgChangeSignal } from "../../src/db/pg/change-signal";
import { until } from "../helpers";
import { postgresForFile } from "../pg";

const { fresh: freshPostgres, closeBeforeDrop } = postgresForFile();

async function morselProcess(url: string) {
  const sql = new SQL(url, { max: 2 });
  const signal = await PgChangeSignal.start(sql);
  closeBeforeDrop(async () => {
    await signal.stop();
    await sql.close();
  });
  return { sql, signal };
}

describe("the change signal between processes", () => {
  test("a commit in one process moves the other's stamp; a rollback does not; its own commit moves its own at once", async () => {
    const url = await freshPostgres();
    const one = await morselProcess(url);
    const two = await morselProcess(url);
    await one.sql`CREATE TABLE t (v int)`;

    // every notice on the channel, as a third connection receives them
    const heard: string[] = [];
    const listener = await one.sql.listen(CHANGED_CHANNEL, (payload) => heard.push(payload));
    closeBeforeDrop(() => listener.unlisten());
    const before = two.signal.stamp();
    await one.sql
      .begin(async (tx) => {
        await tx`INSERT INTO t VALUES (1)`;
        await tx.notify(CHANGED_CHANNEL); // what the tables' trigger sends (drizzle-pg/0001_change_signal.sql)
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    // a commit after the rollback: notices arrive in commit order, so the rolled-back one would be first
    await one.sql.begin((tx) => tx.notify(CHANGED_CHANNEL, "after"));
    await until(() => heard.includes("after"));
    expect(heard).toEqual(["after"]);
    await until(() => two.signal.stamp() > before);
    expect(two.signal.stamp()).toBe(before + 1);

    const own = one.signal.stamp();
    await one.sql.begin(async (tx) => {
      await tx`INSERT INTO t VALUES (2)`;
      await tx.notify(CHANGED_CHANNEL);
    });
    one.signal.committed();
    expect(one.signal.stamp()).toBeGreaterThan(own);
    await until(() => two.signal.stamp() === before + 2);
  });

  test("when the listening connection drops, the stamp moves once it is back", async () => {
    const url = await freshPostgres();
    const one = await morselProcess(url);
    const admin = await morselProcess(url);
    const before = one.signal.stamp();
    const killed = await admin.sql<{ ok: boolean }[]>`
      SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
      WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`;
    expect(killed.length).toBeGreaterThan(0);
    await until(() => one.signal.stamp() > before);
    // and it listens again: a commit elsewhere reaches it
    const after = one.signal.stamp();
    await admin.sql.begin((tx) => tx.notify(CHANGED_CHANNEL));
    await until(() => one.signal.stamp() > after);
  });
});
