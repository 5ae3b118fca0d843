/** Day marks (`Day complete`, API.md §Days) on every path: REST, sync, export and import, the estimate. */
import { describe, expect, test } from "bun:test";
import { addDays } from "../../src/lib/time";
import { expectError, makeApp, registerUser } from "../helpers";

const TODAY = "2026-11-24";
const t = makeApp();
t.clock.set(`${TODAY}T18:00:00Z`);

async function user(app = t) {
  const u = await registerUser(app.call, { timezone: "UTC" });
  const auth = { token: u.access_token };
  return {
    ...u,
    api: (method: string, path: string, body?: unknown) => app.call(method, `/api/v1${path}`, { ...auth, body }),
    push: (mutations: object[]) => app.call("POST", "/api/v1/sync/push", { ...auth, body: { mutations } }),
    pull: async () => (await app.call("GET", "/api/v1/sync/changes?cursor=", auth)).json,
  };
}

describe("REST /days", () => {
  test("mark, read, change, list and unmark a day", async () => {
    const u = await user();
    const put = await u.api("PUT", "/days/2026-11-20", { complete: true });
    expect(put.status).toBe(201);
    expect(put.json).toMatchObject({ date: "2026-11-20", complete: true });
    const again = await u.api("PUT", "/days/2026-11-20", { complete: false });
    expect(again.status).toBe(200);
    expect((await u.api("GET", "/days/2026-11-20")).json).toMatchObject({ date: "2026-11-20", complete: false });
    await u.api("PUT", "/days/2026-11-21", { complete: true });
    const list = (await u.api("GET", "/days?from=2026-11-01&to=2026-11-30")).json;
    expect(list.items.map((d: { date: string; complete: boolean }) => [d.date, d.complete])).toEqual([
      ["2026-11-20", false],
      ["2026-11-21", true],
    ]);
    expect((await u.api("DELETE", "/days/2026-11-20")).status).toBe(204);
    expectError(await u.api("GET", "/days/2026-11-20"), 404, "not_found");
    expectError(await u.api("DELETE", "/days/2026-11-20"), 404, "not_found");
  });

  test("bad input → 400; no token → 401; another account's day → 404 and untouched", async () => {
    const u = await user();
    expectError(await u.api("PUT", "/days/2026-11-20", { complete: "yes" }), 400, "validation_failed");
    expectError(await u.api("PUT", "/days/2026-11-20", {}), 400, "validation_failed");
    expectError(await u.api("PUT", "/days/2026-02-30", { complete: true }), 400, "validation_failed");
    expectError(await u.api("PUT", `/days/${addDays(TODAY, 2)}`, { complete: true }), 400, "validation_failed");
    expectError(await u.api("GET", "/days/not-a-date"), 400, "validation_failed");
    expectError(await t.call("PUT", "/api/v1/days/2026-11-20", { body: { complete: true } }), 401, "missing_token");
    await u.api("PUT", "/days/2026-11-19", { complete: true });
    const other = await user();
    expectError(await other.api("GET", "/days/2026-11-19"), 404, "not_found");
    expectError(await other.api("DELETE", "/days/2026-11-19"), 404, "not_found");
    expect((await other.api("GET", "/days")).json.items).toEqual([]);
    expect((await u.api("GET", "/days/2026-11-19")).json.complete).toBe(true);
  });
});

describe("sync", () => {
  test("a day mark is pushed, pulled, replayed as a duplicate, and deleted; bad data is rejected", async () => {
    const u = await user();
    const id = crypto.randomUUID();
    const mutation = { mutation_id: id, entity: "day", id: "2026-11-18", op: "upsert", base_version: null };
    const r = await u.push([{ ...mutation, data: { complete: true } }]);
    expect(r.status).toBe(200);
    expect(r.json.results[0]).toMatchObject({ status: "applied", current: { date: "2026-11-18", complete: true } });
    expect((await u.push([{ ...mutation, data: { complete: true } }])).json.results[0].status).toBe("duplicate");
    expect((await u.api("GET", "/days/2026-11-18")).json.complete).toBe(true);
    const pulled = await u.pull();
    expect(pulled.changes).toContainEqual(
      expect.objectContaining({
        entity: "day",
        id: "2026-11-18",
        op: "upsert",
        data: expect.objectContaining({ complete: true }),
      }),
    );
    const bad = await u.push([
      {
        mutation_id: crypto.randomUUID(),
        entity: "day",
        id: "2026-11-17",
        op: "upsert",
        base_version: null,
        data: { complete: 1 },
      },
      {
        mutation_id: crypto.randomUUID(),
        entity: "day",
        id: "yesterday",
        op: "upsert",
        base_version: null,
        data: { complete: true },
      },
    ]);
    expect(bad.json.results.map((x: { status: string }) => x.status)).toEqual(["rejected", "rejected"]);
    const version = r.json.results[0].version;
    const del = await u.push([
      {
        mutation_id: crypto.randomUUID(),
        entity: "day",
        id: "2026-11-18",
        op: "delete",
        base_version: version,
        data: null,
      },
    ]);
    expect(del.json.results[0].status).toBe("applied");
    expectError(await u.api("GET", "/days/2026-11-18"), 404, "not_found");
  });
});

