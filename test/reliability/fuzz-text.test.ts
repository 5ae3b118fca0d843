/**
 * Hostile text in well-formed requests, against a real server on either backend (the API suites'
 * second pass runs it on PostgreSQL): a valid body or query for each request that stores or looks up
 * text, with one text field replaced by a hostile string (NUL and other control characters, lone
 * surrogates, line separators, escapes, long and empty strings). Pass: never a 5xx, every error in the
 * contract's envelope, and no stored text holds a NUL. The fuzz from the OpenAPI document
 * (fuzz.test.ts) rarely gets a body past validation, so the database never saw its strings: a NUL in
 * a meal note, a 500 on PostgreSQL, was found by review instead.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { processSql, startProcess, TEST_BACKEND, tempDir } from "../helpers";

const RUNS = 1500;

const hostileText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\u0000".repeat(5),
    "\ud800",
    "x\udfffy",
    "\u0001\u001f\u007f",
    "\u2028\u2029",
    "\ufeff",
    "%00",
    "\\u0000",
    "' OR 1=1 --",
    "🍌",
    "é".repeat(120),
    "a".repeat(600),
    "",
    " ",
  ),
);

interface Seed {
  method: string;
  path: string;
  body?: Record<string, unknown>;
  /** Dot paths of the body's text fields, or "?name" for a query parameter. */
  fields: string[];
}

const meal = { food_id: 9040, quantity: 100, meal_type: "lunch", date: "2026-11-20", note: "n" };
// biome-ignore format: a table, one request a line
const SEEDS: Seed[] = [
  { method: "POST", path: "/login", body: { email: "text@example.org", password: "fuzz the text", device: "d" }, fields: ["email", "password", "device"] },
  { method: "PATCH", path: "/me", body: { name: "N", timezone: "UTC" }, fields: ["name", "timezone"] },
  { method: "POST", path: "/tokens", body: { name: "t", scopes: ["read"] }, fields: ["name", "scopes.0"] },
  { method: "POST", path: "/admin/invites", body: { note: "n" }, fields: ["note"] },
  { method: "POST", path: "/foods", body: { name: "F", brand: "B", nutrients: { energy_kcal: 100 }, portions: [{ name: "p", grams: 30 }] }, fields: ["name", "brand", "barcode", "portions.0.name"] },
  { method: "POST", path: "/foods", body: { name: "L", label: { per_100g: { energy_kcal: 100 }, serving: { text: "s", grams: 30 } } }, fields: ["label.serving.text"] },
  { method: "POST", path: "/meals", body: meal, fields: ["note", "photo_id"] },
  { method: "POST", path: "/meals", body: { meal_type: "snack", date: "2026-11-20", quick_add: { energy_kcal: 100, description: "d" } }, fields: ["quick_add.description"] },
  { method: "POST", path: "/recipes", body: { name: "R", brand: "B", servings: 2, ingredients: [{ food_id: 9040, quantity: 100 }], portions: [{ name: "bowl", grams: 50 }] }, fields: ["name", "brand", "portions.0.name"] },
  { method: "PUT", path: "/weights/2026-11-20", body: { kg: 70, note: "n" }, fields: ["note"] },
  { method: "POST", path: "/foods/parse", body: { text: "2 eggs" }, fields: ["text"] },
  { method: "POST", path: "/scanner/barcode", body: { barcode: "4006381333931", online: false }, fields: ["barcode"] },
  { method: "POST", path: "/sync/push", body: { mutations: [{ entity: "meal", op: "upsert", base_version: null, data: meal }] }, fields: ["mutations.0.data.note"] },
  { method: "GET", path: "/foods/search", fields: ["?q"] },
  { method: "GET", path: "/meals", fields: ["?cursor"] },
  { method: "GET", path: "/sync/changes", fields: ["?cursor"] },
  { method: "GET", path: "/weights/2026-11-20", fields: [] },
];

/** `body` with the text at `path` (a.b.0.c) set to `text`. */
function withText(body: Record<string, unknown>, path: string, text: string): Record<string, unknown> {
  const out = structuredClone(body);
  const keys = path.split(".");
  let at: Record<string, unknown> = out;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[keys.at(-1)!] = text;
  return out;
}

test(`${RUNS} well-formed requests with hostile text: no 5xx, envelopes everywhere, no NUL stored`, async () => {
  const dataDir = tempDir();
  const server = await startProcess(dataDir);
  try {
    expect(String(server.log.database)).toStartWith(TEST_BACKEND === "postgres" ? "postgres" : "sqlite");
    const register = await fetch(`${server.url}/api/v1/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "text@example.org", password: "fuzz the text", name: "T" }),
    });
    const token = ((await register.json()) as { access_token: string }).access_token;
    const counts = new Map<number, number>();
    const problems: string[] = [];
    const request = fc.record({
      seed: fc.constantFrom(...SEEDS.filter((s) => s.fields.length)),
      field: fc.nat(),
      text: hostileText,
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ seed, field, text }) => {
        const at = seed.fields[field % seed.fields.length]!;
        let path = `/api/v1${seed.path}`;
        let body = seed.body && structuredClone(seed.body);
        if (at.startsWith("?"))
          path += `?${at.slice(1)}=${encodeURIComponent(text.toWellFormed())}`; // a URL cannot carry a lone surrogate
        else body = withText(body!, at, text);
        if (seed.path === "/sync/push")
          for (const m of (body as { mutations: Record<string, unknown>[] }).mutations)
            Object.assign(m, { mutation_id: crypto.randomUUID(), id: crypto.randomUUID() });
        const res = await fetch(`${server.url}${path}`, {
          method: seed.method,
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: body && JSON.stringify(body),
        });
        counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
        const reply = await res.text();
        const what = `${seed.method} ${seed.path} ${at}=${JSON.stringify(text).slice(0, 40)}`;
        if (res.status >= 500) problems.push(`${what} → ${res.status} ${reply.slice(0, 160)}`);
        if (res.status >= 400 && !/^\{"error":\{"code":"[a-z_]+","message":"/.test(reply))
          problems.push(`${what} → ${res.status} without the error envelope`);
        if (seed.path === "/sync/push" && /"error":\{"code":"internal_error"/.test(reply))
          problems.push(`${what} → a mutation failed with internal_error`);
        return problems.length === 0;
      }),
      { numRuns: RUNS, seed: 47, endOnFailure: true },
    );
    console.log(`fuzz-text: ${RUNS} requests; statuses ${JSON.stringify(Object.fromEntries([...counts].sort()))}`);
    expect(problems).toEqual([]);
  } finally {
    await server.stop();
  }
  const stored = await processSql<Record<string, unknown>>(
    dataDir,
    "SELECT name AS t FROM users UNION ALL SELECT note FROM meals UNION ALL SELECT food_name FROM meals UNION ALL SELECT name FROM custom_foods UNION ALL SELECT brand FROM custom_foods UNION ALL SELECT name FROM custom_portions UNION ALL SELECT note FROM weights UNION ALL SELECT name FROM access_tokens UNION ALL SELECT device FROM sessions",
  );
  expect(stored.length).toBeGreaterThan(10);
  expect(stored.filter((r) => String(r.t).includes("\u0000"))).toEqual([]);
}, 300_000);
