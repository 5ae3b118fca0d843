/**
 * Single sign-on through a real OpenID Provider (node-oidc-provider) running in this process: the
 * test follows the browser's redirects with fetch, from GET /auth/oidc/start through the provider
 * and back to the callback, then trades the one-time code as the web app does. Tokens the real
 * provider never signs (wrong audience, bad nonce, expired, another key): oidc-tokens.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser, type TestApp } from "../helpers";
import {
  APP_URL,
  appParams,
  CLIENT,
  cookieOf,
  REDIRECT_URI,
  realProvider,
  settings,
  standIn,
  type RealProvider,
  type StandIn,
  type TestPerson,
} from "./oidc-op";

let op: RealProvider;
let fake: StandIn;
beforeAll(async () => {
  op = await realProvider();
  fake = await standIn();
});
afterAll(() => {
  op.stop();
  fake.stop();
});

const app = (over: { issuer?: string; passwordLogin?: boolean } = {}) =>
  makeApp({ options: { oidc: settings(over.issuer ?? op.issuer), passwordLogin: over.passwordLogin ?? true } });

let seq = 0;
const person = (over: Partial<TestPerson> = {}): TestPerson => {
  const n = ++seq;
  return {
    sub: `sub-${n}-${crypto.randomUUID()}`,
    email: `p${n}@example.org`,
    email_verified: true,
    name: `Person ${n}`,
    ...over,
  };
};

/** The browser's round trip: start, the provider (its cookies kept), back to the callback. */
async function signIn(t: TestApp, who: TestPerson, start = "/api/v1/auth/oidc/start") {
  op.person = who;
  const begun = await t.call("GET", start);
  expect(begun.status).toBe(302);
  const flow = cookieOf(begun);
  const jar = new Map<string, string>();
  let url = begun.headers.get("location")!;
  for (let hops = 0; !url.startsWith(REDIRECT_URI); hops++) {
    if (hops > 10) throw new Error(`no way back from the provider: ${url}`);
    const r = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const next = r.headers.get("location");
    if (!next) throw new Error(`the provider answered ${r.status}: ${(await r.text()).slice(0, 300)}`);
    url = new URL(next, url).href;
  }
  const back = await t.call("GET", url.slice("http://localhost".length), { headers: { cookie: flow } });
  expect(back.status).toBe(302);
  expect(back.headers.get("set-cookie")).toContain("Max-Age=0"); // the flow cookie is spent
  return appParams(back.headers.get("location"));
}

async function trade(t: TestApp, code: string) {
  return t.call("POST", "/api/v1/auth/oidc/token", { body: { code } });
}

async function methodOf(t: TestApp, token: string) {
  const sessions = await t.call("GET", "/api/v1/sessions", { token });
  return sessions.json.items.find((s: { current: boolean }) => s.current).method;
}

describe("first sign-in under each registration mode", () => {
  test("open: the first person becomes the admin; the same subject signs in again to the same account; a code is spent once", async () => {
    const t = app();
    const ana = person();
    const first = await signIn(t, ana);
    expect(first.code).toBeDefined();
    const r = await trade(t, first.code!);
    expect(r.status).toBe(200);
    expect(r.json.user).toMatchObject({ email: ana.email, name: ana.name, role: "admin" });
    expect(await methodOf(t, r.json.access_token)).toBe("oidc");
    // the code was spent, and a made-up one is refused alike
    expect(expectError(await trade(t, first.code!), 401, "invalid_credentials").message).toContain(
      "sign in with the provider again",
    );
    const again = await trade(t, (await signIn(t, ana)).code!);
    expect(again.json.user.id).toBe(r.json.user.id);
    // a second person on an open server: a user, not an admin
    const ben = await trade(t, (await signIn(t, person())).code!);
    expect(ben.json.user.role).toBe("user");
    // the provider's word is an account's own API token pair: refresh works as for a password session
    expect((await t.call("POST", "/api/v1/refresh", { body: { refresh_token: ben.json.refresh_token } })).status).toBe(
      200,
    );
  });

  test("invite: refused without a code, made with one given to start (spent)", async () => {
    const t = makeApp({ options: { oidc: settings(op.issuer), registrationMode: "invite" } });
    const admin = await registerUser(t.call);
    const noInvite = await signIn(t, person());
    expect(noInvite).toMatchObject({ error: "validation_failed" });
    expect(noInvite.message).toContain("invite");
    const invite = await t.call("POST", "/api/v1/admin/invites", { token: admin.access_token, body: {} });
    expect(invite.status).toBe(201);
    const code = invite.json.code as string;
    const made = await signIn(t, person(), `/api/v1/auth/oidc/start?invite_code=${encodeURIComponent(code)}`);
    expect((await trade(t, made.code!)).json.user.role).toBe("user");
    const spent = await signIn(t, person(), `/api/v1/auth/oidc/start?invite_code=${encodeURIComponent(code)}`);
    expect(spent).toMatchObject({ error: "validation_failed" });
  });

  test("closed: refused with what to do; the first account on a server may still be made", async () => {
    const t = makeApp({ options: { oidc: settings(op.issuer), registrationMode: "closed" } });
    const first = await signIn(t, person());
    expect((await trade(t, first.code!)).json.user.role).toBe("admin");
    const refused = await signIn(t, person());
    expect(refused).toMatchObject({ error: "forbidden" });
    expect(refused.message).toContain("registration is closed");
  });

  test("an email the provider does not say is verified is refused, whether or not an account has it", async () => {
    const t = app();
    const ana = await registerUser(t.call);
    for (const email of [ana.email, "fresh@example.org"]) {
      const r = await signIn(t, person({ email, email_verified: false }));
      expect(r.error).toBe("forbidden");
      expect(r.message).toContain("verified");
    }
  });
});