describe("export and import", () => {
  test("day marks travel in the JSON export and come back once", async () => {
    const u = await user();
    await u.api("PUT", "/days/2026-11-10", { complete: true });
    await u.api("PUT", "/days/2026-11-11", { complete: false });
    const exported = (await u.api("GET", "/export?format=json")).json;
    expect(exported.days).toEqual([
      { date: "2026-11-10", complete: true },
      { date: "2026-11-11", complete: false },
    ]);
    const v = await user();
    const first = await v.api("POST", "/import", exported);
    expect(first.status).toBe(200);
    expect(first.json.days).toEqual({ added: 2, unchanged: 0 });
    expect((await v.api("GET", "/days?from=2026-11-01&to=2026-11-30")).json.items).toHaveLength(2);
    expect((await v.api("POST", "/import", exported)).json.days).toEqual({ added: 0, unchanged: 2 });
    // a file without days (older exports) imports; a bad mark is named
    const { days: _, checksum: __, ...older } = exported;
    expect((await v.api("POST", "/import", older)).status).toBe(200);
    const bad = await v.api("POST", "/import", { ...older, days: [{ date: "2026-11-12", complete: "no" }] });
    expectError(bad, 400, "validation_failed");
    expect(JSON.stringify(bad.json)).toContain("days.0.complete");
  });
});

describe("the expenditure estimate uses the marks", () => {
  test("too few whole days: the message counts the days left out", async () => {
    const u = await user();
    for (let i = 0; i < 14; i++) {
      const date = addDays(TODAY, -13 + i);
      await u.api("POST", "/meals", { meal_type: "lunch", date, quick_add: { energy_kcal: 2000 } });
      await u.api("PUT", `/weights/${date}`, { kg: 80 });
      // 12 of the 14 days marked incomplete: 2 whole days are too few
      if (i >= 2) await u.api("PUT", `/days/${date}`, { complete: false });
    }
    const e = (await u.api("GET", "/stats/expenditure?days=14")).json;
    expect(e).toMatchObject({ enough_data: false, reason: "not_enough_data", days_used: 2 });
    expect(e.days_left_out.marked_incomplete).toBe(12);
    expect(e.message).toContain("8 more whole logged days");
    expect(e.message).toContain(
      "(12 logged days were left out: partly logged, marked incomplete, or not marked complete)",
    );
  });

  test("days marked complete are the days used; the response counts what was left out and why", async () => {
    const u = await user();
    for (let i = 0; i < 28; i++) {
      const date = addDays(TODAY, -27 + i);
      // every seventh day only breakfast was logged: 500 of the day's 2,000
      const meals = i % 7 === 3 ? [500] : [500, 700, 800];
      for (const kcal of meals)
        await u.api("POST", "/meals", { meal_type: "lunch", date, quick_add: { energy_kcal: kcal } });
      await u.api("PUT", `/weights/${date}`, { kg: 90 - 0.05 * i });
    }
    const unmarked = (await u.api("GET", "/stats/expenditure")).json;
    // today is not over until it is marked: 23 whole days
    expect(unmarked).toMatchObject({ days_used: 23, intake_kcal: 2000 });
    expect(unmarked.days_left_out).toMatchObject({ implausibly_low: 4, today_not_over: 1 });
    // marking: the 4 partial days incomplete, 21 others complete; the last 3 are then left out
    for (let i = 0; i < 28; i++) {
      const date = addDays(TODAY, -27 + i);
      if (i % 7 === 3) await u.api("PUT", `/days/${date}`, { complete: false });
      else if (i < 24) await u.api("PUT", `/days/${date}`, { complete: true });
    }
    const marked = (await u.api("GET", "/stats/expenditure")).json;
    expect(marked).toMatchObject({ enough_data: true, days_used: 21, intake_kcal: 2000 });
    expect(marked.days_left_out).toEqual({
      marked_incomplete: 4,
      not_marked_complete: 2,
      implausibly_low: 0,
      one_entry: 0,
      today_not_over: 1,
    });
  });
});
