/**
 * Round trips to PostgreSQL per meal write (issue 61: at most 2), counted on the wire by a proxy in
 * front of the test server (test/db/pg-wire.ts): the real app, through its real pool, one request at
 * a time so no group-commit batch shares a transaction, from the request's first statement to its
 * COMMIT, both in all and inside the transaction (BEGIN's to COMMIT's). A write with its time, with
 * and without a client id, the bench's (a date, no time), one for today without a time, and a change
 * are each counted. Before issue 61's second round a create was 11 round trips (10 in its transaction).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { createApp, ready } from "../../src/app";
import { PgChangeSignal } from "../../src/db/pg/change-signal";
import { openPostgres } from "../../src/db/pg/client";
import { PgStore } from "../../src/db/pg/store";
import { quietLogger } from "../../src/lib/log";
import { catalogue, TEST_PASSWORD_COST } from "../helpers";
import { postgresForFile } from "../pg";
import { countingProxy } from "./pg-wire";

const { fresh, closeBeforeDrop } = postgresForFile();
const proxy = countingProxy();
afterAll(() => proxy.stop());

async function appThroughProxy() {
  const direct = await fresh();
  const db = await openPostgres(proxy.url(new URL(direct).pathname.slice(1)), { max: 4 });
  const signal = await PgChangeSignal.start(db.$client);
  closeBeforeDrop(async () => {
    await signal.stop();
    await db.$client.close();
  });
  const { catalogue: c, search } = catalogue();
  const app = createApp({
    store: new PgStore(db, signal),
    catalogue: c,
    search,
    jwtSecret: "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
    logger: quietLogger,
    logRequests: false,
    passwordCost: TEST_PASSWORD_COST,
    offClient: null,
    registrationsPerHour: Number.MAX_SAFE_INTEGER,
  });
  await ready(app);
  const call = async (method: string, path: string, token: string | null, body?: unknown) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await app.handle(
      new Request(`http://localhost/api/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  const reg = await call("POST", "/register", null, {
    email: `trips-${crypto.randomUUID().slice(0, 8)}@example.org`,
    password: "correct horse battery",
    name: "Ana",
  });
  return { call, token: reg.json.access_token as string };
}

/** Round trips per write (all of the request's, and its transaction's), over `n` writes one after another. */
async function tripsPerWrite(write: (i: number) => Promise<number>, n = 10) {
  // twelve first: every cache warm and every statement prepared on each pooled connection
  for (let i = 0; i < 12; i++) expect([200, 201, 204]).toContain(await write(-1 - i));
  const all: number[] = [];
  const inTransaction: number[] = [];
  for (let i = 0; i < n; i++) {
    const [trips, inside, logged] = [proxy.counts.roundTrips, proxy.counts.inTransaction, proxy.counts.log.length];
    expect([200, 201, 204]).toContain(await write(i));
    all.push(proxy.counts.roundTrips - trips);
    inTransaction.push(proxy.counts.inTransaction - inside);
    if (process.env.WIRE_LOG && i === 0) console.log(proxy.counts.log.slice(logged).join("\n"));
  }
  return { all: Math.max(...all), inTransaction: Math.max(...inTransaction) };
}

