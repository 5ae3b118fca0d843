/**
 * 64 concurrent clients against a real server: 32 write (log, edit and delete meals, set goals, push
 * sync batches; the server commits them in groups) and 32 read (the day, stats, search, sync pulls),
 * a fixed amount of work each rather than a wall-clock time. No client may see a 5xx or
 * SQLITE_BUSY; writers wait on busy_timeout instead of failing; every meal acknowledged and not
 * deleted is there at the end.
 */
import { expect, test } from "bun:test";
import { startProcess, tempDir } from "../helpers";

/** Rounds per writer (a meal each, and every few an edit, a delete, goals, a sync push) and requests per reader. */
const WRITES = 40;
const READS = 120;

test(`64 concurrent writers and readers (${WRITES} rounds, ${READS} reads each): no 5xx, no SQLITE_BUSY, no acknowledged meal lost`, async () => {
  const server = await startProcess(tempDir());
  const api = (path: string, method = "GET", body?: unknown, token?: string) =>
    fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const tokens: string[] = [];
  for (let i = 0; i < 8; i++) {
    tokens.push(
      (
        (await (
          await api("/register", "POST", { email: `c${i}@example.org`, password: "concurrency", name: "C" })
        ).json()) as { access_token: string }
      ).access_token,
    );
  }
  const statuses = new Map<number, number>();
  const bad: string[] = [];
  const kept = new Map<string, Set<string>>(tokens.map((t) => [t, new Set<string>()]));
  const note = async (r: Response, what: string) => {
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    const text = await r.text();
    if (r.status >= 500 || /SQLITE_BUSY|database is locked/i.test(text))
      bad.push(`${what} → ${r.status} ${text.slice(0, 200)}`);
  };
  const writer = async (w: number) => {
    const token = tokens[w % tokens.length]!;
    for (let i = 1; i <= WRITES; i++) {
      const id = crypto.randomUUID();
      const created = await api(
        "/meals",
        "POST",
        { id, food_id: 9040, quantity: 1 + (i % 300), meal_type: "snack", date: "2026-11-20" },
        token,
      );
      if (created.status === 201) kept.get(token)!.add(id);
      await note(created, "POST /meals");
      if (i % 3 === 0) await note(await api(`/meals/${id}`, "PATCH", { quantity: 42 }, token), "PATCH /meals");
      if (i % 5 === 0) {
        const gone = await api(`/meals/${id}`, "DELETE", undefined, token);
        if (gone.status === 204) kept.get(token)!.delete(id);
        await note(gone, "DELETE /meals");
      }
      if (i % 7 === 0) await note(await api("/goals", "PUT", { energy_kcal: 1500 + i }, token), "PUT /goals");
      if (i % 11 === 0) {
        await note(
          await api(
            "/sync/push",
            "POST",
            {
              mutations: [
                {
                  mutation_id: crypto.randomUUID(),
                  entity: "meal",
                  id: crypto.randomUUID(),
                  op: "upsert",
                  base_version: null,
                  data: { food_id: 9003, quantity: 100, meal_type: "lunch", date: "2026-11-21" },
                },
              ],
            },
            token,
          ),
          "POST /sync/push",
        );
      }
    }
  };
  const reader = async (r: number) => {
    const token = tokens[r % tokens.length]!;
    const paths = [
      "/meals/daily?date=2026-11-20",
      "/stats/daily?date=2026-11-20",
      "/stats/weekly?end=2026-11-22",
      "/foods/search?q=banana",
      "/sync/changes?limit=200",
    ];
    for (let i = 0; i < READS; i++) {
      const p = paths[i % paths.length]!;
      const res = await fetch(`${server.url}/api/v1${p}`, { headers: { authorization: `Bearer ${token}` } });
      await note(res, `GET ${p}`);
    }
  };
  try {
    await Promise.all([
      ...Array.from({ length: 32 }, (_, w) => writer(w)),
      ...Array.from({ length: 32 }, (_, r) => reader(r)),
    ]);
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.log(`concurrency: ${total} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(bad).toEqual([]);
    expect(total).toBeGreaterThan(32 * WRITES + 32 * READS);
    for (const [token, ids] of kept) {
      const day = (await (await api("/meals/daily?date=2026-11-20", "GET", undefined, token)).json()) as {
        meals: { id: string }[];
      };
      const stored = new Set(day.meals.map((m) => m.id));
      expect([...ids].filter((id) => !stored.has(id))).toEqual([]);
      expect(ids.size).toBeGreaterThan(0);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  } finally {
    await server.stop();
  }
}, 120_000);
