/** TOTP second factor: set-up, confirmation, sign-in with a code or a recovery code, removal, throttle. */
import { expect, test } from "bun:test";
import { Secret, TOTP } from "otpauth";
import { Clock, expectError, makeApp, registerUser, type TestApp } from "../helpers";

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

/** A user with two-factor sign-in on: its secret and recovery codes. */
async function enrolled(t: TestApp) {
  const u = await registerUser(t.call);
  const begun = await t.call("POST", "/api/v1/me/two-factor", { token: u.access_token });
  expect(begun.status).toBe(200);
  const { secret } = begun.json;
  const confirmed = await t.call("POST", "/api/v1/me/two-factor/confirm", {
    token: u.access_token,
    body: { code: codeAt(secret, t.clock.now()) },
  });
  expect(confirmed.status).toBe(200);
  t.clock.advance(30_000); // the confirmation spent this step's code
  return { ...u, secret: secret as string, recovery: confirmed.json.recovery_codes as string[] };
}

const password = (t: TestApp, u: { email: string; password: string }) =>
  t.call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } });

test("set-up gives a secret, an otpauth URI and an SVG QR code; it is off until a right code confirms it", async () => {
  const t = makeApp({ clock: new Clock() });
  const u = await registerUser(t.call);
  const begun = await t.call("POST", "/api/v1/me/two-factor", { token: u.access_token });
  expect(begun.json.secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(begun.json.otpauth_uri).toStartWith("otpauth://totp/Morsel:");
  expect(begun.json.otpauth_uri).toContain(`secret=${begun.json.secret}`);
  expect(begun.json.qr_svg).toStartWith("<svg");
  const status = await t.call("GET", "/api/v1/me/two-factor", { token: u.access_token });
  expect(status.json).toEqual({ enabled: false, pending: true, recovery_codes_left: 0 });
  // not on yet: the password alone still signs in
  expect((await password(t, u)).json.access_token).toBeString();
  const wrong = await t.call("POST", "/api/v1/me/two-factor/confirm", {
    token: u.access_token,
    body: { code: "000000" === codeAt(begun.json.secret, t.clock.now()) ? "111111" : "000000" },
  });
  expect(expectError(wrong, 400, "validation_failed").details?.[0]?.field).toBe("code");
  const ok = await t.call("POST", "/api/v1/me/two-factor/confirm", {
    token: u.access_token,
    body: { code: codeAt(begun.json.secret, t.clock.now()) },
  });
  expect(ok.json.recovery_codes).toHaveLength(10);
  expect(new Set(ok.json.recovery_codes).size).toBe(10);
  const after = await t.call("GET", "/api/v1/me/two-factor", { token: u.access_token });
  expect(after.json).toEqual({ enabled: true, pending: false, recovery_codes_left: 10 });
  // stored hashed: no recovery code appears in the database
  const stored = await t.sql<{ code_hash: string }>("SELECT code_hash FROM totp_recovery_codes");
  expect(stored).toHaveLength(10);
  for (const code of ok.json.recovery_codes) expect(stored.map((s) => s.code_hash)).not.toContain(code);
  // while on, beginning again is refused; confirming with nothing pending is 404
  expectError(await t.call("POST", "/api/v1/me/two-factor", { token: u.access_token }), 403, "forbidden");
  expectError(
    await t.call("POST", "/api/v1/me/two-factor/confirm", { token: u.access_token, body: { code: "123456" } }),
    404,
    "not_found",
  );
});

test("sign-in asks for the code after the password; a right code gives tokens; a reused or wrong one is refused", async () => {
  const t = makeApp({ clock: new Clock() });
  const u = await enrolled(t);
  const first = await password(t, u);
  expect(first.status).toBe(200);
  expect(first.json.two_factor_required).toBe(true);
  expect(first.json.access_token).toBeUndefined();
  expect(first.json.expires_in).toBe(300);
  const code = codeAt(u.secret, t.clock.now());
  const wrong = code === "000000" ? "111111" : "000000";
  const step = (challenge: string, c: string) =>
    t.call("POST", "/api/v1/login/two-factor", { body: { challenge_token: challenge, code: c } });
  expectError(await step(first.json.challenge_token, wrong), 401, "invalid_credentials");
  const ok = await step(first.json.challenge_token, code);
  expect(ok.status).toBe(200);
  expect(ok.json.user.email).toBe(u.email);
  expect((await t.call("GET", "/api/v1/me", { token: ok.json.access_token })).status).toBe(200);
  // the same code again, within its 30 seconds, through a fresh password step: refused
  const again = await password(t, u);
  const reused = expectError(await step(again.json.challenge_token, code), 401, "invalid_credentials");
  expect(reused.message).toContain("already used");
  // an access token is not a challenge, and a challenge expires after 5 minutes
  expectError(await step(ok.json.access_token, code), 401, "invalid_token");
  t.clock.advance(301_000);
  expectError(await step(again.json.challenge_token, codeAt(u.secret, t.clock.now())), 401, "token_expired");
  // the session says how it signed in
  const sessions = await t.call("GET", "/api/v1/sessions", { token: ok.json.access_token });
  const methods = sessions.json.items.map((s: { method: string; current: boolean }) => [s.method, s.current]);
  expect(methods).toContainEqual(["totp", true]);
  expect(methods).toContainEqual(["password", false]); // the registration's session
});

test("a recovery code signs in once in place of a code", async () => {
  const t = makeApp({ clock: new Clock() });
  const u = await enrolled(t);
  const use = async (code: string) =>
    t.call("POST", "/api/v1/login/two-factor", {
      body: { challenge_token: (await password(t, u)).json.challenge_token, code },
    });
  // case, spaces and hyphens do not matter, as with the admin's codes
  const ok = await use(` ${u.recovery[0]!.toLowerCase().replace(/-/g, " ")} `);
  expect(ok.status).toBe(200);
  expectError(await use(u.recovery[0]!), 401, "invalid_credentials");
  const status = await t.call("GET", "/api/v1/me/two-factor", { token: ok.json.access_token });
  expect(status.json.recovery_codes_left).toBe(9);
  const sessions = await t.call("GET", "/api/v1/sessions", { token: ok.json.access_token });
  expect(sessions.json.items.find((s: { current: boolean }) => s.current).method).toBe("recovery_code");
});

test("wrong codes are throttled with wrong passwords: signing in again does not buy more guesses", async () => {
  const t = makeApp({ clock: new Clock() });
  const u = await enrolled(t);
  const right = codeAt(u.secret, t.clock.now());
  const wrong = right === "000000" ? "111111" : "000000";
  let limited = null;
  for (let i = 0; i < 10 && !limited; i++) {
    const first = await password(t, u);
    if (first.status === 429) limited = first;
    else {
      const r = await t.call("POST", "/api/v1/login/two-factor", {
        body: { challenge_token: first.json.challenge_token, code: wrong },
      });
      if (r.status === 429) limited = r;
      else expectError(r, 401, "invalid_credentials");
    }
  }
  expect(limited).not.toBeNull();
  expectError(limited!, 429, "rate_limited");
  expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
  // five attempts per email: at most three rounds of password and code passed
  t.clock.advance(15 * 60_000);
  const first = await password(t, u);
  const ok = await t.call("POST", "/api/v1/login/two-factor", {
    body: { challenge_token: first.json.challenge_token, code: codeAt(u.secret, t.clock.now()) },
  });
  expect(ok.status).toBe(200);
});

test("an admin removes a user's second factor; the user turns theirs off with a code", async () => {
  const t = makeApp({ clock: new Clock() });
  const admin = await registerUser(t.call); // the first account is the admin
  const u = await enrolled(t);
  const path = `/api/v1/admin/users/${u.user.id}/two-factor`;
  expectError(await t.call("DELETE", path, { token: u.access_token }), 403, "forbidden");
  expectError(await t.call("DELETE", path), 401, "missing_token");
  expectError(
    await t.call("DELETE", "/api/v1/admin/users/999999/two-factor", { token: admin.access_token }),
    404,
    "not_found",
  );
  expect((await t.call("DELETE", path, { token: admin.access_token })).status).toBe(204);
  expectError(await t.call("DELETE", path, { token: admin.access_token }), 404, "not_found");
  expect((await password(t, u)).json.access_token).toBeString(); // the password alone again
  // set up again, then turned off by the user: a wrong code is refused, a right one works
  const begun = await t.call("POST", "/api/v1/me/two-factor", { token: u.access_token });
  await t.call("POST", "/api/v1/me/two-factor/confirm", {
    token: u.access_token,
    body: { code: codeAt(begun.json.secret, t.clock.now()) },
  });
  t.clock.advance(30_000);
  const right = codeAt(begun.json.secret, t.clock.now());
  const off = (code: string) => t.call("DELETE", "/api/v1/me/two-factor", { token: u.access_token, body: { code } });
  expectError(await off(right === "000000" ? "111111" : "000000"), 400, "validation_failed");
  expect((await off(right)).status).toBe(204);
  expect((await t.call("GET", "/api/v1/me/two-factor", { token: u.access_token })).json.enabled).toBe(false);
});

test("personal access tokens are not asked for a second factor; they cannot manage it either", async () => {
  const t = makeApp({ clock: new Clock() });
  const u = await enrolled(t);
  const made = await t.call("POST", "/api/v1/tokens", {
    token: u.access_token,
    body: { name: "Health Auto Export", scopes: ["read", "write"] },
  });
  expect((await t.call("GET", "/api/v1/me", { token: made.json.token })).status).toBe(200);
  expectError(await t.call("GET", "/api/v1/me/two-factor", { token: made.json.token }), 403, "forbidden");
  expectError(await t.call("POST", "/api/v1/me/two-factor", { token: made.json.token }), 403, "forbidden");
});

test("bad input gets the contract's code", async () => {
  const t = makeApp({ clock: new Clock() });
  expectError(await t.call("POST", "/api/v1/login/two-factor", { body: { code: "123456" } }), 400, "validation_failed");
  expectError(
    await t.call("POST", "/api/v1/login/two-factor", { body: { challenge_token: "nope", code: "123456" } }),
    401,
    "invalid_token",
  );
  const u = await registerUser(t.call);
  expectError(
    await t.call("POST", "/api/v1/me/two-factor/confirm", { token: u.access_token, body: {} }),
    400,
    "validation_failed",
  );
  expectError(
    await t.call("DELETE", "/api/v1/me/two-factor", { token: u.access_token, body: { code: "123456" } }),
    404,
    "not_found",
  );
});
