/**
 * Login limits: password guessing cannot get around the limits (parallel attempts,
 * interleaved successes, PATCH/DELETE /me), a trusted proxy names the client, and a retried refresh
 * keeps the session (that one is in accounts.test.ts).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser, type TestApp } from "../helpers";
import { startServer } from "../../src/http/server";

const wrong = (email: string) => ({ body: { email, password: "wrong password" } });
const count = (statuses: number[], s: number) => statuses.filter((x) => x === s).length;

describe("login limits hold under parallel attempts", () => {
  test("40 parallel wrong logins for one email: 5 are checked (401), 35 get 429", async () => {
    const app = makeApp();
    const u = await registerUser(app.call);
    const rs = await Promise.all(Array.from({ length: 40 }, () => app.call("POST", "/api/v1/login", wrong(u.email))));
    const statuses = rs.map((r) => r.status);
    expect(count(statuses, 401)).toBe(5);
    expect(count(statuses, 429)).toBe(35);
    expect(rs.find((r) => r.status === 429)!.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  test("30 parallel wrong logins from one address across emails: 20 are checked, 10 get 429", async () => {
    const app = makeApp();
    const rs = await Promise.all(
      Array.from({ length: 30 }, (_, i) => app.call("POST", "/api/v1/login", wrong(`guess${i}@example.org`))),
    );
    const statuses = rs.map((r) => r.status);
    expect(count(statuses, 401)).toBe(20);
    expect(count(statuses, 429)).toBe(10);
  });

  test("the right password among parallel wrong ones is never let through past the limit", async () => {
    const app = makeApp();
    const u = await registerUser(app.call);
    const bodies = Array.from({ length: 20 }, (_, i) =>
      i === 19 ? { body: { email: u.email, password: u.password } } : wrong(u.email),
    );
    const rs = await Promise.all(bodies.map((b) => app.call("POST", "/api/v1/login", b)));
    // the right one came last: the 5 reserved attempts were all wrong, so it is refused
    expectError(rs[19]!, 429, "rate_limited");
  });
});

describe("a valid account cannot launder an address's failures", () => {
  test("logging in as yourself between guesses does not reset the address: 429 after 20 failures", async () => {
    const app = makeApp();
    const mine = await registerUser(app.call);
    const statuses: number[] = [];
    for (let i = 0; i < 43; i++) {
      statuses.push((await app.call("POST", "/api/v1/login", wrong(`victim${i}@example.org`))).status);
      if (i % 4 === 3)
        await app.call("POST", "/api/v1/login", { body: { email: mine.email, password: mine.password } });
    }
    expect(count(statuses, 401)).toBe(20);
    expect(count(statuses, 429)).toBe(23);
  });

  test("success clears that email's counter: 4 wrong, right, 4 wrong, right keeps working", async () => {
    const app = makeApp();
    const u = await registerUser(app.call);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++)
        expectError(await app.call("POST", "/api/v1/login", wrong(u.email)), 401, "invalid_credentials");
      expect((await app.call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } })).status).toBe(
        200,
      );
    }
  });
});

describe("PATCH and DELETE /me are throttled like login (a stolen access token cannot guess)", () => {
  test("PATCH /me: 5 wrong current_password → 400, then 429 with Retry-After, even for the right one", async () => {
    const app = makeApp();
    const u = await registerUser(app.call);
    const change = (current: string) =>
      app.call("PATCH", "/api/v1/me", {
        token: u.access_token,
        body: { password: "a brand new password", current_password: current },
      });
    for (let i = 0; i < 5; i++) expectError(await change(`wrong ${i}`), 400, "validation_failed");
    const blocked = await change(u.password);
    expectError(blocked, 429, "rate_limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // nothing changed: the old password still signs in once the window has passed
    app.clock.advance(15 * 60_000);
    expect((await app.call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } })).status).toBe(
      200,
    );
  });

  test("DELETE /me: 30 parallel wrong passwords → at most 5 checked; the account survives", async () => {
    const app = makeApp();
    const u = await registerUser(app.call);
    const rs = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.call("DELETE", "/api/v1/me", { token: u.access_token, body: { password: `wrong ${i}` } }),
      ),
    );
    expect(
      count(
        rs.map((r) => r.status),
        400,
      ),
    ).toBe(5);
    expect(
      count(
        rs.map((r) => r.status),
        429,
      ),
    ).toBe(25);
    expectError(
      await app.call("DELETE", "/api/v1/me", { token: u.access_token, body: { password: u.password } }),
      429,
      "rate_limited",
    );
    expect((await app.call("GET", "/api/v1/me", { token: u.access_token })).status).toBe(200);
  });
});

describe("--trust-proxy: behind Caddy or nginx each client keeps its own limit", () => {
  const servers: { stop: (force: boolean) => unknown }[] = [];
  afterAll(() => servers.forEach((s) => s.stop(true)));
  const serve = async (t: TestApp) => {
    const server = startServer(await t.started(), { port: 0, hostname: "127.0.0.1" });
    servers.push(server);
    return `http://127.0.0.1:${server.port}`;
  };
  const login = (base: string, email: string, password: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/v1/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ email, password }),
    });

  test("trusted: 20 failures from one forwarded client do not lock out another; Forwarded works too", async () => {
    const t = makeApp({ options: { trustProxy: ["127.0.0.1/32"] } });
    const base = await serve(t);
    const bob = await registerUser(t.call);
    for (let i = 0; i < 20; i++)
      await login(base, `x${i}@example.org`, "wrong password", { "x-forwarded-for": "203.0.113.7" });
    expect((await login(base, "y@example.org", "wrong password", { "x-forwarded-for": "203.0.113.7" })).status).toBe(
      429,
    );
    expect((await login(base, bob.email, bob.password, { "x-forwarded-for": "198.51.100.2" })).status).toBe(200);
    expect(
      (await login(base, "y@example.org", "wrong password", { forwarded: 'for="203.0.113.7:5555";proto=https' }))
        .status,
    ).toBe(429);
    // a client cannot choose its address: a hop the client wrote itself, left of the proxy's, is not read
    expect(
      (await login(base, "y@example.org", "wrong password", { "x-forwarded-for": "198.51.100.9, 203.0.113.7" })).status,
    ).toBe(429);
  });

  test("not trusted (the default): forwarding headers are ignored, so they cannot dodge the limit", async () => {
    const t = makeApp();
    const base = await serve(t);
    for (let i = 0; i < 20; i++)
      await login(base, `x${i}@example.org`, "wrong password", { "x-forwarded-for": `203.0.113.${i}` });
    expect((await login(base, "y@example.org", "wrong password", { "x-forwarded-for": "198.51.100.2" })).status).toBe(
      429,
    );
  });
});
