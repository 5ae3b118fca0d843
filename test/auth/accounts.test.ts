/** POST /register, /login, /refresh, /logout and GET/PATCH/DELETE /me (API.md §Accounts). */
import { describe, expect, test } from "bun:test";
import { expectError, jwtHeader, jwtPayload, makeApp, registerUser } from "../helpers";

const t = makeApp();
const { call, clock } = t;

describe("POST /register", () => {
  test("201 with the token pair; email trimmed and lower-cased; timezone defaults to UTC", async () => {
    const r = await call("POST", "/api/v1/register", {
      body: { email: "  Ana.Silva@Example.ORG ", password: "correct horse", name: "  Ana  " },
    });
    expect(r.status).toBe(201);
    expect(r.json).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 3600,
      user: {
        id: expect.any(Number),
        email: "ana.silva@example.org",
        name: "Ana",
        timezone: "UTC",
        role: "admin",
        weight_unit: "kg",
        region: "US",
      },
    });
  });

  test("tokens: access carries sub, sid, typ, iat and exp = iat + 3600; refresh lives 30 days with a jti", async () => {
    const u = await registerUser(call, { timezone: "europe/lisbon" });
    expect(u.user.timezone).toBe("Europe/Lisbon");
    const a = jwtPayload(u.access_token);
    expect(a.sub).toBe(String(u.user.id));
    expect(a.typ).toBe("access");
    expect(typeof a.sid).toBe("string");
    expect(a.iat).toBe(Math.floor(clock.now().getTime() / 1000));
    expect((a.exp as number) - (a.iat as number)).toBe(3600);
    expect(jwtHeader(u.access_token)).toEqual({ alg: "HS256", typ: "at+jwt" });
    const r = jwtPayload(u.refresh_token);
    expect(r.typ).toBe("refresh");
    expect(r.sid).toBe(a.sid);
    expect(typeof r.jti).toBe("string");
    expect((r.exp as number) - (r.iat as number)).toBe(30 * 24 * 3600);
  });

  test("the same email in another case → 409 email_taken", async () => {
    const u = await registerUser(call);
    const r = await call("POST", "/api/v1/register", {
      body: { email: u.email.toUpperCase(), password: "another password", name: "B" },
    });
    expectError(r, 409, "email_taken");
  });

  test.each([
    ["a bad email", { email: "not-an-email" }, "email"],
    ["an email without a domain dot", { email: "ana@localhost" }, "email"],
    ["an email over 254 characters", { email: `${"a".repeat(250)}@example.org` }, "email"],
    ["a short password", { password: "1234567" }, "password"],
    ["a long password", { password: "x".repeat(129) }, "password"],
    ["a blank name", { name: "   " }, "name"],
    ["a 101-character name", { name: "n".repeat(101) }, "name"],
    ["a bad timezone", { timezone: "Mars/Olympus" }, "timezone"],
    ["a number for a name", { name: 42 }, "name"],
    ["no password", { password: undefined }, "password"],
  ])("%s → 400 validation_failed on that field", async (_n, over, field) => {
    const body = { email: `v${crypto.randomUUID()}@example.org`, password: "correct horse", name: "Ana", ...over };
    const e = expectError(await call("POST", "/api/v1/register", { body }), 400, "validation_failed");
    expect(e.details?.map((d) => d.field)).toContain(field);
  });

  test("128 characters and 100-character names are accepted (bounds are inclusive)", async () => {
    const u = await registerUser(call, { password: "p".repeat(128), name: "n".repeat(100) });
    expect(u.user.name).toHaveLength(100);
  });

  test("several bad fields are all reported", async () => {
    const e = expectError(
      await call("POST", "/api/v1/register", { body: { email: "x", password: "1", name: "" } }),
      400,
      "validation_failed",
    );
    expect(e.details?.map((d) => d.field).sort()).toEqual(["email", "name", "password"]);
  });

  test("malformed JSON → 400 malformed_json; wrong content type → 415; huge body → 413", async () => {
    expectError(await call("POST", "/api/v1/register", { raw: '{"email": "a@b.co",' }), 400, "malformed_json");
    expectError(await call("POST", "/api/v1/register", { raw: "" }), 400, "malformed_json");
    expectError(
      await call("POST", "/api/v1/register", {
        raw: "email=a@b.co",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
      "unsupported_media_type",
    );
    expectError(
      await call("POST", "/api/v1/register", { raw: "{}", headers: { "content-type": "text/plain" } }),
      415,
      "unsupported_media_type",
    );
    const huge = JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024), name: "A" });
    expectError(await call("POST", "/api/v1/register", { raw: huge }), 413, "payload_too_large");
    expectError(await call("POST", "/api/v1/register", { raw: "[1,2]" }), 400, "validation_failed");
  });
});

