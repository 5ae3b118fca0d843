/** Headers on every answer: nosniff everywhere, no-store on tokens and exports, a strict CSP on /docs. */
import { describe, expect, test } from "bun:test";
import { makeApp, registerUser } from "../helpers";

describe("headers", () => {
  test("X-Content-Type-Options: nosniff on every kind of answer, errors included", async () => {
    const t = makeApp();
    const u = await registerUser(t.call);
    for (const [method, path, token] of [
      ["GET", "/healthz"],
      ["GET", "/docs"],
      ["GET", "/api/v1/openapi.json"],
      ["GET", "/api/v1/foods/search?q=apple"],
      ["GET", "/api/v1/me", u.access_token],
      ["GET", "/api/v1/me"],
      ["GET", "/nope"],
      ["DELETE", "/healthz"],
    ] as const) {
      const r = await t.call(method, path, { token });
      expect(`${path} ${r.headers.get("x-content-type-options")}`).toBe(`${path} nosniff`);
    }
  });

  test("Cache-Control: no-store on tokens, /me, exports and their errors; catalogue answers may be cached", async () => {
    const t = makeApp();
    const u = await registerUser(t.call, { password: "correct horse battery" });
    const login = await t.call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } });
    const refresh = await t.call("POST", "/api/v1/refresh", { body: { refresh_token: login.json.refresh_token } });
    const me = await t.call("GET", "/api/v1/me", { token: u.access_token });
    const json = await t.call("GET", "/api/v1/export", { token: u.access_token });
    const csv = await t.call("GET", "/api/v1/export?format=csv", { token: u.access_token });
    const bad = await t.call("POST", "/api/v1/login", { body: { email: u.email, password: "wrong password" } });
    for (const r of [login, refresh, me, json, csv, bad]) expect(r.headers.get("cache-control")).toBe("no-store");
    const register = await t.call("POST", "/api/v1/register", {
      body: { email: "x@example.org", password: "correct horse battery", name: "X" },
    });
    expect(register.headers.get("cache-control")).toBe("no-store");
    expect((await t.call("GET", "/api/v1/foods/search?q=apple")).headers.get("cache-control")).toBeNull();
    expect((await t.call("GET", "/api/v1/foods/9040")).headers.get("cache-control")).toBeNull();
    // with a token they are personal: the caller's custom foods and ranking; caches keep them apart
    for (const path of ["/api/v1/foods/search?q=apple", "/api/v1/foods/9040"]) {
      const anon = await t.call("GET", path);
      const mine = await t.call("GET", path, { token: u.access_token });
      expect(
        `${path} ${anon.headers.get("vary")} ${mine.headers.get("vary")} ${mine.headers.get("cache-control")}`,
      ).toBe(`${path} Authorization Authorization private, no-store`);
    }
    // the caller's own foods are personal, though they live under /foods
    expect((await t.call("GET", "/api/v1/foods/recent", { token: u.access_token })).headers.get("cache-control")).toBe(
      "no-store",
    );
    const custom = await t.call("POST", "/api/v1/foods", {
      token: u.access_token,
      body: { name: "Granola", nutrients: { energy_kcal: 470 } },
    });
    expect(custom.headers.get("cache-control")).toBe("no-store");
    const read = await t.call("GET", `/api/v1/foods/${custom.json.id}`, { token: u.access_token });
    expect(`${read.headers.get("cache-control")} ${read.headers.get("vary")}`).toBe("private, no-store Authorization");
  });

  test("/docs has a Content-Security-Policy that forbids framing and inline scripts", async () => {
    const t = makeApp();
    const r = await t.call("GET", "/docs");
    const csp = r.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/); // scripts never inline; only styles may be
    expect(r.text).not.toMatch(/<script>[^<]/); // the start-up call is a file now
    const init = await t.call("GET", "/docs/assets/init.js");
    expect(init.text).toContain("SwaggerUIBundle");
  });
});
