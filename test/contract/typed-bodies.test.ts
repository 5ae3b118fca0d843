/**
 * Every request body in the OpenAPI document is typed all the way down: no schema that accepts
 * anything (what t.Any / t.Unknown become), so a client generated from the document is typed too.
 * And a wrong-typed nested value is refused, never turned into an empty object on the way in.
 */
import { expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const { call } = makeApp();

type Json = Record<string, unknown>;
/** Keys that say nothing about what a value may be. */
const WORDS = new Set(["description", "title", "default", "example", "examples"]);

function untypedPlaces(doc: Json): string[] {
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
  const out: string[] = [];
  const walk = (s: Json | undefined, at: string, refs: Set<string>): void => {
    if (!s || typeof s !== "object") return;
    if (typeof s.$ref === "string") {
      if (refs.has(s.$ref)) return; // a schema that contains itself
      walk(schemas[s.$ref.split("/").pop()!], at, new Set([...refs, s.$ref]));
      return;
    }
    if (Object.keys(s).every((k) => WORDS.has(k))) out.push(at);
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Json>)) walk(v, `${at}.${k}`, refs);
    for (const v of Object.values((s.patternProperties ?? {}) as Record<string, Json>)) walk(v, `${at}{}`, refs);
    if (typeof s.additionalProperties === "object") walk(s.additionalProperties as Json, `${at}{}`, refs);
    if (s.items) walk(s.items as Json, `${at}[]`, refs);
    for (const k of ["anyOf", "oneOf", "allOf"]) for (const m of (s[k] ?? []) as Json[]) walk(m, at, refs);
  };
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const content = (op.requestBody as { content?: Record<string, { schema: Json }> } | undefined)?.content ?? {};
      for (const [type, media] of Object.entries(content))
        walk(media.schema, `${method.toUpperCase()} ${path} (${type})`, new Set());
    }
  }
  return out;
}

test("no request body in the OpenAPI document has an untyped part", async () => {
  const doc = (await call("GET", "/api/v1/openapi.json")).json as Json;
  const bodies = Object.values(doc.paths as Record<string, Record<string, Json>>)
    .flatMap((ops) => Object.values(ops))
    .filter((op) => op.requestBody);
  expect(bodies.length).toBeGreaterThan(20);
  expect(untypedPlaces(doc)).toEqual([]);
  // the walk finds what it looks for: an Any-shaped property is reported
  const probe = structuredClone(doc) as { paths: Record<string, Record<string, Json>> };
  probe.paths["/probe"] = {
    post: {
      requestBody: { content: { "application/json": { schema: { type: "object", properties: { x: {} } } } } },
    },
  };
  expect(untypedPlaces(probe)).toEqual(["POST /probe (application/json).x"]);
});

test("a wrong-typed nested value is a 400 naming it, not an empty object", async () => {
  const { access_token: token } = await registerUser(call);
  const put = (body: unknown) => call("PUT", "/api/v1/goals", { token, body });
  for (const weekdays of [[1], 5, "monday"]) {
    const e = expectError(await put({ energy_kcal: 2000, weekdays }), 400, "validation_failed");
    expect(e.details?.[0]?.field).toBe("weekdays");
  }
  const e = expectError(await put({ weekdays: { friday: 2000 } }), 400, "validation_failed");
  expect(e.details?.[0]?.field).toBe("weekdays.friday");
  const recipe = { name: "Stew", servings: 2, ingredients: [5] };
  const r = expectError(await call("POST", "/api/v1/recipes", { token, body: recipe }), 400, "validation_failed");
  expect(r.details?.[0]?.field).toBe("ingredients.0");
  const food = { name: "Bar", nutrients: { energy_kcal: 100 }, portions: [7] };
  const f = expectError(await call("POST", "/api/v1/foods", { token, body: food }), 400, "validation_failed");
  expect(f.details?.[0]?.field).toBe("portions.0");
  expect((await call("GET", "/api/v1/goals", { token })).json.schedule).toEqual([]);
});
