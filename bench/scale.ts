#!/usr/bin/env bun
/**
 * bun run bench:scale — does a request cost the same for a user with ten years of diary, on a server
 * holding a million meals, as for a fresh user with one week?
 *
 * Seeding: three users register and log through the API (goals, custom foods, one meal of each
 * template food); the server stops; then ten years of meals are written straight into the SQLite
 * file as copies of those API-written rows (meals and their sync-log records, day by day, users
 * interleaved): "big" logs 10 meals a day (36,500), "mid" one a day (3,650), and 997 other users
 * about one every 3.65 days (≈ 1 M meals in all). "small" keeps its one API-logged week (70 meals,
 * ten a day like big, so one day's catch-up is the same size for both).
 * The server restarts on that file.
 *
 * Each timed request is preceded by an untimed write of the same user (a weigh-in), so no cache of
 * ours answers it: what is measured is the query as data grows. One client, keep-alive,
 * `--requests` per request type per round, `--rounds` rounds alternating the users; medians of p50.
 * Export (JSON) is timed whole for small, mid and big: it should grow linearly with the meals.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { encodeCursor } from "../src/features/sync/protocol";
import { addDays } from "../src/lib/time";
import { rng } from "../scripts/rng";
import { apiClient } from "./lib/api";
import { tempDir } from "./lib/tmp";
import { machine, median, numberArg, startServer } from "./lib/wrk";

const rounds = numberArg("--rounds", 3);
const requests = numberArg("--requests", 100);
const YEARS = numberArg("--years", 10);
const OTHERS = numberArg("--others", 997);
const DAYS = 365 * YEARS;
const dataDir = tempDir();
const TODAY = new Date().toISOString().slice(0, 10);
const FIRST = addDays(TODAY, -(DAYS - 1));
const FOODS = [9040, 9003, 1123, 20121, 8120, 5064, 11282, 16034];
const TYPES = ["breakfast", "lunch", "dinner", "snack"];

let server = await startServer(["bun", `${import.meta.dir}/lib/app-server.ts`, "--data-dir", dataDir]);
let base = `http://127.0.0.1:${server.port}/api/v1`;
const call = apiClient(() => base);

const seeding = performance.now();
const users: Record<"small" | "mid" | "big", { token: string; id: number }> = {} as never;
for (const name of ["small", "mid", "big"] as const) {
  const r = await call("POST", "/register", undefined, {
    email: `${name}@example.org`,
    password: "bench password",
    name,
    timezone: "Europe/Berlin",
  });
  users[name] = { token: r.access_token, id: r.user.id };
  await call("PUT", "/goals", r.access_token, {
    energy_kcal: 2100,
    protein_g: 120,
    weekdays: { saturday: { energy_kcal: 2600 } },
  });
  for (let i = 0; i < (name === "big" ? 40 : 3); i++) {
    await call("POST", "/foods", r.access_token, {
      name: `${name} granola ${i + 1}`,
      nutrients: { energy_kcal: 380 + i, protein_g: 9, fat_g: 12, carbohydrate_g: 60 },
    });
  }
}
// small: one week through the API, ten meals a day like big (so a day's catch-up is the same size)
for (let d = 0; d < 7; d++) {
  for (let k = 0; k < 10; k++) {
    await call("POST", "/meals", users.small.token, {
      food_id: FOODS[(d + k) % FOODS.length],
      quantity: 80 + 10 * k,
      meal_type: TYPES[k % 4],
      date: addDays(TODAY, -d),
    });
  }
}
// the templates: one API-written meal of each food (big's, deleted from the copies' point of view below)
for (const food_id of FOODS)
  await call("POST", "/meals", users.big.token, { food_id, quantity: 100, meal_type: "snack", date: FIRST });
server.proc.kill();
await server.proc.exited;

const db = new Database(join(dataDir, "morsel.db"));
db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON");
const templates = db.query("SELECT * FROM meals WHERE user_id = ? ORDER BY food_id").all(users.big.id) as Record<
  string,
  unknown
>[];
const templateLog = new Map(
  (
    db.query("SELECT entity_id, data FROM sync_log WHERE user_id = ? AND entity = 'meal'").all(users.big.id) as {
      entity_id: string;
      data: string;
    }[]
  ).map((r) => [r.entity_id, JSON.parse(r.data)]),
);
db.exec(
  `DELETE FROM sync_log WHERE user_id = ${users.big.id} AND entity = 'meal'; DELETE FROM meals WHERE user_id = ${users.big.id}`,
);
const userRow = db.query("SELECT * FROM users WHERE id = ?").get(users.mid.id) as Record<string, unknown>;
const cols = Object.keys(templates[0]!);
const insMeal = db.prepare(`INSERT INTO meals (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`);
const insLog = db.prepare(
  "INSERT INTO sync_log (user_id, entity, entity_id, op, data, changed_at) VALUES (?, 'meal', ?, 'upsert', ?, ?)",
);
const userCols = Object.keys(userRow).filter((c) => c !== "id");
const insUser = db.prepare(
  `INSERT INTO users (${userCols.join(", ")}) VALUES (${userCols.map(() => "?").join(", ")}) RETURNING id`,
);
const others: number[] = [];
db.transaction(() => {
  for (let i = 0; i < OTHERS; i++)
    others.push(
      (
        insUser.get(...(userCols.map((c) => (c === "email" ? `other${i}@example.org` : userRow[c])) as never[])) as {
          id: number;
        }
      ).id,
    );
})();
const random = rng(18);
let _meals = 0;
function logMeal(userId: number, date: string, k: number) {
  const t = templates[(k + date.charCodeAt(9)) % templates.length]!;
  const id = Bun.randomUUIDv7();
  const eatenAt = `${date}T${String(7 + ((k * 3) % 14)).padStart(2, "0")}:${String((k * 7) % 60).padStart(2, "0")}:00.000Z`;
  const row = {
    ...t,
    id,
    user_id: userId,
    date,
    eaten_at: eatenAt,
    meal_type: TYPES[k % 4],
    created_at: eatenAt,
    updated_at: eatenAt,
  };
  insMeal.run(...(cols.map((c) => row[c as keyof typeof row]) as never[]));
  const data = {
    ...templateLog.get(t.id as string),
    id,
    date,
    eaten_at: eatenAt,
    meal_type: TYPES[k % 4],
    created_at: eatenAt,
    updated_at: eatenAt,
  };
  insLog.run(userId, id, JSON.stringify(data), eatenAt);
  _meals++;
}
let cursorBeforeYesterday: Record<"small" | "mid" | "big", number> = { small: 0, mid: 0, big: 0 };
for (let d = 0; d < DAYS; d++) {
  const date = addDays(FIRST, d);
  db.transaction(() => {
    for (let k = 0; k < 10; k++) logMeal(users.big.id, date, k);
    logMeal(users.mid.id, date, d);
    for (const u of others) if (random() < 1 / 3.65) logMeal(u, date, d + u);
  })();
  if (date === addDays(TODAY, -2)) {
    const seqOf = (id: number) =>
      (db.query("SELECT max(seq) AS m FROM sync_log WHERE user_id = ?").get(id) as { m: number }).m;
    cursorBeforeYesterday = { small: seqOf(users.small.id), mid: seqOf(users.mid.id), big: seqOf(users.big.id) };
  }
}
// small's week was logged through the API before all of this: its cursor is the one before its yesterday's meals
cursorBeforeYesterday.small = (
  db
    .query("SELECT min(seq) - 1 AS m FROM sync_log WHERE user_id = ? AND entity = 'meal' AND data LIKE ?")
    .get(users.small.id, `%"date":"${addDays(TODAY, -1)}"%`) as { m: number }
).m;
db.exec("PRAGMA wal_checkpoint(TRUNCATE); ANALYZE");
const totalMeals = (db.query("SELECT count(*) AS n FROM meals").get() as { n: number }).n;
db.close();
const seedSeconds = (performance.now() - seeding) / 1000;

server = await startServer(["bun", `${import.meta.dir}/lib/app-server.ts`, "--data-dir", dataDir]);
base = `http://127.0.0.1:${server.port}/api/v1`;

const QUERIES = ["apple", "banana", "granola", "egg", "rice", "milk"];
const recent = (i: number) => addDays(TODAY, -1 - (i % 28));
const KINDS: [string, (i: number, who: "small" | "big") => string][] = [
  ["GET /meals/daily", (i) => `/meals/daily?date=${recent(i)}`],
  ["GET /stats/daily", (i) => `/stats/daily?date=${recent(i)}`],
  ["GET /stats/weekly", (i) => `/stats/weekly?end=${recent(i)}`],
  [
    "GET /sync/changes, one day to catch up",
    (_i, who) => `/sync/changes?cursor=${encodeCursor(cursorBeforeYesterday[who])}`,
  ],
  ["GET /foods/search, signed in (history boosts)", (i) => `/foods/search?q=${QUERIES[i % QUERIES.length]}`],
];
const p50s = new Map<string, number[]>();
const p99s = new Map<string, number[]>();
const exports = new Map<string, number[]>();
let weighIn = 0;
/** An untimed write by this user: every cache of ours that could answer the next read is dropped. */
const invalidate = (token: string) => call("PUT", `/weights/${TODAY}`, token, { kg: 70 + (weighIn++ % 10) / 10 });
try {
  // warm-up, untimed: the search index, each route's first compile
  for (const who of ["small", "big"] as const)
    for (const [, path] of KINDS) for (let i = 0; i < 5; i++) await call("GET", path(i, who), users[who].token);
  for (let r = 0; r < rounds; r++) {
    for (const who of ["small", "big"] as const) {
      const token = users[who].token;
      for (const [kind, path] of KINDS) {
        const times: number[] = [];
        for (let i = 0; i < requests; i++) {
          await invalidate(token);
          const s = performance.now();
          await call("GET", path(i, who), token);
          times.push(performance.now() - s);
        }
        times.sort((a, b) => a - b);
        const key = `${kind}|${who}`;
        p50s.set(key, [...(p50s.get(key) ?? []), times[Math.floor(times.length / 2)]!]);
        p99s.set(key, [...(p99s.get(key) ?? []), times[Math.floor(times.length * 0.99)]!]);
      }
    }
    for (const who of ["small", "mid", "big"] as const) {
      const s = performance.now();
      const doc = await call("GET", "/export", users[who].token);
      exports.set(who, [...(exports.get(who) ?? []), performance.now() - s]);
      if (r === 0) exports.set(`${who}:meals`, [doc.meals.length]);
    }
  }
} finally {
  server.proc.kill();
}

