/**
 * No text takes U+0000 (NUL): PostgreSQL's text cannot hold it (every such write was a 500 there,
 * and stored on SQLite). Every body field, query and path parameter that is text is refused with
 * 400 validation_failed naming it, on both backends, and nothing is stored. The rule is in the
 * schemas (schema/schemas.ts Text), so the OpenAPI document says it for every such string.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
const { call } = t;
const NUL = "a\u0000b";
const TABLES = [
  "users",
  "sessions",
  "access_tokens",
  "account_codes",
  "server_settings",
  "custom_foods",
  "custom_portions",
  "meals",
  "goal_plans",
  "weights",
  "recipes",
  "recipe_ingredients",
  "sync_log",
];

/** Every row of every table that holds what users write, as sorted JSON. */
async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const json = (v: unknown) => JSON.stringify(v, (_, x) => (typeof x === "bigint" ? String(x) : x));
  for (const table of TABLES) out[table] = (await t.sql<unknown>(`SELECT * FROM ${table}`)).map(json).sort();
  return out;
}

let admin: Awaited<ReturnType<typeof registerUser>>;
let token = "";
let foodId = 0;
let recipeId = 0;
let mealId = "";

beforeAll(async () => {
  admin = await registerUser(call);
  token = admin.access_token;
  foodId = (await call("POST", "/api/v1/foods", { token, body: { name: "Granola", nutrients: { energy_kcal: 450 } } }))
    .json.id;
  recipeId = (
    await call("POST", "/api/v1/recipes", {
      token,
      body: { name: "Stew", servings: 2, ingredients: [{ food_id: 9040, quantity: 100 }] },
    })
  ).json.id;
  mealId = (await call("POST", "/api/v1/meals", { token, body: { food_id: 9040, quantity: 100, meal_type: "lunch" } }))
    .json.id;
  expect(mealId).toBeString();
  await call("PUT", "/api/v1/weights/2026-11-20", { token, body: { kg: 70 } });
});

interface Case {
  method: string;
  path: () => string;
  body?: () => Record<string, unknown>;
  /** The field details must name. */
  field: string;
  anonymous?: true;
}

const register = (over: Record<string, unknown>) => () => ({
  email: "nul@example.org",
  password: "correct horse battery",
  name: "Nul",
  ...over,
});
const login = (over: Record<string, unknown>) => () => ({
  email: admin.email,
  password: admin.password,
  ...over,
});
const food = (over: Record<string, unknown>) => () => ({ name: "Bar", nutrients: { energy_kcal: 100 }, ...over });
const recipe = (over: Record<string, unknown>) => () => ({
  name: "Soup",
  servings: 2,
  ingredients: [{ food_id: 9040, quantity: 100 }],
  ...over,
});
const meal = (over: Record<string, unknown>) => () => ({ food_id: 9040, quantity: 100, meal_type: "snack", ...over });
const at = (path: string) => () => path;

