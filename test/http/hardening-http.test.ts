/**
 * HTTP hardening: headers on every answer, the Host check against DNS rebinding, CSV
 * formula injection, /healthz 503, and bodies refused from their headers before they are read.
 */
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixtureGtin13 } from "../../scripts/gen-off-fixture";
import { importOff } from "../../src/features/imported/import";
import { csvCell } from "../../src/features/portability/export";
import { ANONYMOUS_SEARCH_BUDGET } from "../../src/lib/cost-budget";
import { expectError, makeApp, registerUser, until } from "../helpers";
import { startServer } from "../../src/http/server";

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

describe("Host check (DNS rebinding)", () => {
  const LOOPBACK = ["localhost", "127.0.0.1", "[::1]", "*.localhost"];
  const at = async (t: ReturnType<typeof makeApp>, host: string) =>
    (await t.started()).handle(new Request(`http://${host}/api/v1/foods/search?q=apple`));

  test("bound to loopback: a foreign Host → 421 host_not_allowed with the flag to use; loopback names pass", async () => {
    const t = makeApp({ options: { allowedHosts: LOOPBACK } });
    const evil = await at(t, "evil.example");
    expect(evil.status).toBe(421);
    const body = (await evil.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("host_not_allowed");
    expect(body.error.message).toContain("--allowed-hosts evil.example");
    for (const ok of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "app.localhost", "LOCALHOST"])
      expect(`${ok} ${(await at(t, ok)).status}`).toBe(`${ok} 200`);
    expect((await at(t, "127.0.0.1.evil.example")).status).toBe(421);
  });

  test("--allowed-hosts adds names, with *.suffix wildcards", async () => {
    const t = makeApp({ options: { allowedHosts: [...LOOPBACK, "morsel.home.arpa", "*.example.org"] } });
    expect((await at(t, "morsel.home.arpa")).status).toBe(200);
    expect((await at(t, "tracker.example.org")).status).toBe(200);
    expect((await at(t, "example.org.evil.example")).status).toBe(421);
  });

  test("not bound to loopback and no --allowed-hosts: any name (a LAN server reached by its IP)", async () => {
    expect((await at(makeApp(), "192.168.1.20:3000")).status).toBe(200);
  });
});

describe("CSV export never carries a live formula (OWASP CSV injection)", () => {
  test("cells starting with = + - @ tab or CR get an apostrophe; numbers stay numbers", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const s of ["+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
      expect(csvCell(s).replace(/^"|"$/g, "").startsWith("'")).toBe(true);
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell("plain, text")).toBe('"plain, text"');
  });

  test("a note, a custom food, its portion and an imported Open Food Facts name are all neutralised", async () => {
    const t = makeApp();
    const u = await registerUser(t.call);
    const api = (method: string, path: string, body?: unknown) =>
      t.call(method, `/api/v1${path}`, { token: u.access_token, body });
    const file = join(t.dir, "off.jsonl");
    writeFileSync(
      file,
      JSON.stringify({
        code: fixtureGtin13(7),
        product_name: "=cmd|' /C calc'!A0",
        nutriments: { "energy-kcal_100g": 100 },
      }),
    );
    await importOff(await t.store(), file);
    const planted = (await api("POST", "/scanner/barcode", { barcode: fixtureGtin13(7) })).json.food;
    const food = (
      await api("POST", "/foods", {
        name: "@SUM(1+1)",
        nutrients: { energy_kcal: 100 },
        portions: [{ name: "+bowl", grams: 50 }],
      })
    ).json;
    await api("POST", "/meals", { food_id: planted.id, quantity: 100, meal_type: "lunch", date: "2026-11-20" });
    await api("POST", "/meals", {
      food_id: food.id,
      quantity: 1,
      portion_id: food.portions[0].id,
      meal_type: "dinner",
      date: "2026-11-20",
      note: "-1+cmd",
    });
    const csv = (await api("GET", "/export?format=csv")).text;
    const cells = csv
      .split("\r\n")
      .slice(1)
      .join(",")
      .split(",")
      .map((c) => c.replace(/^"|"$/g, ""));
    expect(cells).toContain("'=cmd|' /C calc'!A0");
    expect(cells).toContain("'@SUM(1+1)");
    expect(cells).toContain("'+bowl");
    expect(cells).toContain("'-1+cmd");
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-?\d/.test(c))).toEqual([]);
  });
});

