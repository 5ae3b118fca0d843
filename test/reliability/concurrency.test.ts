/**
 * 64 concurrent clients for 30 s against a real server: 32 write (log, edit and delete meals, set
 * goals, push sync batches) and 32 read (the day, stats, search, sync pulls). No client may see a
 * 5xx or SQLITE_BUSY; writers wait on busy_timeout instead of failing.
 */
import { expect, test } from "bun:test";
import { startProcess, tempDir } from "../helpers";

const SECONDS = 30;

test(`64 concurrent writers and readers for ${SECONDS} s: no 5xx, no SQLITE_BUSY`, async () => {
  const server = await startProcess(tempDir());
  const api = (path: string, method = "GET", body?: unknown, token?: string) =>
    fetch(`${server.url}/api/v1${path}`, { method, headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const tokens: string[] = [];
  for (let i = 0; i < 8; i++) {
    tokens.push(((await (await api("/register", "POST", { email: `c${i}@example.org`, password: "concurrency", name: "C" })).json()) as { access_token: string }).access_token);
  }
  const statuses = new Map<number, number>();
  const bad: string[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  const note = async (r: Response, what: string) => {
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    const text = await r.text();
    if (r.status >= 500 || /SQLITE_BUSY|database is locked/i.test(text)) bad.push(`${what} → ${r.status} ${text.slice(0, 200)}`);
  };
  const writer = async (w: number) => {
    const token = tokens[w % tokens.length]!;
    let i = 0;
    while (Date.now() < deadline) {
      i++;
      const id = crypto.randomUUID();
      await note(await api("/meals", "POST", { id, food_id: 9040, quantity: 1 + (i % 300), meal_type: "snack", date: "2026-11-20" }, token), "POST /meals");
      if (i % 3 === 0) await note(await api(`/meals/${id}`, "PATCH", { quantity: 42 }, token), "PATCH /meals");
      if (i % 5 === 0) await note(await api(`/meals/${id}`, "DELETE", undefined, token), "DELETE /meals");
      if (i % 7 === 0) await note(await api("/goals", "PUT", { energy_kcal: 1500 + i }, token), "PUT /goals");
      if (i % 11 === 0) {
        await note(await api("/sync/push", "POST", { mutations: [{ mutation_id: crypto.randomUUID(), entity: "meal", id: crypto.randomUUID(), op: "upsert", base_version: null, data: { food_id: 9003, quantity: 100, meal_type: "lunch", date: "2026-11-21" } }] }, token), "POST /sync/push");
      }
    }
  };
  const reader = async (r: number) => {
    const token = tokens[r % tokens.length]!;
    const paths = ["/meals/daily?date=2026-11-20", "/stats/daily?date=2026-11-20", "/stats/weekly?end=2026-11-22", "/foods/search?q=banana", "/sync/changes?limit=200"];
    let i = 0;
    while (Date.now() < deadline) {
      const p = paths[i++ % paths.length]!;
      const res = await fetch(`${server.url}/api/v1${p}`, { headers: { authorization: `Bearer ${token}` } });
      await note(res, `GET ${p}`);
    }
  };
  try {
    await Promise.all([...Array.from({ length: 32 }, (_, w) => writer(w)), ...Array.from({ length: 32 }, (_, r) => reader(r))]);
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.log(`concurrency: ${total} requests in ${SECONDS} s, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(bad).toEqual([]);
    expect(total).toBeGreaterThan(1000);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  } finally {
    await server.stop();
  }
}, (SECONDS + 60) * 1000);