// biome-ignore format: a table, one endpoint and field a line
const CASES: Case[] = [
  { method: "POST", path: at("/register"), body: register({ name: NUL }), field: "name", anonymous: true },
  { method: "POST", path: at("/register"), body: register({ email: `n${NUL}@example.org` }), field: "email", anonymous: true },
  { method: "POST", path: at("/register"), body: register({ password: `long enough ${NUL}` }), field: "password", anonymous: true },
  { method: "POST", path: at("/register"), body: register({ timezone: NUL }), field: "timezone", anonymous: true },
  { method: "POST", path: at("/register"), body: register({ invite_code: NUL }), field: "invite_code", anonymous: true },
  { method: "POST", path: at("/register"), body: register({ device: NUL }), field: "device", anonymous: true },
  { method: "POST", path: at("/login"), body: login({ device: NUL }), field: "device", anonymous: true },
  { method: "POST", path: at("/login"), body: login({ email: `a${NUL}@example.org` }), field: "email", anonymous: true },
  { method: "POST", path: at("/login"), body: login({ password: NUL }), field: "password", anonymous: true },
  { method: "POST", path: at("/refresh"), body: () => ({ refresh_token: NUL }), field: "refresh_token", anonymous: true },
  { method: "POST", path: at("/logout"), body: () => ({ refresh_token: NUL }), field: "refresh_token", anonymous: true },
  { method: "POST", path: at("/password-reset"), body: () => ({ email: admin.email, code: NUL, password: "a new password" }), field: "code", anonymous: true },
  { method: "PATCH", path: at("/me"), body: () => ({ name: NUL }), field: "name" },
  { method: "PATCH", path: at("/me"), body: () => ({ timezone: NUL }), field: "timezone" },
  { method: "PATCH", path: at("/me"), body: () => ({ weight_unit: NUL }), field: "weight_unit" },
  { method: "PATCH", path: at("/me"), body: () => ({ password: `new one ${NUL}`, current_password: admin.password }), field: "password" },
  { method: "DELETE", path: at("/me"), body: () => ({ password: NUL }), field: "password" },
  { method: "POST", path: at("/tokens"), body: () => ({ name: NUL, scopes: ["read"] }), field: "name" },
  { method: "POST", path: at("/tokens"), body: () => ({ name: "phone", scopes: [NUL] }), field: "scopes.0" },
  { method: "POST", path: at("/admin/invites"), body: () => ({ note: NUL }), field: "note" },
  { method: "POST", path: at("/foods"), body: food({ name: NUL }), field: "name" },
  { method: "POST", path: at("/foods"), body: food({ brand: NUL }), field: "brand" },
  { method: "POST", path: at("/foods"), body: food({ barcode: NUL }), field: "barcode" },
  { method: "POST", path: at("/foods"), body: food({ portions: [{ name: NUL, grams: 30 }] }), field: "portions.0.name" },
  { method: "POST", path: at("/foods"), body: food({ label: { per_100g: { energy_kcal: 100 }, serving: { text: NUL, grams: 30 } } }), field: "label.serving.text" },
  { method: "POST", path: at("/foods"), body: food({ label: { per_100g: { [NUL]: 1, energy_kcal: 100 } } }), field: "label.per_100g.a\\u0000b" },
  { method: "PATCH", path: () => `/foods/${foodId}`, body: () => ({ name: NUL }), field: "name" },
  { method: "POST", path: at("/recipes"), body: recipe({ name: NUL }), field: "name" },
  { method: "POST", path: at("/recipes"), body: recipe({ brand: NUL }), field: "brand" },
  { method: "POST", path: at("/recipes"), body: recipe({ portions: [{ name: NUL, grams: 50 }] }), field: "portions.0.name" },
  { method: "PATCH", path: () => `/recipes/${recipeId}`, body: () => ({ name: NUL }), field: "name" },
  { method: "POST", path: at("/meals"), body: meal({ note: NUL }), field: "note" },
  { method: "POST", path: at("/meals"), body: meal({ photo_id: NUL }), field: "photo_id" },
  { method: "POST", path: at("/meals"), body: () => ({ meal_type: "snack", quick_add: { energy_kcal: 100, description: NUL } }), field: "quick_add.description" },
  { method: "PATCH", path: () => `/meals/${mealId}`, body: () => ({ note: NUL }), field: "note" },
  { method: "POST", path: at("/weights"), body: () => ({ kg: 71, note: NUL }), field: "note" },
  { method: "PUT", path: at("/weights/2026-11-20"), body: () => ({ kg: 71, note: NUL }), field: "note" },
  { method: "POST", path: at("/foods/parse"), body: () => ({ text: `2 eggs${NUL}` }), field: "text" },
  { method: "POST", path: at("/scanner/barcode"), body: () => ({ barcode: NUL }), field: "barcode" },
  { method: "GET", path: at("/foods/search?q=egg%00s"), field: "q" },
  { method: "GET", path: at("/meals?cursor=a%00b"), field: "cursor" },
  { method: "GET", path: at("/recipes?cursor=a%00b"), field: "cursor" },
  { method: "GET", path: at("/sync/changes?cursor=a%00b"), field: "cursor" },
  { method: "GET", path: at("/stats/daily?date=2026-11-2%00"), field: "date" },
  { method: "GET", path: at("/stats/weekly?end=2026-11-2%00"), field: "end" },
  { method: "GET", path: at("/weights/2026-11-2%00"), field: "date" },
  { method: "PUT", path: at("/weights/2026-11-2%00"), body: () => ({ kg: 71 }), field: "date" },
];

