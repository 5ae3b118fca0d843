/**
 * Two `morsel serve` processes on two ports sharing one PostgreSQL database, as behind a load
 * balancer: a token from one works on the other (the JWT secret lives in the database); a client
 * writing through both while another device pulls through one gets every change exactly once, in
 * order; so does every one of many accounts written through both at once, whose writes no longer take
 * turns across accounts (db/pg/account-locks.ts), in each of RUNS short runs; a session ended through
 * one is refused by the other.
 */
import { afterAll, expect, test } from "bun:test";
import { startProcess, tempDir, until } from "../helpers";
import { postgresForFile } from "../pg";

const { fresh: freshPostgres } = postgresForFile();
const url = await freshPostgres();
const servers = await Promise.all([
  startProcess(tempDir(), ["--database", url]),
  startProcess(tempDir(), ["--database", url]),
]);
afterAll(() => Promise.all(servers.map((s) => s.stop())));
const [one, two] = servers.map((s) => s.url) as [string, string];

async function api(base: string, method: string, path: string, token?: string, body?: unknown) {
  const r = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, json: (r.status === 204 ? null : await r.json()) as any };
}

type Change = { entity: string; id: string; version: number };

test("a client writing through both processes and pulling through one gets every change once, in order", async () => {
  const reg = await api(one, "POST", "/register", undefined, {
    email: "two@example.org",
    password: "two processes",
    name: "Two",
  });
  expect(reg.status).toBe(201);
  const token = reg.json.access_token as string;
  expect((await api(two, "GET", "/me", token)).json.email).toBe("two@example.org"); // one secret for both

  const written: string[] = [];
  let writing = true;
  // four writers, two per process: their group commits run side by side, so seqs commit out of order
  const writers = [one, one, two, two].map(async (base, w) => {
    for (let i = 0; i < 60; i++) {
      const id = crypto.randomUUID();
      const r = await api(base, "POST", "/meals", token, {
        id,
        food_id: 9040,
        quantity: 10 + w,
        meal_type: "snack",
        date: `2026-11-${10 + w}`, // a day holds at most 200 meals: each writer its own
      });
      expect(r.status).toBe(201);
      written.push(id);
    }
  });
  const pulled: Change[] = [];
  let cursor = "";
  const pull = async () => {
    for (;;) {
      const page = await api(two, "GET", `/sync/changes?cursor=${encodeURIComponent(cursor)}&limit=50`, token);
      // a failure shows the server's own log line for it
      if (page.status !== 200) expect({ page: page.json, log: servers[1]!.logs().slice(-4000) }).toBeNull();
      pulled.push(...(page.json.changes as Change[]));
      cursor = page.json.next_cursor;
      if (!page.json.has_more) return;
    }
  };
  const puller = (async () => {
    while (writing) await pull(); // pulls while the writes are going on, through the other process too
  })();
  await Promise.all(writers);
  writing = false;
  await puller;
  // once the last write is acknowledged, a pull may still wait for older transactions to end: never for long
  await until(async () => {
    await pull();
    return pulled.length >= written.length;
  });
  const ids = pulled.map((c) => c.id);
  expect(new Set(ids).size).toBe(ids.length); // exactly once
  expect(new Set(ids)).toEqual(new Set(written)); // every one
  const versions = pulled.map((c) => c.version);
  expect(versions).toEqual([...versions].sort((a, b) => a - b)); // in order
});

/** Short runs, each of them a chance for seqs of different accounts to commit out of order. */
const RUNS = 20;
const ACCOUNTS = 4;
const PER_WRITER = 3;

test(`many accounts written through both processes at once, each feed pulled throughout: never a skip or a repeat, ${RUNS} of ${RUNS} runs`, async () => {
  const accounts = await Promise.all(
    Array.from({ length: ACCOUNTS }, async (_, a) => {
      const reg = await api(a % 2 ? two : one, "POST", "/register", undefined, {
        email: `many${a}@example.org`,
        password: "two processes",
        name: `Many ${a}`,
      });
      expect(reg.status).toBe(201);
      return { token: reg.json.access_token as string, cursor: "" };
    }),
  );
  for (let run = 0; run < RUNS; run++) {
    const outcome = await Promise.all(
      accounts.map(async (account, a) => {
        const written: string[] = [];
        const pulled: Change[] = [];
        let writing = true;
        const pull = async (base: string) => {
          for (;;) {
            const path = `/sync/changes?cursor=${encodeURIComponent(account.cursor)}&limit=2`;
            const page = await api(base, "GET", path, account.token);
            if (page.status !== 200) expect({ run, account: a, page: page.json }).toBeNull();
            pulled.push(...(page.json.changes as Change[]));
            account.cursor = page.json.next_cursor;
            if (!page.json.has_more) return;
          }
        };
        // one writer per process for each account, all accounts at once
        const writers = [one, two].map(async (base, w) => {
          for (let i = 0; i < PER_WRITER; i++) {
            const id = crypto.randomUUID();
            const date = `2026-${String(1 + (run % 12)).padStart(2, "0")}-${String(1 + w * 14 + i).padStart(2, "0")}`;
            const r = await api(base, "POST", "/meals", account.token, {
              id,
              food_id: 9040,
              quantity: 10,
              meal_type: "snack",
              date,
            });
            expect(r.status).toBe(201);
            written.push(id);
          }
        });
        const puller = (async () => {
          for (let i = 0; writing; i++) await pull(i % 2 ? two : one); // through both, while the writes go on
        })();
        await Promise.all(writers);
        writing = false;
        await puller;
        await until(async () => {
          await pull(one);
          return pulled.length >= written.length;
        });
        const ids = pulled.map((c) => c.id);
        const versions = pulled.map((c) => c.version);
        return {
          once: new Set(ids).size === ids.length,
          every: [...new Set(ids)].sort().join() === [...written].sort().join(),
          inOrder: versions.every((v, i) => i === 0 || v > versions[i - 1]!),
        };
      }),
    );
    expect({ run, outcome }).toEqual({ run, outcome: outcome.map(() => ({ once: true, every: true, inOrder: true })) });
  }
});

test("a session ended through one process is refused by the other", async () => {
  const reg = await api(one, "POST", "/register", undefined, {
    email: "leaver@example.org",
    password: "two processes",
    name: "Leaver",
  });
  const token = reg.json.access_token as string;
  // the other process has it cached as live
  expect((await api(two, "GET", "/meals/daily", token)).status).toBe(200);
  expect((await api(two, "GET", "/meals/daily", token)).status).toBe(200);
  expect((await api(one, "POST", "/logout", undefined, { refresh_token: reg.json.refresh_token })).status).toBe(204);
  expect((await api(one, "GET", "/meals/daily", token)).status).toBe(401);
  // the other hears of the commit through the database's notification (milliseconds on one server)
  await until(async () => (await api(two, "GET", "/meals/daily", token)).status === 401);
  expect((await api(two, "GET", "/meals/daily", token)).json.error.code).toBe("invalid_token");
});
