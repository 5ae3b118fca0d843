/**
 * Upgrading a server from before goal plans (migrations 0008/0009): each user's goals become a plan
 * since always, and their goals sync record takes the new shape, so clients read the same document
 * from GET /goals and from a pull.
 */
import { runSync } from "../../src/db/store";
import { expect, test } from "bun:test";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS_DIR, openDatabase } from "../../src/db/client";
import { getGoals } from "../../src/features/goals/service";
import { tempDir } from "../helpers";

test("goals set before plans existed apply since always after the upgrade, in the API and in sync", () => {
  // the migrations as they were before goal plans (weekday goals with a from date) existed
  const old = join(tempDir(), "drizzle");
  cpSync(MIGRATIONS_DIR, old, { recursive: true });
  const journal = JSON.parse(readFileSync(join(old, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  for (const e of journal.entries.filter((x) => x.idx >= 8)) rmSync(join(old, `${e.tag}.sql`));
  journal.entries = journal.entries.filter((x) => x.idx < 8);
  writeFileSync(join(old, "meta/_journal.json"), JSON.stringify(journal));

  const path = join(tempDir(), "morsel.db");
  const before = openDatabase(path, old).$client;
  const now = "2026-11-20T10:00:00.000Z";
  before.run(
    "INSERT INTO users (id, email, password_hash, name, created_at, updated_at) VALUES (1, 'a@example.org', 'x', 'A', ?, ?), (2, 'b@example.org', 'x', 'B', ?, ?)",
    [now, now, now, now],
  );
  before.run(
    "INSERT INTO goals (user_id, energy_kcal, protein_g, fat_g, carbohydrate_g, updated_at) VALUES (1, 1900, 95, NULL, NULL, ?)",
    [now],
  );
  const oldDoc = { energy_kcal: 1900, protein_g: 95, fat_g: null, carbohydrate_g: null };
  before.run(
    "INSERT INTO sync_log (user_id, entity, entity_id, op, data, changed_at) VALUES (1, 'goals', 'goals', 'upsert', ?, ?)",
    [JSON.stringify(oldDoc), now],
  );
  before.close();

  const after = openDatabase(path);
  const doc = runSync(getGoals(1), after);
  expect(doc).toEqual({ from: null, ...oldDoc, weekdays: {}, schedule: [{ from: null, ...oldDoc, weekdays: {} }] });
  const synced = after.$client
    .query<{ data: string; seq: number }, []>("SELECT data, seq FROM sync_log WHERE user_id = 1 AND entity = 'goals'")
    .get()!;
  expect(JSON.parse(synced.data)).toEqual(doc); // the same document, at the same version
  expect(synced.seq).toBe(1);
  expect(runSync(getGoals(2), after).schedule).toEqual([]); // a user without goals has no plan
  expect(after.$client.query("SELECT name FROM sqlite_master WHERE name = 'goals'").all()).toEqual([]);
  after.$client.close();
});