describe("a NUL in any text is 400 validation_failed naming the field, and nothing is stored", () => {
  for (const c of CASES) {
    test(`${c.method} ${c.path().replace(/\d{7}/, ":id")} ${c.field}`, async () => {
      const before = await snapshot();
      const r = await call(c.method, `/api/v1${c.path()}`, {
        token: c.anonymous ? undefined : token,
        body: c.body?.(),
      });
      const e = expectError(r, 400, "validation_failed");
      expect(e.details?.map((d) => d.field)).toContain(c.field);
      expect(e.details?.find((d) => d.field === c.field)?.message).toContain("U+0000");
      expect(await snapshot()).toEqual(before);
    });
  }
});

test("a sync push: the mutation with a NUL is rejected naming its field, the one beside it applies", async () => {
  const before = await t.sql<{ n: number }>("SELECT CAST(count(*) AS integer) AS n FROM meals");
  const mutation = (data: Record<string, unknown>) => ({
    mutation_id: crypto.randomUUID(),
    entity: "meal",
    id: crypto.randomUUID(),
    op: "upsert",
    base_version: null,
    data: { food_id: 9040, quantity: 100, meal_type: "dinner", ...data },
  });
  const r = await call("POST", "/api/v1/sync/push", {
    token,
    body: { mutations: [mutation({ note: NUL }), mutation({ note: "fine" })] },
  });
  expect(r.status).toBe(200);
  const [bad, good] = r.json.results;
  expect(bad.status).toBe("rejected");
  expect(bad.error.code).toBe("validation_failed");
  expect(bad.error.details.map((d: { field: string }) => d.field)).toContain("note");
  expect(good.status).toBe("applied");
  expect(await t.sql("SELECT CAST(count(*) AS integer) AS n FROM meals")).toEqual([{ n: before[0]!.n + 1 }]);
});

type Json = Record<string, unknown>;

/** Places in requests (body fields, record keys, query and path parameters) where a string may hold a NUL. */
function takesNul(doc: Json): string[] {
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
  const refuses = (pattern: unknown) => typeof pattern === "string" && !new RegExp(pattern).test(NUL);
  const out: string[] = [];
  const walk = (s: Json | undefined, at: string, refs: Set<string>): void => {
    if (!s || typeof s !== "object") return;
    if (typeof s.$ref === "string") {
      if (refs.has(s.$ref)) return;
      walk(schemas[s.$ref.split("/").pop()!], at, new Set([...refs, s.$ref]));
      return;
    }
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes("string") && !s.format && !s.enum && s.const === undefined && !refuses(s.pattern)) out.push(at);
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Json>)) walk(v, `${at}.${k}`, refs);
    for (const [key, v] of Object.entries((s.patternProperties ?? {}) as Record<string, Json>)) {
      if (!refuses(key) || s.additionalProperties !== false) out.push(`${at}{key}`);
      walk(v, `${at}{}`, refs);
    }
    if (typeof s.additionalProperties === "object") walk(s.additionalProperties as Json, `${at}{}`, refs);
    if (s.items) walk(s.items as Json, `${at}[]`, refs);
    for (const k of ["anyOf", "oneOf", "allOf"]) for (const m of (s[k] ?? []) as Json[]) walk(m, at, refs);
  };
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const name = `${method.toUpperCase()} ${path}`;
      for (const p of (op.parameters ?? []) as { name: string; in: string; schema: Json }[])
        walk(p.schema, `${name} ${p.in} ${p.name}`, new Set());
      const content = (op.requestBody as { content?: Record<string, { schema: Json }> } | undefined)?.content ?? {};
      for (const [type, media] of Object.entries(content)) walk(media.schema, `${name} (${type})`, new Set());
    }
  }
  return out;
}

test("the OpenAPI document refuses NUL in every request string that is not a format or an enum", async () => {
  const doc = (await call("GET", "/api/v1/openapi.json")).json as Json;
  expect(takesNul(doc)).toEqual([]);
  // the walk finds what it looks for: a plain string property, and a record with plain keys
  const probe = structuredClone(doc) as { paths: Record<string, Record<string, Json>> };
  const properties = { x: { type: "string" }, y: { type: "object", patternProperties: { "^(.*)$": {} } } };
  probe.paths["/probe"] = {
    post: { requestBody: { content: { "application/json": { schema: { type: "object", properties } } } } },
  };
  expect(takesNul(probe)).toEqual(["POST /probe (application/json).x", "POST /probe (application/json).y{key}"]);
});
