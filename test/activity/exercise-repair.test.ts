/**
 * Exercises stored past the limits typed ones obey, before round 4 held computed values to them (150 kg running for
 * 24 h stored 28,800 kcal, and the account's own export then refused to import): the next start repairs them,
 * clamped, flagged in the note and logged for sync; a start after that changes nothing. On SQLite and, with
 * MORSEL_TEST_DATABASE=postgres, PostgreSQL. The rows are stored the old way, with SQL, as the old code left them.
 */
import { expect, test } from "bun:test";
import { makeApp, signedIn } from "../helpers";

const TODAY = "2026-11-24";

test("a start repairs exercises past the limits (kcal, minutes, distance), once; the export then imports", async () => {
  const t = makeApp();
  t.clock.set(`${TODAY}T18:00:00Z`);
  const u = await signedIn(t, { timezone: "UTC" });
  await u.api("PUT", "/weights/2026-11-20", { kg: 150 });
  const ok = await u.api("POST", "/exercises", { activity: "run-9.7", minutes: 30 });
  expect(ok.status).toBe(201);
  const stamp = `${TODAY}T10:00:00.000Z`;
  const insert = (id: string, minutes: number, km: number | null, kcal: number, note: string | null) =>
    t.sql(
      `INSERT INTO exercises (id, user_id, date, start_time, activity, name, minutes, distance_km, kcal, kcal_from, met,
       sets, reps, source, source_id, note, created_at, updated_at)
       VALUES (?, ?, ?, NULL, 'run-general', 'Running', ?, ?, ?, 'computed', 8, NULL, NULL, 'manual', NULL, ?, ?, ?)`,
      id,
      u.user.id,
      TODAY,
      minutes,
      km,
      kcal,
      note,
      stamp,
      stamp,
    );
  const big = "0190a000-0000-7000-8000-000000000001";
  const long = "0190a000-0000-7000-8000-000000000002";
  await insert(big, 1440, null, 28_800, "x".repeat(200));
  await insert(long, 3000, 1500, 9_000, null);
  // the old server's export: refused on import into an empty account elsewhere (the bug the repair answers)
  const other = makeApp();
  other.clock.set(`${TODAY}T18:00:00Z`);
  const fresh = await signedIn(other, { timezone: "UTC" });
  const before = await u.api("GET", "/export");
  expect((await fresh.api("POST", "/import", before.json)).status).toBe(400);

  // a new start on the same database
  const t2 = makeApp({ beside: t });
  await t2.started();
  const call = (method: string, path: string, body?: unknown) =>
    t2.call(method, `/api/v1${path}`, { token: u.access_token, body });
  const list = (await call("GET", `/exercises?from=${TODAY}&to=${TODAY}`)).json.items as {
    id: string;
    kcal: number;
    minutes: number;
    distance_km: number | null;
    note: string | null;
    updated_at: string;
  }[];
  const byId = new Map(list.map((e) => [e.id, e]));
  expect(byId.get(big)).toMatchObject({ kcal: 10_000, minutes: 1440, distance_km: null });
  expect(byId.get(big)!.note).toHaveLength(200);
  expect(byId.get(big)!.note).toContain("was kcal 28800");
  expect(byId.get(long)).toMatchObject({ kcal: 9_000, minutes: 1440, distance_km: 1000 });
  expect(byId.get(long)!.note).toContain("was minutes 3000, distance_km 1500");
  expect(byId.get(ok.json.id)).toMatchObject({ kcal: ok.json.kcal, note: null }); // within the limits: untouched
  // logged for sync: a device pulling gets the clamped figures
  const changes = (await call("GET", "/sync/changes")).json.changes as {
    entity: string;
    data: { id: string; kcal: number } | null;
  }[];
  expect(changes.find((c) => c.entity === "exercise" && c.data?.id === big)?.data?.kcal).toBe(10_000);
  // the account's export now imports back
  const exported = (await call("GET", "/export")).json;
  const into = await fresh.api("POST", "/import", exported);
  expect(into.status).toBe(200);

  // idempotent: another start changes nothing
  const t3 = makeApp({ beside: t });
  await t3.started();
  const again = (await t3.call("GET", `/api/v1/exercises?from=${TODAY}&to=${TODAY}`, { token: u.access_token })).json
    .items as typeof list;
  expect(again).toEqual(list);
  const pulled = (await t3.call("GET", "/api/v1/sync/changes", { token: u.access_token })).json.changes;
  expect(pulled).toEqual(changes);
});