const med = (k: string, m: Map<string, number[]>) => median(m.get(k)!);
console.log(`bench:scale — ${machine()}`);
console.log(
  `data: ${totalMeals.toLocaleString("en")} meals of ${OTHERS + 3} users over ${YEARS} years (seeded in ${seedSeconds.toFixed(0)} s); big: ${exports.get("big:meals")![0]!.toLocaleString("en")} meals, 40 custom foods, goals with a Saturday goal; small: ${exports.get("small:meals")![0]} meals (one week), 3 custom foods, the same goals`,
);
console.log(
  `each timed request follows an untimed weigh-in by the same user (no cache answers it); ${rounds} rounds × ${requests} requests, one client\n`,
);
console.log("| request | small p50 ms | big p50 ms | big / small | small p99 | big p99 | goal |");
console.log("|---|---|---|---|---|---|---|");
for (const [kind] of KINDS) {
  const s = med(`${kind}|small`, p50s);
  const b = med(`${kind}|big`, p50s);
  console.log(
    `| ${kind} | ${s.toFixed(2)} | ${b.toFixed(2)} | ${(b / s).toFixed(2)}× | ${med(`${kind}|small`, p99s).toFixed(2)} | ${med(`${kind}|big`, p99s).toFixed(2)} | ≤ 2× |`,
  );
}
console.log("\n| export (JSON) | meals | ms (median) | ms per 1,000 meals |");
console.log("|---|---|---|---|");
for (const who of ["small", "mid", "big"]) {
  const n = exports.get(`${who}:meals`)![0]!;
  console.log(
    `| ${who} | ${n.toLocaleString("en")} | ${med(who, exports).toFixed(0)} | ${((med(who, exports) / n) * 1000).toFixed(1)} |`,
  );
}
const worst = KINDS.map(([kind]) => ({ kind, ratio: med(`${kind}|big`, p50s) / med(`${kind}|small`, p50s) })).sort(
  (a, b) => b.ratio - a.ratio,
)[0]!;
const perK = (who: string) => (med(who, exports) / exports.get(`${who}:meals`)![0]!) * 1000;
console.log(
  `summary: per-request p50, 10-year user among ${(totalMeals / 1e6).toFixed(2)} M meals vs a one-week user | worst ${worst.kind} ${worst.ratio.toFixed(2)}× | ${KINDS.map(([k]) => `${k.replace(/^GET /, "").split(",")[0]} ${(med(`${k}|big`, p50s) / med(`${k}|small`, p50s)).toFixed(2)}×`).join(", ")} | goal ≤ 2×`,
);
console.log(
  `summary: export, ms per 1,000 meals (mid ${exports.get("mid:meals")![0]!.toLocaleString("en")} / big ${exports.get("big:meals")![0]!.toLocaleString("en")} meals) | ${perK("mid").toFixed(1)} / ${perK("big").toFixed(1)} | — | ${(perK("big") / perK("mid")).toFixed(2)}× (linear = 1×)`,
);
