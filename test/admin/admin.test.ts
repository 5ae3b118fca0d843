/**
 * The admin and registration: the first account is the admin; open, invite and closed modes;
 * single-use expiring invites, throttled like logins; disabling an account ends every credential
 * of it; reset codes; everyone else, and every access token, gets 403 on /admin.
 */
import { describe, expect, test } from "bun:test";
import { ready } from "../../src/app";
import { Clock, expectError, makeApp, registerUser } from "../helpers";

const person = (n: string, extra: Record<string, unknown> = {}) => ({
  email: `${n}-${crypto.randomUUID().slice(0, 6)}@example.org`,
  password: "correct horse battery",
  name: n,
  ...extra,
});

describe("registration modes and invites", () => {
  test("the first account is the admin, later ones are users; open mode by default", async () => {
    const { call } = makeApp();
    const first = await registerUser(call);
    const second = await registerUser(call);
    expect(first.user.role).toBe("admin");
    expect(second.user.role).toBe("user");
    expect((await call("GET", "/api/v1/admin/settings", { token: first.access_token })).json).toEqual({
      registration: "open",
      online_lookup: false,
      online_lookup_answered: false,
    });
  });

  test("invite mode: no code → 400; a live code registers once; used, unknown, expired and withdrawn codes → 400", async () => {
    const clock = new Clock();
    const { call, sql } = makeApp({ clock });
    const admin = await registerUser(call);
    const A = { token: admin.access_token };
    expect((await call("PATCH", "/api/v1/admin/settings", { ...A, body: { registration: "invite" } })).json).toEqual({
      registration: "invite",
      online_lookup: false,
      online_lookup_answered: false,
    });
    const e = expectError(await call("POST", "/api/v1/register", { body: person("nocode") }), 400, "validation_failed");
    expect(e.details?.[0]?.field).toBe("invite_code");
    const inv = await call("POST", "/api/v1/admin/invites", { ...A, body: { expires_in_hours: 48, note: "for Bea" } });
    expect(inv.status).toBe(201);
    expect(inv.json.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(inv.json).toMatchObject({
      note: "for Bea",
      expires_at: "2026-11-24T12:00:00.000Z",
      used_at: null,
      used_by: null,
    });
    const codes = await sql("SELECT * FROM account_codes");
    expect(codes).toHaveLength(1);
    expect(JSON.stringify(codes)).not.toContain(inv.json.code);
    // typed by a person: lower case, spaces instead of hyphens
    const bea = await call("POST", "/api/v1/register", {
      body: person("bea", { invite_code: inv.json.code.toLowerCase().replace(/-/g, " ") }),
    });
    expect(bea.status).toBe(201);
    expect(bea.json.user.role).toBe("user");
    const listed = (await call("GET", "/api/v1/admin/invites", A)).json.items;
    expect(listed).toEqual([
      expect.objectContaining({ id: inv.json.id, used_by: bea.json.user.id, used_at: "2026-11-22T12:00:00.000Z" }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(inv.json.code);
    // spent
    expect(
      expectError(
        await call("POST", "/api/v1/register", { body: person("again", { invite_code: inv.json.code }) }),
        400,
        "validation_failed",
      ).details?.[0]?.field,
    ).toBe("invite_code");
    // expired
    const old = (await call("POST", "/api/v1/admin/invites", { ...A, body: { expires_in_hours: 1 } })).json;
    clock.advance(3600_000);
    expectError(
      await call("POST", "/api/v1/register", { body: person("late", { invite_code: old.code }) }),
      400,
      "validation_failed",
    );
    A.token = (
      await call("POST", "/api/v1/refresh", { body: { refresh_token: admin.refresh_token } })
    ).json.access_token; // an hour on
    // withdrawn
    const gone = (await call("POST", "/api/v1/admin/invites", { ...A, body: {} })).json;
    expect(gone.expires_at).toBe(new Date(clock.now().getTime() + 168 * 3600_000).toISOString());
    expect((await call("DELETE", `/api/v1/admin/invites/${gone.id}`, A)).status).toBe(204);
    expectError(
      await call("POST", "/api/v1/register", { body: person("withdrawn", { invite_code: gone.code }) }),
      400,
      "validation_failed",
    );
    expectError(await call("DELETE", `/api/v1/admin/invites/${gone.id}`, A), 404, "not_found");
    expect((await call("GET", "/api/v1/admin/users", A)).json.items.length).toBe(2);
  });

  test("two people racing with one invite: exactly one account is made", async () => {
    const { call } = makeApp();
    const admin = await registerUser(call);
    await call("PATCH", "/api/v1/admin/settings", { token: admin.access_token, body: { registration: "invite" } });
    const { code } = (await call("POST", "/api/v1/admin/invites", { token: admin.access_token, body: {} })).json;
    const results = await Promise.all(
      [1, 2, 3].map((i) => call("POST", "/api/v1/register", { body: person(`racer${i}`, { invite_code: code }) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    expect((await call("GET", "/api/v1/admin/users", { token: admin.access_token })).json.items.length).toBe(2);
  });

  test("wrong invite codes are throttled like wrong passwords: the sixth for one email → 429 with Retry-After", async () => {
    const { call } = makeApp();
    const admin = await registerUser(call);
    await call("PATCH", "/api/v1/admin/settings", { token: admin.access_token, body: { registration: "invite" } });
    const { code } = (await call("POST", "/api/v1/admin/invites", { token: admin.access_token, body: {} })).json;
    const body = person("guesser");
    for (let i = 0; i < 5; i++)
      expectError(
        await call("POST", "/api/v1/register", { body: { ...body, invite_code: `AAAA-BBBB-CCCC-000${i}` } }),
        400,
        "validation_failed",
      );
    const limited = await call("POST", "/api/v1/register", { body: { ...body, invite_code: code } });
    expectError(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("closed: 403 forbidden for everyone but the first account; --registration sets the mode at start", async () => {
    const { call } = makeApp({ options: { registrationMode: "closed" } });
    const first = await registerUser(call);
    expect(first.user.role).toBe("admin");
    const e = expectError(await call("POST", "/api/v1/register", { body: person("late") }), 403, "forbidden");
    expect(e.message).toContain("closed");
    expect((await call("GET", "/api/v1/admin/settings", { token: first.access_token })).json.registration).toBe(
      "closed",
    );
    expectError(
      await call("PATCH", "/api/v1/admin/settings", { token: first.access_token, body: { registration: "sometimes" } }),
      400,
      "validation_failed",
    );
    expectError(
      await call("PATCH", "/api/v1/admin/settings", { token: first.access_token, body: { registration: 1 } }),
      400,
      "validation_failed",
    );
    expect((await call("GET", "/api/v1/admin/settings", { token: first.access_token })).json.registration).toBe(
      "closed",
    );
  });

  test("ready(app) settles once --registration is stored: a server listens only after it (it did not wait, on PostgreSQL)", async () => {
    const t = makeApp({ options: { registrationMode: "invite" } });
    const app = await t.started();
    const startUp = ready(app);
    expect(startUp).toBeInstanceOf(Promise); // it was undefined: Elysia's `state` lost it
    await startUp;
    const [setting] = await t.sql<{ value: string }>("SELECT value FROM server_settings WHERE key = ?", "registration");
    expect(setting?.value).toBe("invite");
  });

  test("GET /register tells a sign-up form the mode, without a token; a server with no account yet is open to its first", async () => {
    const { call } = makeApp({ options: { registrationMode: "closed" } });
    expect((await call("GET", "/api/v1/register")).json).toEqual({ registration: "open" });
    const admin = await registerUser(call);
    expect((await call("GET", "/api/v1/register")).json).toEqual({ registration: "closed" });
    await call("PATCH", "/api/v1/admin/settings", { token: admin.access_token, body: { registration: "invite" } });
    const r = await call("GET", "/api/v1/register");
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ registration: "invite" });
    // a bad token is not looked at: the answer is public and the same
    expect((await call("GET", "/api/v1/register", { token: "not-a-token" })).json).toEqual({ registration: "invite" });
  });
});

describe("the admin's calls", () => {
  test("403 forbidden to a user, and to the admin's own access token", async () => {
    const { call } = makeApp();
    const admin = await registerUser(call);
    const user = await registerUser(call);
    const pat = (
      await call("POST", "/api/v1/tokens", {
        token: admin.access_token,
        body: { name: "x", scopes: ["read", "write"] },
      })
    ).json.token;
    for (const token of [user.access_token, pat]) {
      for (const [m, p] of [
        ["GET", "/api/v1/admin/users"],
        ["PATCH", `/api/v1/admin/users/${admin.user.id}`],
        ["POST", "/api/v1/admin/invites"],
        ["PATCH", "/api/v1/admin/settings"],
      ] as const) {
        expectError(
          await call(m, p, { token, body: m === "GET" ? undefined : { disabled: true, registration: "closed" } }),
          403,
          "forbidden",
        );
      }
    }
    expect((await call("GET", "/api/v1/admin/settings", { token: admin.access_token })).json.registration).toBe("open");
    expect((await call("GET", "/api/v1/me", { token: admin.access_token })).status).toBe(200);
  });

  test("listing shows accounts with last use and meal counts, never meals", async () => {
    const clock = new Clock("2026-11-22T12:00:00Z");
    const { call } = makeApp({ clock });
    const admin = await registerUser(call);
    const bea = await registerUser(call, { name: "Bea" });
    await call("POST", "/api/v1/meals", {
      token: bea.access_token,
      body: { food_id: 9040, quantity: 100, meal_type: "snack", note: "secret banana" },
    });
    clock.advance(10 * 60_000);
    await call("GET", "/api/v1/me", { token: bea.access_token });
    const r = await call("GET", "/api/v1/admin/users", { token: admin.access_token });
    expect(r.json.items[1]).toEqual({
      id: bea.user.id,
      email: bea.email,
      name: "Bea",
      role: "user",
      created_at: "2026-11-22T12:00:00.000Z",
      last_seen_at: "2026-11-22T12:10:00.000Z",
      disabled: false,
      meal_count: 1,
    });
    expect(r.text).not.toContain("banana");
  });

  test("disabling ends every credential at once (access JWT, refresh, access token); login → 403; enabling lets them sign in again", async () => {
    const { call } = makeApp();
    const admin = await registerUser(call);
    const bea = await registerUser(call);
    const pat = (
      await call("POST", "/api/v1/tokens", { token: bea.access_token, body: { name: "script", scopes: ["read"] } })
    ).json.token;
    expect((await call("GET", "/api/v1/goals", { token: pat })).status).toBe(200);
    const off = await call("PATCH", `/api/v1/admin/users/${bea.user.id}`, {
      token: admin.access_token,
      body: { disabled: true },
    });
    expect(off.json).toMatchObject({ id: bea.user.id, disabled: true });
    expectError(await call("GET", "/api/v1/goals", { token: bea.access_token }), 401, "invalid_token");
    expectError(await call("GET", "/api/v1/goals", { token: pat }), 401, "invalid_token");
    expectError(
      await call("POST", "/api/v1/refresh", { body: { refresh_token: bea.refresh_token } }),
      401,
      "invalid_refresh_token",
    );
    expectError(
      await call("POST", "/api/v1/login", { body: { email: bea.email, password: bea.password } }),
      403,
      "forbidden",
    );
    // a wrong password for a disabled account is still just a wrong password
    expectError(
      await call("POST", "/api/v1/login", { body: { email: bea.email, password: "not the password" } }),
      401,
      "invalid_credentials",
    );
    await call("PATCH", `/api/v1/admin/users/${bea.user.id}`, { token: admin.access_token, body: { disabled: false } });
    const back = await call("POST", "/api/v1/login", { body: { email: bea.email, password: bea.password } });
    expect(back.status).toBe(200);
    expectError(await call("GET", "/api/v1/goals", { token: pat }), 401, "invalid_token"); // revoked, not suspended
  });

  test("the admin cannot disable, demote or delete themselves; can promote, reset and delete others; bad ids and bodies → 400/404", async () => {
    const { call } = makeApp();
    const admin = await registerUser(call);
    const bea = await registerUser(call);
    const A = { token: admin.access_token };
    for (const body of [{ disabled: true }, { role: "user" }]) {
      expect(
        expectError(
          await call("PATCH", `/api/v1/admin/users/${admin.user.id}`, { ...A, body }),
          400,
          "validation_failed",
        ).message,
      ).toContain("your own account");
    }
    expectError(await call("DELETE", `/api/v1/admin/users/${admin.user.id}`, A), 400, "validation_failed");
    expectError(
      await call("PATCH", "/api/v1/admin/users/999999", { ...A, body: { disabled: true } }),
      404,
      "not_found",
    );
    expectError(
      await call("PATCH", "/api/v1/admin/users/abc", { ...A, body: { disabled: true } }),
      400,
      "validation_failed",
    );
    expectError(
      await call("PATCH", `/api/v1/admin/users/${bea.user.id}`, { ...A, body: { disabled: "yes" } }),
      400,
      "validation_failed",
    );
    expectError(
      await call("PATCH", `/api/v1/admin/users/${bea.user.id}`, { ...A, body: { role: "root" } }),
      400,
      "validation_failed",
    );
    expectError(
      await call("POST", "/api/v1/admin/invites", { ...A, body: { expires_in_hours: 0 } }),
      400,
      "validation_failed",
    );
    expectError(
      await call("POST", "/api/v1/admin/invites", { ...A, body: { expires_in_hours: "24" } }),
      400,
      "validation_failed",
    );
    expectError(
      await call("POST", "/api/v1/admin/invites", { ...A, body: { note: "n".repeat(101) } }),
      400,
      "validation_failed",
    );
    expect(
      (await call("GET", "/api/v1/admin/users", A)).json.items.map((u: { disabled: boolean }) => u.disabled),
    ).toEqual([false, false]);

    expect(
      (await call("PATCH", `/api/v1/admin/users/${bea.user.id}`, { ...A, body: { role: "admin" } })).json.role,
    ).toBe("admin");
    expect((await call("GET", "/api/v1/admin/users", { token: bea.access_token })).status).toBe(200);
    expect((await call("DELETE", `/api/v1/admin/users/${bea.user.id}`, A)).status).toBe(204);
    expectError(await call("GET", "/api/v1/me", { token: bea.access_token }), 401, "invalid_token");
    expect((await call("GET", "/api/v1/admin/users", A)).json.items.length).toBe(1);
  });

  test("a reset code sets a new password once and ends every session; wrong, reused or expired codes → 400", async () => {
    const clock = new Clock();
    const { call } = makeApp({ clock });
    const admin = await registerUser(call);
    const bea = await registerUser(call);
    const reset = await call("POST", `/api/v1/admin/users/${bea.user.id}/password-reset`, {
      token: admin.access_token,
    });
    expect(reset.status).toBe(201);
    expect(reset.json.expires_at).toBe("2026-11-23T12:00:00.000Z");
    const send = (body: Record<string, unknown>) =>
      call("POST", "/api/v1/password-reset", {
        body: { email: bea.email, code: reset.json.code, password: "a brand new password", ...body },
      });
    expect(expectError(await send({ code: "AAAA-AAAA-AAAA-AAAA" }), 400, "validation_failed").details?.[0]?.field).toBe(
      "code",
    );
    expectError(await send({ email: admin.email }), 400, "validation_failed"); // someone else's code
    expectError(await send({ password: "short" }), 400, "validation_failed");
    expect((await send({})).status).toBe(204);
    expectError(await call("GET", "/api/v1/me", { token: bea.access_token }), 401, "invalid_token");
    expect(
      (await call("POST", "/api/v1/login", { body: { email: bea.email, password: "a brand new password" } })).status,
    ).toBe(200);
    expectError(await send({ password: "another new password" }), 400, "validation_failed"); // spent
    expectError(
      await call("POST", "/api/v1/admin/users/999999/password-reset", { token: admin.access_token }),
      404,
      "not_found",
    );
    const late = (
      await call("POST", `/api/v1/admin/users/${bea.user.id}/password-reset`, { token: admin.access_token })
    ).json;
    clock.advance(24 * 3600_000);
    expectError(await send({ code: late.code }), 400, "validation_failed");
  });
});

test("invite mode: without a live code, an email that has an account is not revealed (400 on invite_code, not 409)", async () => {
  const { call } = makeApp();
  const admin = await registerUser(call);
  await call("PATCH", "/api/v1/admin/settings", { token: admin.access_token, body: { registration: "invite" } });
  const e = expectError(
    await call("POST", "/api/v1/register", {
      body: { ...person("x"), email: admin.email, invite_code: "AAAA-AAAA-AAAA-AAAA" },
    }),
    400,
    "validation_failed",
  );
  expect(e.details?.[0]?.field).toBe("invite_code");
  const { code } = (await call("POST", "/api/v1/admin/invites", { token: admin.access_token, body: {} })).json;
  expectError(
    await call("POST", "/api/v1/register", { body: { ...person("x"), email: admin.email, invite_code: code } }),
    409,
    "email_taken",
  );
  // the taken email did not spend the invite
  expect((await call("POST", "/api/v1/register", { body: person("y", { invite_code: code }) })).status).toBe(201);
});