describe("POST /login", () => {
  test("200 with a new token pair and session", async () => {
    const u = await registerUser(call);
    const r = await call("POST", "/api/v1/login", {
      body: { email: ` ${u.email.toUpperCase()} `, password: u.password },
    });
    expect(r.status).toBe(200);
    expect(r.json.user).toEqual(u.user);
    expect(jwtPayload(r.json.access_token).sid).not.toBe(jwtPayload(u.access_token).sid);
  });

  test("wrong password and unknown email: the same 401 invalid_credentials with WWW-Authenticate, and the same password work", async () => {
    // Not timed (a wall-clock ratio failed on a loaded machine): the cause of equal time is checked
    // instead. Each login makes exactly one argon2 verification, against a hash of the same algorithm
    // and cost, whether the account exists or not.
    const app = makeApp();
    const u = await registerUser(app.call);
    const verify = Bun.password.verify;
    const verified: string[] = [];
    Bun.password.verify = (password, hash, ...rest) => {
      verified.push(String(hash));
      return verify(password, hash, ...rest);
    };
    const params = (hash: string) => hash.split("$").slice(0, 4).join("$"); // "$argon2id$v=19$m=…,t=…,p=…"
    try {
      for (let i = 0; i < 3; i++) {
        const hashes: string[] = [];
        for (const body of [
          { email: u.email, password: `wrong password ${i}` },
          { email: `nobody${i}@example.org`, password: "wrong password" },
        ]) {
          verified.length = 0;
          const r = await app.call("POST", "/api/v1/login", { body });
          const e = expectError(r, 401, "invalid_credentials");
          expect(e.message).toBe("email or password is wrong");
          expect(r.headers.get("www-authenticate")).toBe('Bearer realm="morsel"');
          expect(verified).toHaveLength(1);
          hashes.push(verified[0]!);
        }
        const [own, stand] = hashes.map(params);
        expect(own).toMatch(/^\$argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+$/);
        expect(stand).toBe(own!);
        expect(hashes[1]).not.toBe(hashes[0]); // the unknown email was checked against a stand-in, not the account
      }
    } finally {
      Bun.password.verify = verify;
    }
  });

  test("5 failures for one email → 429 with Retry-After, even with the right password; the window passes", async () => {
    const app = makeApp();
    const u = await registerUser(app.call);
    for (let i = 0; i < 5; i++)
      expectError(
        await app.call("POST", "/api/v1/login", { body: { email: u.email, password: "nope nope" } }),
        401,
        "invalid_credentials",
      );
    const blocked = await app.call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } });
    expectError(blocked, 429, "rate_limited");
    const retry = Number(blocked.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    app.clock.advance(retry * 1000);
    expect((await app.call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } })).status).toBe(
      200,
    );
  });

  test("success resets the count", async () => {
    const app = makeApp();
    const u = await registerUser(app.call);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++)
        await app.call("POST", "/api/v1/login", { body: { email: u.email, password: "nope nope" } });
      expect((await app.call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } })).status).toBe(
        200,
      );
    }
  });

  test("20 failures from one address across emails → 429 for any email from it", async () => {
    const app = makeApp();
    const u = await registerUser(app.call);
    for (let i = 0; i < 20; i++)
      await app.call("POST", "/api/v1/login", { body: { email: `x${i}@example.org`, password: "nope nope" } });
    expectError(
      await app.call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } }),
      429,
      "rate_limited",
    );
  });

  test("bad input → 400 validation_failed", async () => {
    expectError(
      await call("POST", "/api/v1/login", { body: { email: "ana", password: "x" } }),
      400,
      "validation_failed",
    );
    expectError(await call("POST", "/api/v1/login", { body: { email: "ana@example.org" } }), 400, "validation_failed");
    expectError(
      await call("POST", "/api/v1/login", { body: { email: "ana@example.org", password: 5 } }),
      400,
      "validation_failed",
    );
    expectError(await call("POST", "/api/v1/login", { raw: "nope" }), 400, "malformed_json");
  });
});