describe("/healthz and the access log", () => {
  test("/healthz: 503 not_ready while draining (Docker and Kubernetes read the status)", async () => {
    const lifecycle = { draining: false };
    const t = makeApp({ options: { lifecycle } });
    expect((await t.call("GET", "/healthz")).status).toBe(200);
    lifecycle.draining = true;
    expectError(await t.call("GET", "/healthz"), 503, "not_ready");
  });

  test("the access log records a 201 as 201 and a 404 as 404", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = {
      info: (msg: string, f?: Record<string, unknown>) => void (msg === "request" && lines.push(f ?? {})),
      warn() {},
      error() {},
    };
    const t = makeApp({ options: { logger, logRequests: true } });
    await registerUser(t.call);
    await t.call("GET", "/nope");
    await until(() => lines.length >= 2); // the log line is written after the response has gone
    expect(lines.map((l) => `${l.path} ${l.status}`)).toEqual(["/api/v1/register 201", "/nope 404"]);
  });
});

describe("anonymous search is bounded", () => {
  test("an anonymous flood of searches runs out of budget: 429 with Retry-After; a signed-in user is unaffected", async () => {
    const t = makeApp({ options: { searchBudget: ANONYMOUS_SEARCH_BUDGET } });
    const u = await registerUser(t.call);
    let limited: Awaited<ReturnType<typeof t.call>> | undefined;
    for (let i = 0; i < 5000 && !limited; i++) {
      const r = await t.call(
        "GET",
        `/api/v1/foods/search?q=${String.fromCharCode(97 + (i % 26))}${i}&offset=${i % 1000}`,
      );
      if (r.status === 429) limited = r;
      else expect(r.status).toBe(200);
    }
    expect(limited).toBeDefined();
    expectError(limited!, 429, "rate_limited");
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await t.call("GET", "/api/v1/foods/search?q=apple", { token: u.access_token })).status).toBe(200);
  });

  test("clients on this machine (loopback) are not budgeted", async () => {
    const t = makeApp({ options: { searchBudget: { burstMs: 1, refillMsPerS: 0, floorMs: 1 } } });
    const server = startServer(await t.started(), { port: 0, hostname: "127.0.0.1" });
    try {
      for (let i = 0; i < 20; i++)
        expect((await fetch(`http://127.0.0.1:${server.port}/api/v1/foods/search?q=c${i}`)).status).toBe(200);
      // the same budget refuses a caller that is not on this machine at once
      expect((await t.call("GET", "/api/v1/foods/search?q=c")).status).toBe(200);
      expectError(await t.call("GET", "/api/v1/foods/search?q=d"), 429, "rate_limited");
    } finally {
      server.stop(true);
    }
  });
});

test("a text part named image is told it must be a file, not 'must be a string'", async () => {
  const t = makeApp();
  const u = await registerUser(t.call);
  const form = new FormData();
  form.append("image", "hello");
  const r = await (await t.started()).handle(
    new Request("http://localhost/api/v1/scanner/photo", {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${u.access_token}` },
    }),
  );
  const body = (await r.json()) as { error: { code: string; message: string; details: { field: string }[] } };
  expect(r.status).toBe(400);
  expect(body.error.code).toBe("validation_failed");
  expect(body.error.message).toBe(
    "image must be a file part (JPEG, PNG or WebP, sent with a filename), not a text field",
  );
  expect(body.error.details[0]!.field).toBe("image");
});
