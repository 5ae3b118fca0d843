/**
 * Trusted-header sign-in: Remote-Email is read only with --forward-auth on and only from a
 * --trust-proxy peer; anywhere else the headers are ignored. Through a real server, where the peer
 * address is real.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config";
import { startServer } from "../../src/http/server";
import { expectError, makeApp, registerUser, type Reply, type TestApp } from "../helpers";

const servers: { stop: (force: boolean) => unknown }[] = [];
afterAll(() => servers.forEach((s) => s.stop(true)));

async function serve(t: TestApp): Promise<string> {
  const server = startServer(await t.started(), { port: 0, hostname: "127.0.0.1" });
  servers.push(server);
  return `http://127.0.0.1:${server.port}`;
}

const HEADERS = { userHeader: "Remote-User", emailHeader: "Remote-Email" };

async function headerLogin(base: string, headers: Record<string, string>): Promise<Reply> {
  const r = await fetch(`${base}/api/v1/login/header`, { method: "POST", headers });
  const text = await r.text();
  return { status: r.status, headers: r.headers, json: JSON.parse(text), text };
}

describe("POST /login/header", () => {
  test("on and from a trusted proxy: the named account gets a session whose method is header", async () => {
    const t = makeApp({ options: { trustProxy: ["127.0.0.1/32"], forwardAuth: HEADERS } });
    const base = await serve(t);
    const ana = await registerUser(t.call);
    const r = await headerLogin(base, { "Remote-User": "ana", "Remote-Email": ` ${ana.email.toUpperCase()} ` });
    expect(r.status).toBe(200);
    expect(r.json.user.email).toBe(ana.email);
    // a sign-in page learns that it may try (and, off, the answer is as before: see the next test)
    expect((await t.call("GET", "/api/v1/register")).json.forward_auth).toBe(true);
    const sessions = await t.call("GET", "/api/v1/sessions", { token: r.json.access_token });
    const current = sessions.json.items.find((s: { current: boolean }) => s.current);
    expect(current.method).toBe("header");
    // an email with no account, and a missing header, are refused with what to do
    expect(
      expectError(await headerLogin(base, { "Remote-Email": "nobody@example.org" }), 401, "invalid_credentials")
        .message,
    ).toContain("register");
    expect(expectError(await headerLogin(base, {}), 401, "invalid_credentials").message).toContain("Remote-Email");
  });

  test("header names are configurable", async () => {
    const t = makeApp({
      options: {
        trustProxy: ["127.0.0.1/32"],
        forwardAuth: { userHeader: "X-Auth-User", emailHeader: "X-Auth-Email" },
      },
    });
    const base = await serve(t);
    const ana = await registerUser(t.call);
    expectError(await headerLogin(base, { "Remote-Email": ana.email }), 401, "invalid_credentials");
    expect((await headerLogin(base, { "X-Auth-Email": ana.email })).status).toBe(200);
  });

  test("ignored unless turned on", async () => {
    const t = makeApp({ options: { trustProxy: ["127.0.0.1/32"] } });
    const base = await serve(t);
    const ana = await registerUser(t.call);
    expectError(await headerLogin(base, { "Remote-Email": ana.email }), 404, "not_found");
    expect((await t.call("GET", "/api/v1/register")).json.forward_auth).toBeUndefined();
    // nor does any other route take the header as a credential
    const me = await fetch(`${base}/api/v1/me`, { headers: { "Remote-Email": ana.email } });
    expect(me.status).toBe(401);
  });

  test("ignored from an address that is not a trusted proxy, even when on", async () => {
    const t = makeApp({ options: { trustProxy: ["10.0.0.0/8"], forwardAuth: HEADERS } });
    const base = await serve(t);
    const ana = await registerUser(t.call);
    const r = await headerLogin(base, { "Remote-Email": ana.email, "X-Forwarded-For": "10.1.2.3" });
    expect(expectError(r, 401, "invalid_credentials").message).toContain("trusted proxy");
    // through app.handle there is no peer at all: never trusted
    expectError(
      await t.call("POST", "/api/v1/login/header", { headers: { "Remote-Email": ana.email } }),
      401,
      "invalid_credentials",
    );
  });

  test("a disabled account gets 403", async () => {
    const t = makeApp({ options: { trustProxy: ["127.0.0.1/32"], forwardAuth: HEADERS } });
    const base = await serve(t);
    const admin = await registerUser(t.call);
    const ana = await registerUser(t.call);
    await t.call("PATCH", `/api/v1/admin/users/${ana.user.id}`, {
      token: admin.access_token,
      body: { disabled: true },
    });
    expectError(await headerLogin(base, { "Remote-Email": ana.email }), 403, "forbidden");
  });
});

describe("--forward-auth flags", () => {
  const env = { HOME: "/h" };
  test("off by default; on needs --trust-proxy; header names default to Remote-User and Remote-Email", () => {
    expect(loadConfig([], env).forwardAuth).toBeNull();
    expect(() => loadConfig(["--forward-auth"], env)).toThrow("--trust-proxy");
    expect(loadConfig(["--forward-auth", "--trust-proxy", "10.0.0.2"], env).forwardAuth).toEqual(HEADERS);
    const named = loadConfig(["--trust-proxy", "10.0.0.2", "--forward-auth-email-header", "X-Email"], {
      ...env,
      MORSEL_FORWARD_AUTH: "true",
    });
    expect(named.forwardAuth).toEqual({ userHeader: "Remote-User", emailHeader: "X-Email" });
    expect(() =>
      loadConfig(["--forward-auth", "--trust-proxy", "10.0.0.2", "--forward-auth-user-header", "bad header"], env),
    ).toThrow("--forward-auth-user-header");
  });
});
