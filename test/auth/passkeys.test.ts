/**
 * Passkeys through the API, with a software authenticator (passkey-device.ts): adding one, signing in
 * with it alone and as the second step, the checks an answer must pass (its challenge: live, unspent,
 * this step's and this account's; the origin; the signature counter), the throttle, and the
 * caller's list, names and removal.
 */
import { expect, test } from "bun:test";
import { Secret, TOTP } from "otpauth";
import { Clock, expectError, makeApp, registerUser, type TestApp } from "../helpers";
import { SoftAuthenticator } from "./passkey-device";

type User = Awaited<ReturnType<typeof registerUser>>;

/** A user with one passkey, added through the API. */
async function withPasskey(t: TestApp, u?: User) {
  const user = u ?? (await registerUser(t.call));
  const device = await SoftAuthenticator.make();
  const options = await t.call("POST", "/api/v1/me/passkeys/options", { token: user.access_token });
  expect(options.status).toBe(200);
  const added = await t.call("POST", "/api/v1/me/passkeys", {
    token: user.access_token,
    body: { credential: await device.create(options.json), name: "Phone" },
  });
  expect(added.status).toBe(201);
  return { user, device, passkey: added.json as { id: number; name: string } };
}

const signInOptions = async (t: TestApp) => (await t.call("POST", "/api/v1/login/passkey/options")).json;
const signIn = (t: TestApp, credential: unknown) => t.call("POST", "/api/v1/login/passkey", { body: { credential } });

