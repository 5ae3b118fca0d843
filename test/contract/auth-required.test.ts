/**
 * Every operation the OpenAPI document marks as needing a bearer token refuses a call without
 * one: 401 missing_token. New protected routes join this test by being documented.
 */
import { expect, test } from "bun:test";
import { expectError, makeApp } from "../helpers";

const { call } = makeApp();

test("every protected route → 401 missing_token without a token", async () => {
  const doc = (await call("GET", "/api/v1/openapi.json")).json;
  const protectedOps: [string, string][] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { security?: unknown[] }>>)) {
    for (const [method, op] of Object.entries(ops)) {
      // `[{}, { bearer: [] }]` marks a token as optional (food search and detail)
      const required = op.security?.length && op.security.every((s) => Object.keys(s as object).length > 0);
      if (required) protectedOps.push([method.toUpperCase(), path.replace(/\{[^}]+\}/g, "1")]);
    }
  }
  expect(protectedOps.length).toBeGreaterThanOrEqual(3);
  for (const [method, path] of protectedOps) {
    const r = await call(method, path, method === "GET" || method === "DELETE" ? {} : { body: {} });
    if (r.status !== 401) throw new Error(`${method} ${path} answered ${r.status} without a token`);
    expectError(r, 401, "missing_token");
    if (method !== "GET") {
      // a broken body does not change the answer: authentication comes first
      expectError(await call(method, path, { raw: "{not json" }), 401, "missing_token");
      expectError(
        await call(method, path, { raw: "x", headers: { "content-type": "text/plain" } }),
        401,
        "missing_token",
      );
    }
  }
});
