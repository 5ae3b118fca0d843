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
import { GoalPlansRepo } from "../../src/features/goals/repo";
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
  const doc = runSync(getGoals({ userId: 1, deps: { goalPlans: new GoalPlansRepo() } }), after);
  // goals in % of energy, net carbs and the balance check came later: the upgraded plan has none of the first two
  const added = {
    protein_pct: null,
    fat_pct: null,
    carbohydrate_pct: null,
    net_carbs: false,
    balance: { macro_kcal: 380, energy_kcal: 1900, difference_kcal: -1520, difference_pct: -80, warning: null },
  };
  const plan = { from: null, ...oldDoc, ...added, weekdays: {} };
  expect(doc).toEqual({ ...plan, schedule: [plan] });
  const synced = after.$client
    .query<{ data: string; seq: number }, []>("SELECT data, seq FROM sync_log WHERE user_id = 1 AND entity = 'goals'")
    .get()!;
  // the same document at the same version, as the upgrade logged it (without the fields added since)
  expect(doc).toMatchObject(JSON.parse(synced.data));
  expect(Object.keys(JSON.parse(synced.data)).sort()).toEqual(
    [...Object.keys(oldDoc), "from", "schedule", "weekdays"].sort(),
  );
  expect(synced.seq).toBe(1);
  expect(runSync(getGoals({ userId: 2, deps: { goalPlans: new GoalPlansRepo() } }), after).schedule).toEqual([]); // a user without goals has no plan
  expect(after.$client.query("SELECT name FROM sqlite_master WHERE name = 'goals'").all()).toEqual([]);
  after.$client.close();
});
