/**
 * Personal access tokens: made once, kept hashed, listed with their last use, revocable, and held
 * to their scopes on every operation of the OpenAPI document (read: GET and the barcode lookup;
 * write: everything else; account operations: never).
 */
import { describe, expect, test } from "bun:test";
import { Clock, expectError, makeApp, registerUser } from "../helpers";

type Op = [method: string, path: string, scope: string];

async function operations(call: ReturnType<typeof makeApp>["call"]): Promise<Op[]> {
  const doc = (await call("GET", "/api/v1/openapi.json")).json;
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(
    doc.paths as Record<string, Record<string, { security?: Record<string, string[]>[] }>>,
  )) {
    for (const [method, op] of Object.entries(methods)) {
      const bearer = op.security?.find((s) => "bearer" in s)?.bearer;
      if (bearer) ops.push([method.toUpperCase(), path.replace(/\{[^}]+\}/g, "1"), bearer[0]!]);
    }
  }
  return ops;
}

describe("scopes on every operation", () => {
  test("read, write and read+write tokens: 403 forbidden exactly where the document says they lack the scope", async () => {
    const { call } = makeApp();
    const u = await registerUser(call);
    const make = async (scopes: string[]) =>
      (await call("POST", "/api/v1/tokens", { token: u.access_token, body: { name: scopes.join("+"), scopes } })).json
        .token as string;
    const tokens = { read: await make(["read"]), write: await make(["write"]), both: await make(["read", "write"]) };
    const ops = await operations(call);
    expect(ops.filter(([, , s]) => s === "read").length).toBeGreaterThan(8);
    expect(ops.filter(([, , s]) => s === "write").length).toBeGreaterThan(8);
    expect(ops.filter(([, , s]) => s === "account").length).toBeGreaterThan(10);
    expect(ops).toContainEqual(["POST", "/api/v1/scanner/barcode", "read"]);
    expect(ops).toContainEqual(["DELETE", "/api/v1/me", "account"]);
    expect(ops).toContainEqual(["POST", "/api/v1/tokens", "account"]);
    const problems: string[] = [];
    for (const [method, path, scope] of ops) {
      for (const [name, token] of Object.entries(tokens)) {
        const has = name === "both" ? scope !== "account" : scope === name;
        const r = await call(method, path, { token, body: method === "GET" || method === "DELETE" ? undefined : {} });
        if (r.status === 401 || r.status >= 500) problems.push(`${name} ${method} ${path}: ${r.status}`);
        if (has && r.status === 403) problems.push(`${name} ${method} ${path}: 403 but the token has ${scope}`);
        if (!has) {
          if (r.status !== 403 || r.json?.error?.code !== "forbidden")
            problems.push(`${name} ${method} ${path}: ${r.status}, expected 403 forbidden`);
          else if (!r.json.error.message.includes(scope === "account" ? "sign in" : `"${scope}"`))
            problems.push(`${name} ${method} ${path}: message ${r.json.error.message}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // the account is whole: no token deleted it or changed its password
    expect((await call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } })).status).toBe(200);
  });

  test("a write token logs a meal; a read token reads it back and is refused the write", async () => {
    const { call } = makeApp();
    const u = await registerUser(call);
    const mk = async (scopes: string[]) =>
      (await call("POST", "/api/v1/tokens", { token: u.access_token, body: { name: "ha", scopes } })).json;
    const writer = await mk(["write"]);
    const reader = await mk(["read"]);
    const meal = await call("POST", "/api/v1/meals", {
      token: writer.token,
      body: { food_id: 9040, quantity: 118, meal_type: "snack" },
    });
    expect(meal.status).toBe(201);
    const day = await call("GET", `/api/v1/meals/daily?date=${meal.json.date}`, { token: reader.token });
    expect(day.json.meals.map((m: { id: string }) => m.id)).toEqual([meal.json.id]);
    expect((await call("HEAD", `/api/v1/meals/daily?date=${meal.json.date}`, { token: reader.token })).status).toBe(
      200,
    ); // HEAD reads like GET
    const e = expectError(
      await call("POST", "/api/v1/meals", {
        token: reader.token,
        body: { food_id: 9040, quantity: 1, meal_type: "snack" },
      }),
      403,
      "forbidden",
    );
    expect(e.message).toContain('"write"');
    // a body the route would refuse still gets the scope's answer first
    expectError(await call("POST", "/api/v1/meals", { token: reader.token, raw: "{broken" }), 403, "forbidden");
    expect(
      (await call("GET", `/api/v1/meals/daily?date=${meal.json.date}`, { token: u.access_token })).json.meals.length,
    ).toBe(1);
  });

  test("a token cannot change the password or the email, even with write; it may change the name", async () => {
    const { call } = makeApp();
    const u = await registerUser(call);
    const t = (
      await call("POST", "/api/v1/tokens", { token: u.access_token, body: { name: "x", scopes: ["read", "write"] } })
    ).json.token;
    expectError(
      await call("PATCH", "/api/v1/me", {
        token: t,
        body: { password: "a new long password", current_password: u.password },
      }),
      403,
      "forbidden",
    );
    expectError(
      await call("PATCH", "/api/v1/me", {
        token: t,
        body: { email: "taken.over@example.org", current_password: u.password },
      }),
      403,
      "forbidden",
    );
    expect((await call("PATCH", "/api/v1/me", { token: t, body: { name: "Ana B" } })).json.name).toBe("Ana B");
    expect((await call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } })).status).toBe(200);
  });
});

describe("the token's life", () => {
  test("shown once, stored as a hash, listed with last use, revoked → 401 at once", async () => {
    const clock = new Clock("2026-11-22T12:00:00Z");
    const { call, sql } = makeApp({ clock });
    const u = await registerUser(call);
    const made = await call("POST", "/api/v1/tokens", {
      token: u.access_token,
      body: { name: "  Home Assistant ", scopes: ["write", "read"], expires_in_days: 30 },
    });
    expect(made.status).toBe(201);
    expect(made.headers.get("location")).toBe(`/api/v1/tokens/${made.json.id}`);
    expect(made.json).toMatchObject({
      name: "Home Assistant",
      scopes: ["read", "write"],
      expires_at: "2026-12-22T12:00:00.000Z",
      last_used_at: null,
    });
    expect(made.json.token).toMatch(/^morsel_pat_[A-Za-z0-9_-]{43}$/);
    const stored = await sql("SELECT * FROM access_tokens");
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(made.json.token.slice(11));

    clock.advance(5 * 60_000);
    expect((await call("GET", "/api/v1/me", { token: made.json.token })).status).toBe(200);
    const listed = (await call("GET", "/api/v1/tokens", { token: u.access_token })).json.items;
    expect(listed).toEqual([
      {
        id: made.json.id,
        name: "Home Assistant",
        scopes: ["read", "write"],
        created_at: "2026-11-22T12:00:00.000Z",
        expires_at: "2026-12-22T12:00:00.000Z",
        last_used_at: "2026-11-22T12:05:00.000Z",
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain("morsel_pat_");

    expect((await call("DELETE", `/api/v1/tokens/${made.json.id}`, { token: u.access_token })).status).toBe(204);
    expectError(await call("GET", "/api/v1/me", { token: made.json.token }), 401, "invalid_token");
    expect((await call("GET", "/api/v1/tokens", { token: u.access_token })).json.items).toEqual([]);
    expectError(await call("DELETE", `/api/v1/tokens/${made.json.id}`, { token: u.access_token }), 404, "not_found");
  });

  test("an expired token → 401 token_expired; one without expiry lives on", async () => {
    const clock = new Clock("2026-11-22T12:00:00Z");
    const { call } = makeApp({ clock });
    const u = await registerUser(call);
    const short = (
      await call("POST", "/api/v1/tokens", {
        token: u.access_token,
        body: { name: "a", scopes: ["read"], expires_in_days: 1 },
      })
    ).json.token;
    const forever = (
      await call("POST", "/api/v1/tokens", {
        token: u.access_token,
        body: { name: "b", scopes: ["read"], expires_in_days: null },
      })
    ).json;
    expect(forever.expires_at).toBeNull();
    clock.advance(86_400_000);
    expectError(await call("GET", "/api/v1/goals", { token: short }), 401, "token_expired");
    expect((await call("GET", "/api/v1/goals", { token: forever.token })).status).toBe(200);
  });

  test("bad input → 400 with the field; another user's token id → 404; a made-up token → 401", async () => {
    const { call } = makeApp();
    const a = await registerUser(call);
    const b = await registerUser(call);
    const post = (body: unknown) => call("POST", "/api/v1/tokens", { token: a.access_token, body });
    for (const [body, field] of [
      [{ name: "", scopes: ["read"] }, "name"],
      [{ name: "x".repeat(101), scopes: ["read"] }, "name"],
      [{ name: "x", scopes: [] }, "scopes"],
      [{ name: "x", scopes: ["admin"] }, "scopes"],
      [{ name: "x", scopes: ["account"] }, "scopes"],
      [{ name: "x", scopes: "read" }, "scopes"],
      [{ name: "x", scopes: ["read"], expires_in_days: 0 }, "expires_in_days"],
      [{ name: "x", scopes: ["read"], expires_in_days: 3651 }, "expires_in_days"],
      [{ name: "x", scopes: ["read"], expires_in_days: "30" }, "expires_in_days"],
      [{ scopes: ["read"] }, "name"],
    ] as const) {
      const e = expectError(await post(body), 400, "validation_failed");
      expect(e.details?.map((d) => d.field)).toContain(field);
    }
    expect((await call("GET", "/api/v1/tokens", { token: a.access_token })).json.items).toEqual([]);
    const bt = (
      await call("POST", "/api/v1/tokens", { token: b.access_token, body: { name: "b's", scopes: ["read"] } })
    ).json;
    expectError(await call("DELETE", `/api/v1/tokens/${bt.id}`, { token: a.access_token }), 404, "not_found");
    expectError(await call("DELETE", "/api/v1/tokens/abc", { token: a.access_token }), 400, "validation_failed");
    expect((await call("GET", "/api/v1/me", { token: bt.token })).json.id).toBe(b.user.id);
    expectError(await call("GET", "/api/v1/me", { token: `morsel_pat_${"A".repeat(43)}` }), 401, "invalid_token");
    // a token is not a session: it cannot list, make or revoke tokens
    expectError(await call("GET", "/api/v1/tokens", { token: bt.token }), 403, "forbidden");
    expectError(await call("DELETE", `/api/v1/tokens/${bt.id}`, { token: bt.token }), 403, "forbidden");
  });
});
