/** GET /sync/changes and POST /sync/push through the real app (API.md §Sync). */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
const { call, clock } = t;
const uuid = () => crypto.randomUUID();

async function user() {
  const u = await registerUser(call);
  const auth = { token: u.access_token };
  return {
    ...u,
    pull: async (cursor = "", limit = 500) =>
      (await call("GET", `/api/v1/sync/changes?cursor=${encodeURIComponent(cursor)}&limit=${limit}`, auth)).json,
    push: async (mutations: object[]) => call("POST", "/api/v1/sync/push", { ...auth, body: { mutations } }),
    api: (method: string, path: string, body?: unknown) => call(method, `/api/v1${path}`, { ...auth, body }),
  };
}
const meal = (over: object = {}) => ({ food_id: 9040, quantity: 100, meal_type: "snack", date: "2026-11-20", ...over });

describe("pull", () => {
  test("every REST write appears once, at its latest version, oldest first; deletes are tombstones", async () => {
    const u = await user();
    const m1 = (await u.api("POST", "/meals", meal())).json;
    const m2 = (await u.api("POST", "/meals", meal({ quantity: 50 }))).json;
    const food = (await u.api("POST", "/foods", { name: "Bread", nutrients: { energy_kcal: 250 } })).json;
    await u.api("PUT", "/goals", { energy_kcal: 2000 });
    await u.api("PATCH", `/meals/${m1.id}`, { quantity: 120 });
    await u.api("DELETE", `/meals/${m2.id}`);
    const r = await u.pull();
    expect(r.has_more).toBe(false);
    expect(r.changes.map((c: { entity: string; op: string }) => `${c.entity}:${c.op}`)).toEqual([
      "food:upsert",
      "goals:upsert",
      "meal:upsert",
      "meal:delete",
    ]);
    const versions = r.changes.map((c: { version: number }) => c.version);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    const m1c = r.changes.find((c: { id: string }) => c.id === m1.id);
    expect(m1c.data.quantity).toBe(120);
    expect(m1c.data).toEqual((await u.api("GET", `/meals/${m1.id}`)).json);
    expect(r.changes.find((c: { id: unknown }) => c.id === food.id).data.name).toBe("Bread");
    expect(r.changes.find((c: { id: string }) => c.id === m2.id)).toMatchObject({ op: "delete", data: null });
    // nothing new: the same cursor back, no changes
    const again = await u.pull(r.next_cursor);
    expect(again).toEqual({ changes: [], next_cursor: r.next_cursor, has_more: false });
  });

  test("paging with limit never skips or repeats, even with writes between pages from several writers", async () => {
    const u = await user();
    for (let i = 0; i < 25; i++) await u.api("POST", "/meals", meal({ quantity: i + 1 }));
    const seen = new Map<string, number>();
    let cursor = "";
    let pages = 0;
    for (;;) {
      const page = await u.pull(cursor, 4);
      pages++;
      for (const c of page.changes) seen.set(`${c.entity}:${c.id}`, c.version);
      cursor = page.next_cursor;
      // concurrent writers between pages: new meals and edits of already-seen ones
      if (pages < 5) {
        await Promise.all([
          u.api("POST", "/meals", meal({ quantity: 500 + pages })),
          u.api("POST", "/meals", meal({ quantity: 600 + pages })),
        ]);
      }
      if (!page.has_more) break;
    }
    const state = (await u.pull("", 1000)).changes as { entity: string; id: string; version: number }[];
    expect(seen.size).toBe(state.length);
    for (const c of state) expect(seen.get(`${c.entity}:${c.id}`)).toBe(c.version);
  });

  test("a garbage cursor → 400; limit out of range → 400; another user's changes never show", async () => {
    const a = await user();
    const b = await user();
    await a.api("POST", "/meals", meal());
    expect((await b.pull()).changes).toEqual([]);
    expectError(
      await call("GET", "/api/v1/sync/changes?cursor=abc", { token: a.access_token }),
      400,
      "validation_failed",
    );
    expectError(await call("GET", "/api/v1/sync/changes?limit=0", { token: a.access_token }), 400, "validation_failed");
    expectError(
      await call("GET", "/api/v1/sync/changes?limit=1001", { token: a.access_token }),
      400,
      "validation_failed",
    );
  });

  test("a cursor older than the kept tombstones → 410 cursor_expired; an empty cursor still works", async () => {
    const u = await user();
    const m = (await u.api("POST", "/meals", meal())).json;
    const old = (await u.pull()).next_cursor;
    await u.api("DELETE", `/meals/${m.id}`);
    const afterDelete = (await u.pull()).next_cursor;
    clock.advance(91 * 86_400_000);
    const fresh = (await call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } })).json
      .access_token;
    expectError(await call("GET", `/api/v1/sync/changes?cursor=${old}`, { token: fresh }), 410, "cursor_expired");
    expect((await call("GET", `/api/v1/sync/changes?cursor=${afterDelete}`, { token: fresh })).status).toBe(200);
    expect((await call("GET", "/api/v1/sync/changes", { token: fresh })).json.changes).toEqual([]);
  });
});