test("a passkey is added, listed, and signs in alone: a session whose method is passkey", async () => {
  const t = makeApp({ clock: new Clock() });
  const u = await registerUser(t.call);
  const options = await t.call("POST", "/api/v1/me/passkeys/options", { token: u.access_token });
  expect(options.json.rp).toEqual({ id: "localhost", name: "Morsel" });
  expect(options.json.user.name).toBe(u.email);
  expect(options.json.authenticatorSelection.residentKey).toBe("required");
  const { device, passkey } = await withPasskey(t, u);
  expect(passkey.name).toBe("Phone");
  const list = await t.call("GET", "/api/v1/me/passkeys", { token: u.access_token });
  expect(list.json.items).toEqual([
    {
      id: passkey.id,
      name: "Phone",
      transports: ["internal"],
      created_at: t.clock.now().toISOString(),
      last_used_at: null,
    },
  ]);
  // the next options exclude it, so the same authenticator is not registered twice
  const again = await t.call("POST", "/api/v1/me/passkeys/options", { token: u.access_token });
  expect(again.json.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([device.credentialId]);

  const login = await signInOptions(t);
  expect(login.rpId).toBe("localhost");
  expect(login.allowCredentials).toEqual([]); // usernameless: no email, no list of anyone's passkeys
  expect(login.userVerification).toBe("required");
  t.clock.advance(60_000);
  const ok = await signIn(t, await device.get(login));
  expect(ok.status).toBe(200);
  expect(ok.json.user.id).toBe(u.user.id);
  const sessions = await t.call("GET", "/api/v1/sessions", { token: ok.json.access_token });
  expect(sessions.json.items.find((s: { current: boolean }) => s.current).method).toBe("passkey");
  const used = await t.call("GET", "/api/v1/me/passkeys", { token: u.access_token });
  expect(used.json.items[0].last_used_at).toBe(t.clock.now().toISOString());
  const [row] = await t.sql<{ counter: number }>("SELECT counter FROM passkeys");
  expect(row!.counter).toBe(device.counter);
});

test("a challenge is good once, for 5 minutes, for its own step; a made-up one is refused", async () => {
  const t = makeApp({ clock: new Clock() });
  const { device, user } = await withPasskey(t);
  // replayed: the same answer twice
  const answer = await device.get(await signInOptions(t));
  expect((await signIn(t, answer)).status).toBe(200);
  expectError(await signIn(t, answer), 401, "invalid_credentials");
  // a challenge the server never made
  expectError(await signIn(t, await device.get({ challenge: "bm90LWEtY2hhbGxlbmdl" })), 401, "invalid_credentials");
  // expired
  const late = await signInOptions(t);
  t.clock.advance(301_000);
  expectError(await signIn(t, await device.get(late)), 401, "invalid_credentials");
  // challenges past their time are cleared when new ones are stored: unanswered options leave nothing behind
  await signInOptions(t);
  const left = await t.sql<{ expires_at: string }>("SELECT expires_at FROM passkey_challenges");
  expect(left.every((c) => c.expires_at > t.clock.now().toISOString())).toBe(true);
  // a registration challenge does not sign in, and a sign-in challenge does not register
  const reg = await t.call("POST", "/api/v1/me/passkeys/options", { token: user.access_token });
  expectError(await signIn(t, await device.get(reg.json)), 401, "invalid_credentials");
  const other = await SoftAuthenticator.make();
  const wrongStep = await t.call("POST", "/api/v1/me/passkeys", {
    token: user.access_token,
    body: { credential: await other.create({ ...(await signInOptions(t)), rp: { id: "localhost" } }) },
  });
  expect(expectError(wrongStep, 400, "validation_failed").details?.[0]?.field).toBe("credential");
  // the registration challenge made above was spent by nothing; spent twice, it is refused the second time
  const fresh = await SoftAuthenticator.make();
  const created = await fresh.create(reg.json);
  expect(
    (await t.call("POST", "/api/v1/me/passkeys", { token: user.access_token, body: { credential: created } })).status,
  ).toBe(201);
  const replay = await t.call("POST", "/api/v1/me/passkeys", {
    token: user.access_token,
    body: { credential: created },
  });
  expectError(replay, 400, "validation_failed");
});

test("another account's registration challenge, or a wrong origin, is refused", async () => {
  const t = makeApp({ clock: new Clock() });
  const { device } = await withPasskey(t);
  const a = await registerUser(t.call);
  const b = await registerUser(t.call);
  const aOptions = await t.call("POST", "/api/v1/me/passkeys/options", { token: a.access_token });
  const stolen = await t.call("POST", "/api/v1/me/passkeys", {
    token: b.access_token,
    body: { credential: await (await SoftAuthenticator.make()).create(aOptions.json) },
  });
  expectError(stolen, 400, "validation_failed");
  const wrongOrigin = await t.call("POST", "/api/v1/me/passkeys", {
    token: a.access_token,
    body: {
      credential: await (await SoftAuthenticator.make()).create(
        (await t.call("POST", "/api/v1/me/passkeys/options", { token: a.access_token })).json,
        "https://evil.example",
      ),
    },
  });
  expect(expectError(wrongOrigin, 400, "validation_failed").message).toContain("origin");
  expectError(
    await signIn(t, await device.get(await signInOptions(t), "https://evil.example")),
    401,
    "invalid_credentials",
  );
  // the right origin still works afterwards: the refused answers spent their challenges, not the passkey
  expect((await signIn(t, await device.get(await signInOptions(t)))).status).toBe(200);
});

test("a signature counter that does not move on (a cloned authenticator) is refused", async () => {
  const t = makeApp({ clock: new Clock() });
  const { device } = await withPasskey(t);
  expect((await signIn(t, await device.get(await signInOptions(t)))).status).toBe(200);
  device.counter -= 2; // get() adds one: the same count as the last accepted
  expectError(await signIn(t, await device.get(await signInOptions(t))), 401, "invalid_credentials");
  device.counter += 5;
  expect((await signIn(t, await device.get(await signInOptions(t)))).status).toBe(200);
});

test("sign-in options are 30 a minute per address: each is a stored challenge", async () => {
  const t = makeApp({ clock: new Clock() });
  for (let i = 0; i < 30; i++) expect((await t.call("POST", "/api/v1/login/passkey/options")).status).toBe(200);
  const limited = await t.call("POST", "/api/v1/login/passkey/options");
  expectError(limited, 429, "rate_limited");
  t.clock.advance(60_000);
  expect((await t.call("POST", "/api/v1/login/passkey/options")).status).toBe(200);
});

test("an unknown passkey is refused as a wrong one is; failures are throttled like passwords", async () => {
  const t = makeApp({ clock: new Clock() });
  await withPasskey(t);
  const stranger = await SoftAuthenticator.make();
  for (let i = 0; i < 5; i++)
    expectError(await signIn(t, await stranger.get(await signInOptions(t))), 401, "invalid_credentials");
  const limited = await signIn(t, await stranger.get(await signInOptions(t)));
  expectError(limited, 429, "rate_limited");
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
});

test("list, rename and remove: own passkeys only (another account's is 404), a signed-in session only", async () => {
  const t = makeApp({ clock: new Clock() });
  const { user, passkey, device } = await withPasskey(t);
  const other = await registerUser(t.call);
  const path = `/api/v1/me/passkeys/${passkey.id}`;
  expectError(await t.call("PATCH", path, { token: other.access_token, body: { name: "Mine" } }), 404, "not_found");
  expectError(await t.call("DELETE", path, { token: other.access_token }), 404, "not_found");
  expect((await t.call("GET", "/api/v1/me/passkeys", { token: other.access_token })).json.items).toEqual([]);
  expectError(await t.call("GET", "/api/v1/me/passkeys"), 401, "missing_token");
  expectError(await t.call("DELETE", "/api/v1/me/passkeys/999", { token: user.access_token }), 404, "not_found");
  expectError(await t.call("PATCH", path, { token: user.access_token, body: { name: " " } }), 400, "validation_failed");
  expectError(await t.call("PATCH", path, { token: user.access_token, body: {} }), 400, "validation_failed");
  const renamed = await t.call("PATCH", path, { token: user.access_token, body: { name: "Laptop" } });
  expect(renamed.json.name).toBe("Laptop");
  const pat = await t.call("POST", "/api/v1/tokens", {
    token: user.access_token,
    body: { name: "script", scopes: ["read", "write"] },
  });
  expectError(await t.call("GET", "/api/v1/me/passkeys", { token: pat.json.token }), 403, "forbidden");
  expect((await t.call("DELETE", path, { token: user.access_token })).status).toBe(204);
  expect((await t.call("GET", "/api/v1/me/passkeys", { token: user.access_token })).json.items).toEqual([]);
  // removed: it signs in no more
  expectError(await signIn(t, await device.get(await signInOptions(t))), 401, "invalid_credentials");
});

/** Turns TOTP two-factor sign-in on for `user`; POST /login then answers a challenge token. */
async function twoFactorOn(t: TestApp, user: User): Promise<() => Promise<string>> {
  const begun = await t.call("POST", "/api/v1/me/two-factor", { token: user.access_token });
  const totp = new TOTP({ secret: Secret.fromBase32(begun.json.secret) });
  const code = totp.generate({ timestamp: t.clock.now().getTime() });
  const on = await t.call("POST", "/api/v1/me/two-factor/confirm", { token: user.access_token, body: { code } });
  expect(on.status).toBe(200);
  return async () => {
    const r = await t.call("POST", "/api/v1/login", { body: { email: user.email, password: user.password } });
    expect(r.json.two_factor_required).toBe(true);
    return r.json.challenge_token;
  };
}

test("as the second step after the password, in place of the authenticator app's code", async () => {
  const t = makeApp({ clock: new Clock() });
  const { user, device } = await withPasskey(t);
  const challenge_token = await (await twoFactorOn(t, user))();
  const options = await t.call("POST", "/api/v1/login/two-factor/passkey/options", { body: { challenge_token } });
  expect(options.json.allowCredentials.map((c: { id: string }) => c.id)).toEqual([device.credentialId]);
  const step = (credential: unknown, token = challenge_token) =>
    t.call("POST", "/api/v1/login/two-factor/passkey", { body: { challenge_token: token, credential } });
  // another account's passkey, on a challenge made for this account: refused
  const { device: theirs } = await withPasskey(t);
  expectError(await step(await theirs.get(options.json)), 401, "invalid_credentials");
  const fresh = await t.call("POST", "/api/v1/login/two-factor/passkey/options", { body: { challenge_token } });
  expectError(await step(await device.get(fresh.json), "forged"), 401, "invalid_token");
  const ok = await step(await device.get(fresh.json));
  expect(ok.status).toBe(200);
  const sessions = await t.call("GET", "/api/v1/sessions", { token: ok.json.access_token });
  expect(sessions.json.items.find((s: { current: boolean }) => s.current).method).toBe("passkey");
  // a first-factor challenge does not finish a second step
  expectError(await step(await device.get(await signInOptions(t))), 401, "invalid_credentials");
  // an account without passkeys is told to use its code
  const plain = await registerUser(t.call);
  const plainChallenge = await (await twoFactorOn(t, plain))();
  const none = await t.call("POST", "/api/v1/login/two-factor/passkey/options", {
    body: { challenge_token: plainChallenge },
  });
  expectError(none, 404, "not_found");
});

test("with --public-url, passkeys belong to its host name and its origin", async () => {
  const t = makeApp({ clock: new Clock(), options: { publicUrl: "https://morsel.example.org" } });
  const u = await registerUser(t.call);
  const options = (await t.call("POST", "/api/v1/me/passkeys/options", { token: u.access_token })).json;
  expect(options.rp.id).toBe("morsel.example.org");
  const device = await SoftAuthenticator.make();
  // an answer from a page on the request's own origin is not one from the public URL's
  const refused = await t.call("POST", "/api/v1/me/passkeys", {
    token: u.access_token,
    body: { credential: await device.create(options, "http://localhost") },
  });
  expectError(refused, 400, "validation_failed");
  const again = (await t.call("POST", "/api/v1/me/passkeys/options", { token: u.access_token })).json;
  const ok = await t.call("POST", "/api/v1/me/passkeys", {
    token: u.access_token,
    body: { credential: await device.create(again, "https://morsel.example.org") },
  });
  expect(ok.status).toBe(201);
  const login = await signInOptions(t);
  expect(login.rpId).toBe("morsel.example.org");
  expect((await signIn(t, await device.get(login, "https://morsel.example.org"))).status).toBe(200);
});

test("malformed answers are 400s naming the field, or refused as a wrong passkey: never a 500", async () => {
  const t = makeApp({ clock: new Clock() });
  const { user, device } = await withPasskey(t);
  const noResponse = await t.call("POST", "/api/v1/login/passkey", {
    body: { credential: { id: "abc", rawId: "abc", type: "public-key", clientExtensionResults: {} } },
  });
  expect(expectError(noResponse, 400, "validation_failed").message).toContain("credential");
  const good = await device.get(await signInOptions(t));
  const notJson = { ...good, response: { ...good.response, clientDataJSON: "bm90LWpzb24" } };
  expectError(await signIn(t, notJson), 401, "invalid_credentials");
  const badSignature = { ...good, response: { ...good.response, signature: "AAAA" } };
  expectError(await signIn(t, badSignature), 401, "invalid_credentials");
  const options = (await t.call("POST", "/api/v1/me/passkeys/options", { token: user.access_token })).json;
  const created = await (await SoftAuthenticator.make()).create(options);
  const garbage = { ...created, response: { ...created.response, attestationObject: "AAAA" } };
  const refused = await t.call("POST", "/api/v1/me/passkeys", {
    token: user.access_token,
    body: { credential: garbage },
  });
  expect(expectError(refused, 400, "validation_failed").details?.[0]?.field).toBe("credential");
  const longName = await t.call("POST", "/api/v1/me/passkeys", {
    token: user.access_token,
    body: { credential: created, name: "x".repeat(101) },
  });
  expectError(longName, 400, "validation_failed");
});