describe("linking an existing account by email", () => {
  test("asks for the account's password once; wrong is refused; then the provider alone signs in", async () => {
    const t = app();
    const ana = await registerUser(t.call);
    const who = person({ email: ana.email });
    const first = await signIn(t, who);
    expect(first.code).toBeUndefined();
    expect(first.link).toBeDefined();
    const link = (password: string) =>
      t.call("POST", "/api/v1/auth/oidc/link", { body: { code: first.link, password } });
    expect(expectError(await link("wrong password"), 401, "invalid_credentials").message).toContain("password");
    const linked = await link(ana.password);
    expect(linked.status).toBe(200);
    expect(linked.json.user.id).toBe(ana.user.id);
    expect(await methodOf(t, linked.json.access_token)).toBe("oidc");
    expectError(await link(ana.password), 401, "invalid_credentials"); // spent
    const later = await signIn(t, who);
    expect((await trade(t, later.code!)).json.user.id).toBe(ana.user.id);
    // the password still works for the account (API clients, the app) when password sign-in is on
    expect((await t.call("POST", "/api/v1/login", { body: { email: ana.email, password: ana.password } })).status).toBe(
      200,
    );
  });
});

describe("the admin claim", () => {
  test("a person in the configured group is an admin, a new account or a linked one", async () => {
    const t = app();
    await registerUser(t.call); // the server's first account, so roles below come from the claim alone
    const boss = await trade(t, (await signIn(t, person({ groups: ["staff", "morsel-admins"] }))).code!);
    expect(boss.json.user.role).toBe("admin");
    const plain = person({ groups: ["staff"] });
    const user = await trade(t, (await signIn(t, plain)).code!);
    expect(user.json.user.role).toBe("user");
    // added to the group at the provider: admin at the next sign-in
    const promoted = await trade(t, (await signIn(t, { ...plain, groups: ["morsel-admins"] })).code!);
    expect(promoted.json.user.role).toBe("admin");
    expect((await t.call("GET", "/api/v1/admin/users", { token: promoted.json.access_token })).status).toBe(200);
  });
});

describe("logout", () => {
  test("POST /logout ends Morsel's session; /auth/oidc/logout sends the browser to the provider's end_session_endpoint", async () => {
    const t = app();
    const s = await trade(t, (await signIn(t, person())).code!);
    expect((await t.call("POST", "/api/v1/logout", { body: { refresh_token: s.json.refresh_token } })).status).toBe(
      204,
    );
    expectError(await t.call("GET", "/api/v1/me", { token: s.json.access_token }), 401, "invalid_token");
    const out = await t.call("GET", "/api/v1/auth/oidc/logout");
    expect(out.status).toBe(302);
    const end = new URL(out.headers.get("location")!);
    expect(end.origin).toBe(op.issuer);
    expect(end.searchParams.get("client_id")).toBe(CLIENT.id);
    expect(end.searchParams.get("post_logout_redirect_uri")).toBe(APP_URL);
    // the provider accepts it (its confirmation page)
    expect((await fetch(end, { redirect: "manual" })).status).toBe(200);
  });

  test("a provider without end_session_endpoint: back to the web app", async () => {
    const t = app({ issuer: fake.issuer });
    const out = await t.call("GET", "/api/v1/auth/oidc/logout");
    expect(out.headers.get("location")).toBe(APP_URL);
  });
});

describe("configuration", () => {
  test("an unreachable provider does not stop the server; a sign-in says so", async () => {
    const spare = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("down", { status: 503 }) });
    const issuer = `http://127.0.0.1:${spare.port}`;
    spare.stop(true);
    const t = app({ issuer });
    expect((await t.call("GET", "/api/v1/auth/providers")).json).toEqual({
      password: true,
      oidc: { name: "Test ID", start: "/api/v1/auth/oidc/start" },
      forward_auth: false,
    });
    const r = appParams((await t.call("GET", "/api/v1/auth/oidc/start")).headers.get("location"));
    expect(r.error).toBe("not_ready");
    expect(r.message).toContain(issuer);
  });

  test("not configured: the routes are 404 and the providers answer says so", async () => {
    const t = makeApp();
    expectError(await t.call("GET", "/api/v1/auth/oidc/start"), 404, "not_found");
    expect((await t.call("GET", "/api/v1/auth/providers")).json.oidc).toBeNull();
  });

  test("password sign-in off: /login and /register refuse with password_login_off; a personal access token still pushes Health Auto Export", async () => {
    const t = app({ passwordLogin: false });
    expect((await t.call("GET", "/api/v1/auth/providers")).json.password).toBe(false);
    const s = await trade(t, (await signIn(t, person())).code!);
    const body = { email: s.json.user.email, password: "correct horse battery" };
    expectError(await t.call("POST", "/api/v1/login", { body }), 403, "password_login_off");
    expectError(
      await t.call("POST", "/api/v1/register", { body: { ...body, email: "new@example.org", name: "N" } }),
      403,
      "password_login_off",
    );
    const pat = await t.call("POST", "/api/v1/tokens", {
      token: s.json.access_token,
      body: { name: "Health Auto Export", scopes: ["read", "write"] },
    });
    expect(pat.status).toBe(201);
    const push = await Bun.file(`${import.meta.dir}/../fixtures/health/hae-push-1.json`).json();
    const pushed = await t.call("POST", "/api/v1/health/auto-export", { token: pat.json.token, body: push });
    expect(pushed.status).toBe(200);
  });
});
