/**
 * bench:responsiveness's cases for a very large day and large sync pages: an account with a 50,000-meal
 * day (stored before the 200-meal cap, so written straight into the server's SQLite file beside it),
 * read with GET /meals/daily after each new meal and copied with POST /meals/copy; and an account of
 * 100-ingredient recipes pulled with GET /sync/changes?limit=1000 and exported as JSON. Each loop
 * runs one client for a few seconds.
 */
import { Database } from "bun:sqlite";

type Json = (method: string, path: string, token?: string, body?: unknown) => Promise<Response>;
interface Bench {
  json: Json;
  register: () => Promise<string>;
  measure: (label: string, job: () => Promise<string>) => Promise<void>;
  status: (r: Response | Promise<Response>) => Promise<string>;
  /** The server's SQLite file. */
  dbFile: string;
}

const BIG_DAY = "2026-01-15";
const LOOP_MS = 5000;
const ING = [9040, 9003, 11090, 11529, 1123, 20444, 5062, 1077];
const COLUMNS =
  "user_id, food_id, food_name, meal_type, quantity, portion_id, portion_name, portion_grams, grams, date, eaten_at, note, per_100g, request_hash, energy_kcal, protein_g, fat_g, carbohydrate_g, fiber_g, sugars_g, saturated_fat_g, sodium_mg, created_at, updated_at";

/** `n - 1` copies of meal `id` on its day, with UUIDs made from its own (as data from before the cap). */
function cloneMeal(dbFile: string, id: string, n: number): void {
  const db = new Database(dbFile);
  db.run("PRAGMA busy_timeout = 10000");
  db.query(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO meals (id, ${COLUMNS}) SELECT substr(m.id, 1, 24) || (100000000000 + n.i), ${COLUMNS.replaceAll(/(\w+)/g, "m.$1")}
     FROM meals m, n WHERE m.id = ?`,
  ).run(n - 1, id);
  db.close();
}

/** Runs `once` back to back for LOOP_MS; the statuses seen and the calls' p50. */
async function loop(once: () => Promise<number>): Promise<string> {
  const statuses: Record<number, number> = {};
  const times: number[] = [];
  for (const stop = performance.now() + LOOP_MS; performance.now() < stop; ) {
    const t = performance.now();
    const s = await once();
    times.push(performance.now() - t);
    statuses[s] = (statuses[s] ?? 0) + 1;
  }
  times.sort((a, b) => a - b);
  const seen = Object.entries(statuses).map(([s, n]) => `${n}× ${s}`);
  return `${seen.join(", ")}, p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms a call`;
}

export async function heavyDayCases({ json, register, measure, status, dbFile }: Bench): Promise<void> {
  const eater = await register();
  const meal = (date: string) => ({ food_id: 9040, quantity: 100, meal_type: "lunch", date });
  const first = (await (await json("POST", "/meals", eater, meal(BIG_DAY))).json()) as { id: string };
  cloneMeal(dbFile, first.id, 50_000);
  let n = 0;
  await measure("a 50,000-meal day: GET /meals/daily of it after each new meal, one client looping", () =>
    loop(async () => {
      await (await json("POST", "/meals", eater, meal(`2026-02-${String((n++ % 28) + 1).padStart(2, "0")}`))).text();
      const r = await json("GET", `/meals/daily?date=${BIG_DAY}`, eater);
      await r.arrayBuffer();
      return r.status;
    }),
  );
  await measure("a 50,000-meal day: POST /meals/copy of it, one client looping", () =>
    loop(async () => {
      const r = await json("POST", "/meals/copy", eater, { from_date: BIG_DAY, to_date: "2026-03-01" });
      await r.arrayBuffer();
      return r.status;
    }),
  );

  const cook = await register();
  for (let k = 0; k < 3; k++) {
    const mutations = Array.from({ length: 50 }, (_, i) => ({
      mutation_id: crypto.randomUUID(),
      entity: "recipe",
      id: null,
      op: "upsert",
      base_version: null,
      data: {
        name: `Big stew ${k * 50 + i}`,
        servings: 4,
        ingredients: Array.from({ length: 100 }, (_, j) => ({ food_id: ING[j % ING.length], quantity: 10 + j })),
      },
    }));
    await (await json("POST", "/sync/push", cook, { mutations })).text();
  }
  await measure("GET /sync/changes?limit=1000, every page, 150 recipes × 100 ingredients, one client looping", () =>
    loop(async () => {
      let cursor = "";
      let last = 0;
      for (let more = true; more; ) {
        const r = await json("GET", `/sync/changes?limit=1000&cursor=${encodeURIComponent(cursor)}`, cook);
        const page = (await r.json()) as { next_cursor: string; has_more: boolean };
        last = r.status;
        cursor = page.next_cursor;
        more = r.status === 200 && page.has_more;
      }
      return last;
    }),
  );
  await measure("GET /export?format=json of 150 recipes × 100 ingredients", () =>
    status(json("GET", "/export?format=json", cook)),
  );
  await measure("GET /export?format=csv of the 50,000-meal day's account", () =>
    status(json("GET", "/export?format=csv", eater)),
  );
}