describe("round trips per meal write on PostgreSQL", () => {
  test("a meal with its time (as the web app and sync send it): 2 in its transaction, 3 with the sign-in's read", async () => {
    const { call, token } = await appThroughProxy();
    const per = await tripsPerWrite(
      async (i) =>
        (
          await call("POST", "/meals", token, {
            food_id: 9040,
            quantity: 118,
            meal_type: "snack",
            eaten_at: `2025-03-${String(i + 14).padStart(2, "0")}T10:00:00Z`,
          })
        ).status,
    );
    expect(per).toEqual({ inTransaction: 2, all: 3 });
  });

  test("with a client id: no read before the write, the same 2", async () => {
    const { call, token } = await appThroughProxy();
    const per = await tripsPerWrite(
      async () =>
        (
          await call("POST", "/meals", token, {
            id: crypto.randomUUID(),
            food_id: 9040,
            quantity: 100,
            meal_type: "lunch",
            eaten_at: "2025-03-01T12:30:00Z",
          })
        ).status,
    );
    expect(per).toEqual({ inTransaction: 2, all: 3 });
  });

  // Without a time the server places the meal from the account's meals (placement.ts): a read the write
  // depends on, sent with BEGIN and the account's lock, which also counts the day; the insert then takes
  // COMMIT along (3 in the transaction before).
  test("the bench's write (a date, no time) and one for today: placement's read first, COMMIT with the insert", async () => {
    const { call, token } = await appThroughProxy();
    const onDate = await tripsPerWrite(
      async (i) =>
        (
          await call("POST", "/meals", token, {
            food_id: 9040,
            quantity: 118,
            meal_type: "snack",
            date: `2025-04-${String(i + 14).padStart(2, "0")}`,
          })
        ).status,
    );
    expect(onDate).toEqual({ inTransaction: 2, all: 3 });
    const today = await tripsPerWrite(
      async () => (await call("POST", "/meals", token, { food_id: 9040, quantity: 100, meal_type: "dinner" })).status,
    );
    expect(today).toEqual({ inTransaction: 2, all: 3 });
  });

  test("a change to a meal: its read with the account's lock, then the update and its record with COMMIT", async () => {
    const { call, token } = await appThroughProxy();
    const made = await call("POST", "/meals", token, {
      food_id: 9040,
      quantity: 100,
      meal_type: "lunch",
      eaten_at: "2025-03-01T12:30:00Z",
    });
    const id = made.json.id as string;
    const per = await tripsPerWrite(
      async (i) => (await call("PATCH", `/meals/${id}`, token, { quantity: 120 + i, note: `take ${i}` })).status,
    );
    expect(per).toEqual({ inTransaction: 2, all: 3 }); // 3 and 4 before COMMIT went behind the final statement
    const read = await call("GET", `/meals/${id}`, token);
    expect([read.json.quantity, read.json.note]).toEqual([129, "take 9"]);
  });

  test("a delete: no read first; its example withdrawn with the lock, then the delete and its record with COMMIT", async () => {
    const { call, token } = await appThroughProxy();
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) {
      const made = await call("POST", "/meals", token, {
        food_id: 9040,
        quantity: 100,
        meal_type: "lunch",
        eaten_at: `2025-05-01T12:${String(i).padStart(2, "0")}:00Z`,
      });
      ids.push(made.json.id as string);
    }
    const per = await tripsPerWrite(async (i) => (await call("DELETE", `/meals/${ids[i + 12]}`, token)).status);
    expect(per).toEqual({ inTransaction: 2, all: 3 }); // 4 and 5 before
    expect((await call("GET", `/meals/${ids[0]}`, token)).status).toBe(404);
    expect((await call("DELETE", `/meals/${ids[0]}`, token)).status).toBe(404); // nothing to delete: nothing logged
    const feed = await call("GET", "/sync/changes?limit=1000", token);
    const deletes = (feed.json.changes as { op: string }[]).filter((c) => c.op === "delete");
    expect(deletes.length).toBe(22);
  });
});

/**
 * Issue 61's third round: the entities of the last round take the meal's path. Each create, change and
 * delete of the API is at most 2 round trips in its transaction (3 with the sign-in's read): the account's
 * lock asked with the one read the write needs (none for a delete), then the write joined by its change-log
 * record with COMMIT behind it. Before: 5–7 for a create, 4–5 for a change or a delete.
 */
