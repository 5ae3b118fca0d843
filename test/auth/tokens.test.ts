/** Access-token checks at the auth macro: every forged, expired or misused token is a 401. */
import { describe, expect, test } from "bun:test";
import { SignJWT, UnsecuredJWT } from "jose";
import { expectError, jwtPayload, makeApp, registerUser } from "../helpers";

const t = makeApp();
const { call, clock } = t;
const me = (token: string) => call("GET", "/api/v1/me", { token });

async function forge(claims: Record<string, unknown>, secret: string, alg = "HS256", typ = "at+jwt") {
  return new SignJWT(claims).setProtectedHeader({ alg, typ }).sign(new TextEncoder().encode(secret));
}

describe("access tokens", () => {
  test("no token → 401 missing_token with WWW-Authenticate: Bearer", async () => {
    const r = await call("GET", "/api/v1/me");
    expectError(r, 401, "missing_token");
    expect(r.headers.get("www-authenticate")).toBe('Bearer realm="morsel"');
  });

  test('a tampered token → 401 invalid_token with error="invalid_token"', async () => {
    const u = await registerUser(call);
    const [h, p, s] = u.access_token.split(".");
    const claims = jwtPayload(u.access_token);
    const evil = Buffer.from(JSON.stringify({ ...claims, sub: "999" })).toString("base64url");
    const r = await me(`${h}.${evil}.${s}`);
    expectError(r, 401, "invalid_token");
    expect(r.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expectError(await me(`${h}.${p}.${s!.slice(0, -2)}AA`), 401, "invalid_token");
  });

  test("a token signed with a different secret → 401 invalid_token", async () => {
    const u = await registerUser(call);
    expectError(
      await me(await forge(jwtPayload(u.access_token), "some-other-secret-0123456789-abcdefghijkl")),
      401,
      "invalid_token",
    );
  });

  test("alg none and other algorithms are refused", async () => {
    const u = await registerUser(call);
    const claims = jwtPayload(u.access_token);
    const none = new UnsecuredJWT(claims).encode();
    expectError(await me(none), 401, "invalid_token");
    expectError(await me(await forge(claims, t.secret, "HS512")), 401, "invalid_token");
    expectError(await me(await forge(claims, t.secret, "HS384")), 401, "invalid_token");
  });

  test("an expired token → 401 token_expired (injected clock, no sleeping)", async () => {
    const u = await registerUser(call);
    clock.advance(3599_000);
    expect((await me(u.access_token)).status).toBe(200);
    clock.advance(2000);
    const r = await me(u.access_token);
    expectError(r, 401, "token_expired");
    expect(r.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  test("a refresh token used as a bearer → 401 invalid_token", async () => {
    const u = await registerUser(call);
    expectError(await me(u.refresh_token), 401, "invalid_token");
  });

  test("a well-signed token with the wrong typ claim or header is refused", async () => {
    const u = await registerUser(call);
    const claims = jwtPayload(u.access_token);
    expectError(await me(await forge({ ...claims, typ: "refresh" }, t.secret)), 401, "invalid_token");
    expectError(await me(await forge(claims, t.secret, "HS256", "JWT")), 401, "invalid_token");
  });

  test("a well-signed token for an unknown session is refused", async () => {
    const u = await registerUser(call);
    const claims = jwtPayload(u.access_token);
    expectError(await me(await forge({ ...claims, sid: crypto.randomUUID() }, t.secret)), 401, "invalid_token");
  });

  test.each(["Basic dXNlcjpwYXNz", "Bearer", "Bearer a b", "Token abc", "bearer"])(
    "Authorization %p → 401",
    async (header) => {
      const r = await call("GET", "/api/v1/me", { headers: { authorization: header } });
      expect(r.status).toBe(401);
      expect(["invalid_token", "missing_token"]).toContain(r.json.error.code);
    },
  );
});