describe("push", () => {
  test("creates with the client's id, edits on the right base, deletes; versions move forward", async () => {
    const u = await user();
    const id = uuid();
    const [create] = (
      await u.push([{ mutation_id: uuid(), entity: "meal", id, op: "upsert", base_version: null, data: meal() }])
    ).json.results;
    expect(create).toMatchObject({ status: "applied", error: null });
    expect(create.current.id).toBe(id);
    const [edit] = (
      await u.push([
        { mutation_id: uuid(), entity: "meal", id, op: "upsert", base_version: create.version, data: { quantity: 75 } },
      ])
    ).json.results;
    expect(edit.status).toBe("applied");
    expect(edit.version).toBeGreaterThan(create.version);
    expect((await u.api("GET", `/meals/${id}`)).json.quantity).toBe(75);
    const [del] = (
      await u.push([{ mutation_id: uuid(), entity: "meal", id, op: "delete", base_version: edit.version, data: null }])
    ).json.results;
    expect(del.status).toBe("applied");
    expectError(await u.api("GET", `/meals/${id}`), 404, "meal_not_found");
  });

  test("a stale base_version is a conflict carrying the current record; nothing is overwritten", async () => {
    const u = await user();
    const m = (await u.api("POST", "/meals", meal())).json;
    const v1 = (await u.pull()).changes[0].version;
    await u.api("PATCH", `/meals/${m.id}`, { quantity: 222 }); // another device's newer edit
    const [r] = (
      await u.push([
        { mutation_id: uuid(), entity: "meal", id: m.id, op: "upsert", base_version: v1, data: { quantity: 5 } },
      ])
    ).json.results;
    expect(r.status).toBe("conflict");
    expect(r.current.quantity).toBe(222);
    expect(r.version).toBeGreaterThan(v1);
    const [d] = (
      await u.push([{ mutation_id: uuid(), entity: "meal", id: m.id, op: "delete", base_version: v1, data: null }])
    ).json.results;
    expect(d.status).toBe("conflict");
    expect((await u.api("GET", `/meals/${m.id}`)).json.quantity).toBe(222);
  });

  test("a replayed mutation_id is duplicate and changes nothing", async () => {
    const u = await user();
    const mutation = {
      mutation_id: uuid(),
      entity: "meal",
      id: uuid(),
      op: "upsert",
      base_version: null,
      data: meal(),
    };
    const first = (await u.push([mutation])).json.results[0];
    const before = await u.pull();
    const again = (await u.push([mutation, mutation])).json.results;
    expect(again.map((r: { status: string }) => r.status)).toEqual(["duplicate", "duplicate"]);
    expect(again[0].version).toBe(first.version);
    expect(await u.pull()).toEqual(before);
  });

  test("permanent refusals are rejected inside a 200, with the contract's error; the rest of the batch applies", async () => {
    const u = await user();
    const other = await user();
    const theirs = (await other.api("POST", "/meals", meal())).json;
    const theirFood = (await other.api("POST", "/foods", { name: "Theirs", nutrients: { energy_kcal: 1 } })).json;
    const okId = uuid();
    const r = await u.push([
      {
        mutation_id: uuid(),
        entity: "meal",
        id: uuid(),
        op: "upsert",
        base_version: null,
        data: meal({ quantity: -1 }),
      },
      {
        mutation_id: uuid(),
        entity: "meal",
        id: uuid(),
        op: "upsert",
        base_version: null,
        data: meal({ food_id: 99999 }),
      },
      { mutation_id: uuid(), entity: "meal", id: theirs.id, op: "upsert", base_version: null, data: meal() },
      { mutation_id: uuid(), entity: "meal", id: theirs.id, op: "delete", base_version: 1, data: null },
      {
        mutation_id: uuid(),
        entity: "food",
        id: theirFood.id,
        op: "upsert",
        base_version: null,
        data: { name: "Mine", nutrients: { energy_kcal: 2 } },
      },
      { mutation_id: uuid(), entity: "recipe", id: uuid(), op: "upsert", base_version: null, data: {} },
      { mutation_id: "not-a-uuid", entity: "meal", id: uuid(), op: "upsert", base_version: null, data: meal() },
      { mutation_id: uuid(), entity: "meal", id: okId, op: "upsert", base_version: null, data: meal() },
    ]);
    expect(r.status).toBe(200);
    const s = r.json.results.map(
      (x: { status: string; error: { code: string } | null }) => `${x.status}:${x.error?.code ?? ""}`,
    );
    expect(s).toEqual([
      "rejected:validation_failed",
      "rejected:food_not_found",
      "rejected:id_conflict",
      "rejected:id_conflict",
      "rejected:food_not_found", // another account's food id answers as an unknown id does
      "rejected:validation_failed",
      "rejected:validation_failed",
      "applied:",
    ]);
    expect((await other.api("GET", `/meals/${theirs.id}`)).json).toEqual(theirs); // untouched
    expect((await other.api("GET", `/foods/${theirFood.id}`)).json.name).toBe("Theirs");
    expect((await u.api("GET", `/meals/${okId}`)).status).toBe(200);
  });

  test("foods and goals sync too; a food create may leave the id to the server", async () => {
    const u = await user();
    const [f] = (
      await u.push([
        {
          mutation_id: uuid(),
          entity: "food",
          id: null,
          op: "upsert",
          base_version: null,
          data: { name: "Oat bar", nutrients: { energy_kcal: 400 } },
        },
      ])
    ).json.results;
    expect(f.status).toBe("applied");
    expect(f.current.id).toBeGreaterThanOrEqual(1_000_000);
    const [g] = (
      await u.push([
        {
          mutation_id: uuid(),
          entity: "goals",
          id: "goals",
          op: "upsert",
          base_version: null,
          data: { energy_kcal: 1800 },
        },
      ])
    ).json.results;
    expect(g.status).toBe("applied");
    expect((await u.api("GET", "/goals")).json.energy_kcal).toBe(1800);
    const [g2] = (
      await u.push([
        {
          mutation_id: uuid(),
          entity: "goals",
          id: null,
          op: "upsert",
          base_version: null,
          data: { energy_kcal: 1500 },
        },
      ])
    ).json.results;
    expect(g2.status).toBe("conflict"); // goals exist already: build on their version
    expect(g2.current.energy_kcal).toBe(1800);
  });

  test("malformed batches → 400; more than 500 → 400; an oversized body → 413", async () => {
    const u = await user();
    expectError(await call("POST", "/api/v1/sync/push", { token: u.access_token, body: {} }), 400, "validation_failed");
    expectError(
      await call("POST", "/api/v1/sync/push", { token: u.access_token, body: { mutations: "all" } }),
      400,
      "validation_failed",
    );
    const many = Array.from({ length: 501 }, () => ({
      mutation_id: uuid(),
      entity: "meal",
      id: uuid(),
      op: "delete",
      base_version: null,
      data: null,
    }));
    expectError(await u.push(many), 400, "validation_failed");
    expectError(
      await call("POST", "/api/v1/sync/push", {
        token: u.access_token,
        raw: JSON.stringify({ mutations: [], pad: "x".repeat(2_000_000) }),
      }),
      413,
      "payload_too_large",
    );
    expectError(
      await call("POST", "/api/v1/sync/push", { token: u.access_token, raw: "{mutations:" }),
      400,
      "malformed_json",
    );
  });
});
