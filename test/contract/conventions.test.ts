/** API.md §Conventions and §Errors: envelope, request ids, health, OpenAPI, docs. */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "bun:test";
import { AppError, ERROR_STATUS } from "../../src/lib/errors";
import { expectError, makeApp } from "../helpers";
import pkg from "../../package.json" with { type: "json" };

const { call } = makeApp();

describe("error table", () => {
  // The contract's table, read from docs/API.md, so the code and the contract cannot drift apart.
  const CONTRACT: Record<number, string[]> = {};
  for (const m of readFileSync(new URL("../../docs/API.md", import.meta.url), "utf8").matchAll(
    /^\| (\d{3}) \| ([^|]+) \|/gm,
  )) {
    CONTRACT[Number(m[1])] = [...m[2]!.replace(/\([^)]*\)/g, "").matchAll(/`([a-z_]+)`/g)].map((c) => c[1]!);
  }

  test("every contract code maps to its status, and nothing else is in the table", () => {
    const fromContract: [string, number][] = Object.entries(CONTRACT).flatMap(([status, codes]) =>
      codes.map((c): [string, number] => [c, Number(status)]),
    );
    const table: [string, number][] = Object.entries(ERROR_STATUS);
    expect(table.sort()).toEqual(fromContract.sort());
  });

  test.each(Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[])("AppError(%s) renders the envelope", (code) => {
    const e = new AppError(
      code,
      "something precise",
      code === "validation_failed" ? [{ field: "x", message: "bad" }] : undefined,
    );
    expect(e.status).toBe(ERROR_STATUS[code]);
    expect(e.body().error.code).toBe(code);
    expect(e.body().error.message).toBe("something precise");
  });
});

describe("conventions", () => {
  test("GET /healthz → ok with the version, no auth", async () => {
    const r = await call("GET", "/healthz");
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      status: "ok",
      version: pkg.version,
      ready: true,
      checks: { database: "ok", catalogue: "ok" },
    });
  });

  test("every response carries X-Request-Id, errors included; a safe incoming id is kept", async () => {
    for (const path of ["/healthz", "/api/v1/foods/9040", "/api/v1/foods/0", "/nope", "/api/v1/openapi.json"]) {
      const r = await call("GET", path);
      expect(r.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    const kept = await call("GET", "/healthz", { headers: { "x-request-id": "client-abc_123" } });
    expect(kept.headers.get("x-request-id")).toBe("client-abc_123");
    const replaced = await call("GET", "/healthz", { headers: { "x-request-id": "bad id <script> with spaces" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("an unknown route → 404 not_found in the envelope", async () => {
    const e = expectError(await call("GET", "/api/v1/does-not-exist"), 404, "not_found");
    expect(e.message).toContain("/api/v1/does-not-exist");
    expectError(await call("GET", "/healthz/nothing"), 404, "not_found");
    expectError(await call("DELETE", "/healthz"), 405, "method_not_allowed");
  });

  test("the OpenAPI document describes the routes and the error envelope", async () => {
    const r = await call("GET", "/api/v1/openapi.json");
    expect(r.status).toBe(200);
    expect(r.json.openapi).toMatch(/^3\./);
    expect(r.json.info.title).toBe("Morsel API");
    expect(r.json.paths["/api/v1/foods/search"].get).toBeDefined();
    expect(r.json.paths["/api/v1/foods/{id}"].get).toBeDefined();
    expect(r.json.paths["/healthz"].get).toBeDefined();
    const search = r.json.paths["/api/v1/foods/search"].get;
    expect(Object.keys(search.responses)).toEqual(expect.arrayContaining(["200", "400"]));
    expect(JSON.stringify(search.responses["400"])).toContain("validation_failed");
  });

  test("/docs renders the OpenAPI description from local assets only", async () => {
    const page = await call("GET", "/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text).not.toMatch(/https?:\/\//);
    const srcs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs).toEqual(["/docs/assets/swagger-ui.css", "/docs/assets/swagger-ui-bundle.js", "/docs/assets/init.js"]);
    for (const src of srcs) {
      const asset = await call("GET", src);
      expect(asset.status).toBe(200);
      expect(asset.text.length).toBeGreaterThan(src.endsWith("init.js") ? 50 : 10_000);
    }
    expectError(await call("GET", "/docs/assets/..%2Fpackage.json"), 404, "not_found");
    expectError(await call("GET", "/docs/assets/index.html"), 404, "not_found");
  });
});