describe("POST /refresh", () => {
  test("rotates: a new pair, the presented token is spent", async () => {
    const u = await registerUser(call);
    clock.advance(10_000);
    const r = await call("POST", "/api/v1/refresh", { body: { refresh_token: u.refresh_token } });
    expect(r.status).toBe(200);
    expect(r.json.refresh_token).not.toBe(u.refresh_token);
    expect(r.json.user).toEqual(u.user);
    expect(jwtPayload(r.json.access_token).sid).toBe(jwtPayload(u.access_token).sid);
    // the new one works once more
    const again = await call("POST", "/api/v1/refresh", { body: { refresh_token: r.json.refresh_token } });
    expect(again.status).toBe(200);
  });

  test("a spent token past the 30 s grace window → 401 refresh_token_reused, and the whole session is revoked", async () => {
    const app = makeApp();
    const u = await registerUser(app.call);
    const next = (await app.call("POST", "/api/v1/refresh", { body: { refresh_token: u.refresh_token } })).json;
    app.clock.advance(30_001);
    const reuse = await app.call("POST", "/api/v1/refresh", { body: { refresh_token: u.refresh_token } });
    expectError(reuse, 401, "refresh_token_reused");
    expect(reuse.headers.get("www-authenticate")).toContain('error="invalid_token"');
    // the legitimate holder's tokens from the same session stop working too
    expectError(
      await app.call("POST", "/api/v1/refresh", { body: { refresh_token: next.refresh_token } }),
      401,
      "invalid_refresh_token",
    );
    expectError(await app.call("GET", "/api/v1/me", { token: next.access_token }), 401, "invalid_token");
    expectError(await app.call("GET", "/api/v1/me", { token: u.access_token }), 401, "invalid_token");
  });

  test("a retried refresh within 30 s gets the same successor pair, and the session lives on", async () => {
    const app = makeApp();
    const u = await registerUser(app.call);
    const first = await app.call("POST", "/api/v1/refresh", { body: { refresh_token: u.refresh_token } });
    app.clock.advance(29_000);
    const retry = await app.call("POST", "/api/v1/refresh", { body: { refresh_token: u.refresh_token } });
    expect(retry.status).toBe(200);
    expect(retry.json.refresh_token).toBe(first.json.refresh_token);
    expect(retry.json.access_token).toBe(first.json.access_token);
    expect((await app.call("GET", "/api/v1/me", { token: retry.json.access_token })).status).toBe(200);
    // the successor rotates normally; after that the first token is plain reuse, even within 30 s
    const third = await app.call("POST", "/api/v1/refresh", { body: { refresh_token: retry.json.refresh_token } });
    expect(third.status).toBe(200);
    expectError(
      await app.call("POST", "/api/v1/refresh", { body: { refresh_token: u.refresh_token } }),
      401,
      "refresh_token_reused",
    );
    expectError(await app.call("GET", "/api/v1/me", { token: third.json.access_token }), 401, "invalid_token");
  });

  test("the grace ends at the first use of the successor's access token: the spent token is then reuse", async () => {
    const app = makeApp();
    const u = await registerUser(app.call);
    const next = (await app.call("POST", "/api/v1/refresh", { body: { refresh_token: u.refresh_token } })).json;
    expect((await app.call("GET", "/api/v1/me", { token: u.access_token })).status).toBe(200); // the old access token: no answer learnt yet
    app.clock.advance(1000);
    expect((await app.call("GET", "/api/v1/me", { token: next.access_token })).status).toBe(200); // the client got its answer
    app.clock.advance(1000); // well inside 30 s
    expectError(
      await app.call("POST", "/api/v1/refresh", { body: { refresh_token: u.refresh_token } }),
      401,
      "refresh_token_reused",
    );
    expectError(await app.call("GET", "/api/v1/me", { token: next.access_token }), 401, "invalid_token"); // the session is revoked
  });

  test("10 parallel refreshes with one token (a phone retrying): all get the same pair, and it works", async () => {
    const u = await registerUser(call);
    const rs = await Promise.all(
      Array.from({ length: 10 }, () => call("POST", "/api/v1/refresh", { body: { refresh_token: u.refresh_token } })),
    );
    expect(rs.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(rs.map((r) => r.json.refresh_token)).size).toBe(1);
    expect((await call("GET", "/api/v1/me", { token: rs[0]!.json.access_token })).status).toBe(200);
    expect((await call("POST", "/api/v1/refresh", { body: { refresh_token: rs[0]!.json.refresh_token } })).status).toBe(
      200,
    );
  });

  test("an access token used as a refresh token → 401 invalid_refresh_token", async () => {
    const u = await registerUser(call);
    expectError(
      await call("POST", "/api/v1/refresh", { body: { refresh_token: u.access_token } }),
      401,
      "invalid_refresh_token",
    );
  });

  test("an expired refresh token (30 days later) → 401 token_expired", async () => {
    const app = makeApp();
    const u = await registerUser(app.call);
    app.clock.advance(30 * 24 * 3600 * 1000 + 1000);
    expectError(
      await app.call("POST", "/api/v1/refresh", { body: { refresh_token: u.refresh_token } }),
      401,
      "token_expired",
    );
  });

  test("garbage and missing tokens", async () => {
    expectError(
      await call("POST", "/api/v1/refresh", { body: { refresh_token: "abc.def.ghi" } }),
      401,
      "invalid_refresh_token",
    );
    expectError(await call("POST", "/api/v1/refresh", { body: {} }), 400, "validation_failed");
  });
});

