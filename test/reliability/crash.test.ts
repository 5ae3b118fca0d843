/**
 * Crash durability: several clients log meals concurrently, the server is killed with SIGKILL in
 * the middle, restarted on the same data dir (and, on PostgreSQL, the same database), and every
 * meal that got a 2xx must be there, whole. Repeated three times.
 */
import { expect, test } from "bun:test";
import { processSql, startProcess, TEST_BACKEND, tempDir, until } from "../helpers";

test("kill -9 mid-load, three times: every acknowledged meal survives, no partial rows", async () => {
  const dataDir = tempDir();
  const acknowledged = new Set<string>();
  let token = "";
  for (let round = 0; round < 3; round++) {
    const server = await startProcess(dataDir);
    // on PostgreSQL (the API suites' second pass) the server runs on a database of its own, kept across restarts
    expect(String(server.log.database)).toStartWith(TEST_BACKEND === "postgres" ? "postgres" : "sqlite");
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}/api/v1${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    if (round === 0)
      token = (
        (await (await post("/register", { email: "crash@example.org", password: "crash test", name: "C" })).json()) as {
          access_token: string;
        }
      ).access_token;
    let stop = false;
    const client = async (c: number) => {
      while (!stop) {
        const id = crypto.randomUUID();
        try {
          const r = await post("/meals", {
            id,
            food_id: 9040,
            quantity: 10 + c,
            meal_type: "snack",
            date: `2026-11-${10 + c}`, // a day of its own per client: a day takes 200 meals
            note: `round ${round}`,
          });
          if (r.status === 201) acknowledged.add(id);
          else if (r.status >= 500) throw new Error(`5xx ${r.status}`);
        } catch (e) {
          if (!stop) throw e; // a refused connection after the kill is expected
        }
      }
    };
    const clients = [0, 1, 2, 3, 4, 5].map((c) => client(c).catch(() => {}));
    // kill at a different point of progress each round, whatever the machine's speed
    const before = acknowledged.size;
    await until(() => acknowledged.size >= before + 20 + round * 15);
    server.proc.kill("SIGKILL");
    await server.proc.exited;
    stop = true;
    await Promise.all(clients);
  }
  expect(acknowledged.size).toBeGreaterThan(50);

  // restarted on the same data dir, the server answers for every acknowledged meal
  const server = await startProcess(dataDir);
  try {
    const have = new Set<string>();
    for (let c = 0; c < 6; c++) {
      const day = (await (
        await fetch(`${server.url}/api/v1/meals/daily?date=2026-11-${10 + c}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { meals: { id: string; nutrients: { energy_kcal: number } }[] };
      for (const m of day.meals) {
        have.add(m.id);
        expect(m.nutrients.energy_kcal).toBeGreaterThan(0);
      }
    }
    expect([...acknowledged].filter((id) => !have.has(id))).toEqual([]);
  } finally {
    await server.stop();
  }
  // no partial rows: every meal has its change-log entry (same transaction), and the SQLite file is sound
  if (TEST_BACKEND === "sqlite")
    expect(await processSql(dataDir, "PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
  const orphans = await processSql(
    dataDir,
    "SELECT CAST(count(*) AS integer) AS n FROM meals m WHERE NOT EXISTS (SELECT 1 FROM sync_log s WHERE s.entity = 'meal' AND s.entity_id = m.id)",
  );
  const ghosts = await processSql(
    dataDir,
    "SELECT CAST(count(*) AS integer) AS n FROM sync_log s WHERE s.entity = 'meal' AND s.op = 'upsert' AND NOT EXISTS (SELECT 1 FROM meals m WHERE m.id = s.entity_id)",
  );
  expect(orphans).toEqual([{ n: 0 }]);
  expect(ghosts).toEqual([{ n: 0 }]);
}, 90_000);
