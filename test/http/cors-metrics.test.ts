/** CORS (--cors-origin) and Prometheus metrics (--metrics) through the real app. */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser, startProcess, TEST_BACKEND, tempDir, until } from "../helpers";

describe("CORS", () => {
  test("off by default: no Access-Control headers, and a preflight is refused", async () => {
    const { call } = makeApp();
    const r = await call("GET", "/api/v1/foods/search?q=apple", { headers: { origin: "http://dash.example.org" } });
    expect(r.headers.get("access-control-allow-origin")).toBeNull();
    const pre = await call("OPTIONS", "/api/v1/meals", {
      headers: { origin: "http://dash.example.org", "access-control-request-method": "POST" },
    });
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("an allowed origin gets its preflight and headers on answers and errors; another origin gets 403 naming the flag", async () => {
    const { call } = makeApp({ options: { corsOrigins: ["http://dash.example.org"] } });
    const u = await registerUser(call);
    const pre = await call("OPTIONS", "/api/v1/meals", {
      headers: {
        origin: "http://dash.example.org",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("http://dash.example.org");
    expect(pre.headers.get("access-control-allow-methods")).toContain("POST");
    expect(pre.headers.get("access-control-allow-headers")!.toLowerCase()).toContain("authorization");
    expect(pre.headers.get("access-control-allow-headers")!.toLowerCase()).toContain("content-type");
    const ok = await call("GET", "/api/v1/goals", {
      token: u.access_token,
      headers: { origin: "http://dash.example.org" },
    });
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://dash.example.org");
    expect(ok.headers.get("vary")).toContain("Origin");
    const err = await call("GET", "/api/v1/goals", { headers: { origin: "http://dash.example.org" } });
    expectError(err, 401, "missing_token");
    expect(err.headers.get("access-control-allow-origin")).toBe("http://dash.example.org");
    expect(err.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");
    const other = await call("OPTIONS", "/api/v1/meals", {
      headers: { origin: "http://evil.example", "access-control-request-method": "POST" },
    });
    expect(expectError(other, 403, "forbidden").message).toContain("--cors-origin http://evil.example");
    expect(
      (
        await call("GET", "/api/v1/goals", { token: u.access_token, headers: { origin: "http://evil.example" } })
      ).headers.get("access-control-allow-origin"),
    ).toBeNull();
  });
});

describe("/metrics", () => {
  test("off by default (404); on: 403 without the token from elsewhere, Prometheus text with it", async () => {
    expectError(await makeApp().call("GET", "/metrics"), 404, "not_found");
    const token = "metrics-token-0123456789";
    const { call } = makeApp({ options: { metrics: { token } } });
    const u = await registerUser(call);
    await call("GET", "/api/v1/meals/daily", { token: u.access_token });
    await call("GET", "/api/v1/meals/daily", { token: u.access_token });
    await call("GET", "/api/v1/meals/00000000-0000-4000-8000-000000000000", { token: u.access_token });
    // app.handle has no peer address: not loopback, so the token is needed
    expect(expectError(await call("GET", "/metrics"), 403, "forbidden").message).toContain("--metrics-token");
    expectError(await call("GET", "/metrics", { token: "wrong-token-0123456789" }), 403, "forbidden");
    // the app records a request after its answer has gone out: wait for the three to be counted
    let r = await call("GET", "/metrics", { token });
    await until(async () => (r = await call("GET", "/metrics", { token })).text.includes('route="/api/v1/meals/:id"'));
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/plain");
    expect(r.text).toContain('morsel_http_requests_total{method="GET",route="/api/v1/meals/daily",status="200"} 2');
    expect(r.text).toContain('morsel_http_requests_total{method="GET",route="/api/v1/meals/:id",status="404"} 1');
    // both requests are in the histogram (the +Inf bucket holds every one, whatever the machine's load)
    expect(r.text).toMatch(
      /morsel_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/v1\/meals\/daily"\} 2/,
    );
    expect(r.text).toMatch(
      /morsel_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/meals\/daily"\} 2/,
    );
    expect(r.text).toMatch(/^morsel_database_bytes [1-9]\d*$/m);
    // SQLite's write-ahead log is a file beside the database; PostgreSQL's is the server's, not ours to report
    if (TEST_BACKEND === "sqlite") expect(r.text).toMatch(/^morsel_database_wal_bytes \d+$/m);
    else expect(r.text).not.toContain("morsel_database_wal_bytes");
    expect(r.text).toMatch(/^morsel_photo_queue_depth 0$/m);
    expect(r.text).toMatch(/^morsel_sessions_active 1$/m);
    expect(r.text).toMatch(/^morsel_users 1$/m);
    expect(r.text).not.toContain(u.email);
  });

  test("a real server: loopback callers get it; a request through a proxy (X-Forwarded-For) does not", async () => {
    const srv = await startProcess(tempDir(), ["--metrics"]);
    try {
      const direct = await fetch(`${srv.url}/metrics`);
      expect(direct.status).toBe(200);
      expect(await direct.text()).toContain("morsel_http_requests_total");
      const proxied = await fetch(`${srv.url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } });
      expect(proxied.status).toBe(403);
    } finally {
      await srv.stop();
    }
  });
});