describe("POST /logout", () => {
  test("204; the session's access and refresh tokens stop working at once; repeat is harmless", async () => {
    const u = await registerUser(call);
    expect((await call("GET", "/api/v1/me", { token: u.access_token })).status).toBe(200);
    const r = await call("POST", "/api/v1/logout", { body: { refresh_token: u.refresh_token } });
    expect(r.status).toBe(204);
    expect(r.text).toBe("");
    expectError(await call("GET", "/api/v1/me", { token: u.access_token }), 401, "invalid_token");
    expectError(
      await call("POST", "/api/v1/refresh", { body: { refresh_token: u.refresh_token } }),
      401,
      "invalid_refresh_token",
    );
    expect((await call("POST", "/api/v1/logout", { body: { refresh_token: u.refresh_token } })).status).toBe(204);
  });

  test("ends only that session", async () => {
    const u = await registerUser(call);
    const other = (await call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } })).json;
    await call("POST", "/api/v1/logout", { body: { refresh_token: u.refresh_token } });
    expect((await call("GET", "/api/v1/me", { token: other.access_token })).status).toBe(200);
  });

  test("an access token or garbage instead of a refresh token → 401", async () => {
    const u = await registerUser(call);
    expectError(
      await call("POST", "/api/v1/logout", { body: { refresh_token: u.access_token } }),
      401,
      "invalid_refresh_token",
    );
    expectError(await call("POST", "/api/v1/logout", { body: { refresh_token: "x" } }), 401, "invalid_refresh_token");
  });
});

