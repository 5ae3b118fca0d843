/** A known path with a method it does not take: 405 method_not_allowed with Allow. */
import { expect, test } from "bun:test";
import { expectError, makeApp } from "../helpers";

const { call } = makeApp();

test.each([
  ["POST", "/api/v1/goals", "GET, PUT"],
  ["PUT", "/api/v1/meals/0193c1b4-7d2e-7c3a-9f1e-2b5d8c4a6e10", "DELETE, GET, PATCH"],
  ["PATCH", "/api/v1/export", "GET"],
  ["GET", "/api/v1/sync/push", "POST"],
])("%s %s → 405 with Allow: %s", async (method, path, allow) => {
  const r = await call(method, path, method === "GET" || method === "DELETE" ? {} : { body: {} });
  expectError(r, 405, "method_not_allowed");
  expect(r.headers.get("allow")).toBe(allow);
  expect(r.headers.get("x-request-id")).toBeTruthy();
});

test("an unknown path is still 404 not_found, and the error table lists 405", async () => {
  expectError(await call("GET", "/api/v1/nothing-here"), 404, "not_found");
  const doc = (await call("GET", "/api/v1/openapi.json")).json;
  expect(doc.components.schemas.Error.properties.error.properties.code.enum).toContain("method_not_allowed");
});