describe("round trips per write of the other entities on PostgreSQL", () => {
  type Call = Awaited<ReturnType<typeof appThroughProxy>>["call"];
  /** Round trips of creates, changes and deletes, 22 of each (tripsPerWrite's 12 and 10), and the feed's deletes. */
  async function crud(
    call: Call,
    token: string,
    make: (k: number) => [string, string, unknown],
    change: (k: number, made: string[]) => [string, string, unknown],
    remove: (k: number, made: string[]) => string,
  ) {
    const made: string[] = [];
    const create = await tripsPerWrite(async (i) => {
      const [method, path, body] = make(i + 12);
      const r = await call(method, path, token, body);
      made[i + 12] = String(r.json.id ?? path);
      return r.status;
    });
    const update = await tripsPerWrite(async (i) => {
      const [method, path, body] = change(i + 12, made);
      return (await call(method, path, token, body)).status;
    });
    const del = await tripsPerWrite(async (i) => (await call("DELETE", remove(i + 12, made), token)).status);
    const feed = await call("GET", "/sync/changes?limit=1000", token);
    const ops = (feed.json.changes as { op: string }[]).map((c) => c.op);
    return { create, update, delete: del, deletes: ops.filter((o) => o === "delete").length };
  }
  const two = { inTransaction: 2, all: 3 };
  const day = (k: number) => `2025-06-${String(k + 1).padStart(2, "0")}`;

  test("exercises: a computed kcal's weigh-in read with the rest", async () => {
    const { call, token } = await appThroughProxy();
    expect((await call("PUT", "/weights/2025-01-01", token, { kg: 70 })).status).toBe(201);
    const got = await crud(
      call,
      token,
      (k) => ["POST", "/exercises", { activity: "run-9.7", minutes: 30, date: day(k) }],
      (k, made) => ["PATCH", `/exercises/${made[0]}`, { minutes: 31 + k }],
      (k, made) => `/exercises/${made[k]}`,
    );
    expect(got).toEqual({ create: two, update: two, delete: two, deletes: 22 });
  });

  test("daily values", async () => {
    const { call, token } = await appThroughProxy();
    const got = await crud(
      call,
      token,
      (k) => ["PUT", `/daily-values/${day(k)}/steps`, { value: 1000 + k }],
      (k) => ["PUT", `/daily-values/${day(0)}/steps`, { value: 5000 + k }],
      (k) => `/daily-values/${day(k)}/steps`,
    );
    expect(got).toEqual({ create: two, update: two, delete: two, deletes: 22 });
  });

  test("day marks", async () => {
    const { call, token } = await appThroughProxy();
    const got = await crud(
      call,
      token,
      (k) => ["PUT", `/days/${day(k)}`, { complete: true }],
      (k) => ["PUT", `/days/${day(0)}`, { complete: k % 2 === 0 }],
      (k) => `/days/${day(k)}`,
    );
    expect(got).toEqual({ create: two, update: two, delete: two, deletes: 22 });
  });

  test("saved meals", async () => {
    const { call, token } = await appThroughProxy();
    const entries = [{ food_id: 9040, quantity: 120 }, { quick_add: { energy_kcal: 90, description: "coffee" } }];
    const got = await crud(
      call,
      token,
      (k) => ["POST", "/saved-meals", { name: `Breakfast ${k}`, entries }],
      (k, made) => ["PATCH", `/saved-meals/${made[0]}`, { name: `Usual ${k}` }],
      (k, made) => `/saved-meals/${made[k]}`,
    );
    expect(got).toEqual({ create: two, update: two, delete: two, deletes: 22 });
  });
});

/**
 * The health bridges write each record in its own transaction (bridges/write.ts): a daily value's is the
 * account's lock with its read, then the upsert and its record with COMMIT behind (3 before: COMMIT alone).
 */
describe("round trips per record of a health bridge's push on PostgreSQL", () => {
  test("a Health Auto Export push of ten days of steps: 2 per day in its transactions", async () => {
    const { call, token } = await appThroughProxy();
    const pat = await call("POST", "/tokens", token, { name: "Health Auto Export", scopes: ["write"] });
    const steps = (from: number, qty: number) => ({
      data: {
        metrics: [
          {
            name: "step_count",
            units: "count",
            data: Array.from({ length: 10 }, (_, i) => ({
              qty: qty + i,
              date: `2025-02-${String(from + i).padStart(2, "0")} 10:00:00 +0000`,
            })),
          },
        ],
      },
    });
    const push = (body: unknown) => call("POST", "/health/auto-export", pat.json.token as string, body);
    expect((await push(steps(1, 100))).status).toBe(200); // every statement prepared on the pool's connections
    expect((await push(steps(1, 200))).status).toBe(200);
    const before = proxy.counts.inTransaction;
    const r = await push(steps(11, 300));
    expect(r.status).toBe(200);
    expect((proxy.counts.inTransaction - before) / 10).toBe(2);
    const day = await call("GET", "/daily-values/2025-02-15", token);
    expect((day.json.values as Record<string, unknown>).steps).toBe(304);
  });
});