describe("GET, PATCH and DELETE /me", () => {
  test("GET returns the caller", async () => {
    const u = await registerUser(call);
    const r = await call("GET", "/api/v1/me", { token: u.access_token });
    expect(r.json).toEqual(u.user);
  });

  test("PATCH changes name and time zone", async () => {
    const u = await registerUser(call);
    const r = await call("PATCH", "/api/v1/me", {
      token: u.access_token,
      body: { name: " Bea ", timezone: "America/New_York", ignored: 1 },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ...u.user, name: "Bea", timezone: "America/New_York" });
    expect((await call("GET", "/api/v1/me", { token: u.access_token })).json.name).toBe("Bea");
  });

  test.each([
    [{ name: "" }, "name"],
    [{ name: "n".repeat(101) }, "name"],
    [{ timezone: "Nowhere/City" }, "timezone"],
    [{ password: "short", current_password: "correct horse battery" }, "password"],
    [{ password: "a long new password" }, "current_password"],
    [{ password: "a long new password", current_password: "wrong one!" }, "current_password"],
  ])("PATCH %p → 400 on %s, nothing changed", async (body, field) => {
    const u = await registerUser(call);
    const e = expectError(await call("PATCH", "/api/v1/me", { token: u.access_token, body }), 400, "validation_failed");
    expect(e.details?.[0]?.field).toBe(field);
    expect((await call("GET", "/api/v1/me", { token: u.access_token })).json).toEqual(u.user);
  });

  test("a password change ends every other session, keeps this one, and swaps the password", async () => {
    const u = await registerUser(call);
    const phone = (await call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } })).json;
    const r = await call("PATCH", "/api/v1/me", {
      token: u.access_token,
      body: { password: "brand new password", current_password: u.password },
    });
    expect(r.status).toBe(200);
    expectError(await call("GET", "/api/v1/me", { token: phone.access_token }), 401, "invalid_token");
    expectError(
      await call("POST", "/api/v1/refresh", { body: { refresh_token: phone.refresh_token } }),
      401,
      "invalid_refresh_token",
    );
    expect((await call("GET", "/api/v1/me", { token: u.access_token })).status).toBe(200);
    expectError(
      await call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } }),
      401,
      "invalid_credentials",
    );
    expect(
      (await call("POST", "/api/v1/login", { body: { email: u.email, password: "brand new password" } })).status,
    ).toBe(200);
  });

  test("PATCH email: needs current_password, is cleaned, signs in with the new one, refuses a taken one", async () => {
    const u = await registerUser(call);
    const other = await registerUser(call);
    const patch = (body: Record<string, unknown>) => call("PATCH", "/api/v1/me", { token: u.access_token, body });
    let e = expectError(await patch({ email: "new@example.org" }), 400, "validation_failed");
    expect(e.details?.[0]?.field).toBe("current_password");
    e = expectError(await patch({ email: "not an email", current_password: u.password }), 400, "validation_failed");
    expect(e.details?.[0]?.field).toBe("email");
    expectError(await patch({ email: other.email, current_password: u.password }), 409, "email_taken");
    expect((await call("GET", "/api/v1/me", { token: u.access_token })).json).toEqual(u.user);
    const r = await patch({ email: "  Ana.New@Example.ORG ", current_password: u.password });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ...u.user, email: "ana.new@example.org" });
    expect(
      (await call("POST", "/api/v1/login", { body: { email: "ana.new@example.org", password: u.password } })).status,
    ).toBe(200);
    expectError(
      await call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } }),
      401,
      "invalid_credentials",
    );
    // the same email again is no conflict with itself
    expect((await patch({ email: "ana.new@example.org", current_password: u.password })).status).toBe(200);
  });

  test("DELETE needs the password; then the account, its sessions and its email are gone", async () => {
    const u = await registerUser(call);
    expectError(
      await call("DELETE", "/api/v1/me", { token: u.access_token, body: { password: "not it at all" } }),
      400,
      "validation_failed",
    );
    expectError(await call("DELETE", "/api/v1/me", { token: u.access_token, body: {} }), 400, "validation_failed");
    const r = await call("DELETE", "/api/v1/me", { token: u.access_token, body: { password: u.password } });
    expect(r.status).toBe(204);
    expectError(await call("GET", "/api/v1/me", { token: u.access_token }), 401, "invalid_token");
    expectError(
      await call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } }),
      401,
      "invalid_credentials",
    );
    expect(await t.sql("SELECT CAST(count(*) AS integer) AS n FROM sessions WHERE user_id = ?", u.user.id)).toEqual([
      { n: 0 },
    ]);
    expect(
      (await call("POST", "/api/v1/register", { body: { email: u.email, password: "fresh start!", name: "New" } }))
        .status,
    ).toBe(201);
  });

  test("one user's token never reaches another's profile", async () => {
    const a = await registerUser(call);
    const b = await registerUser(call);
    expect((await call("GET", "/api/v1/me", { token: a.access_token })).json.id).toBe(a.user.id);
    await call("PATCH", "/api/v1/me", { token: a.access_token, body: { name: "Changed" } });
    expect((await call("GET", "/api/v1/me", { token: b.access_token })).json.name).toBe(b.user.name);
  });
});

describe("unreadable bodies on routes whose fields are all optional", () => {
  test("PATCH /me, PATCH /meals/:id and PUT /goals report malformed JSON, wrong types and size, and change nothing", async () => {
    const u = await registerUser(call);
    const meal = (
      await call("POST", "/api/v1/meals", {
        token: u.access_token,
        body: { food_id: 9040, quantity: 100, meal_type: "snack" },
      })
    ).json;
    for (const [method, path] of [
      ["PATCH", "/api/v1/me"],
      ["PATCH", `/api/v1/meals/${meal.id}`],
      ["PUT", "/api/v1/goals"],
      ["PATCH", "/api/v1/foods/1000000"],
    ] as const) {
      expectError(await call(method, path, { token: u.access_token, raw: "{oops" }), 400, "malformed_json");
      expectError(
        await call(method, path, { token: u.access_token, raw: "{}", headers: { "content-type": "text/plain" } }),
        415,
        "unsupported_media_type",
      );
      expectError(
        await call(method, path, { token: u.access_token, raw: JSON.stringify({ note: "x".repeat(1_100_000) }) }),
        413,
        "payload_too_large",
      );
    }
    expect((await call("GET", "/api/v1/me", { token: u.access_token })).json).toEqual(u.user);
    expect((await call("GET", `/api/v1/meals/${meal.id}`, { token: u.access_token })).json).toEqual(meal);
  });
});
