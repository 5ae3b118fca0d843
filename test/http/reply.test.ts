/**
 * `reply(deps, body, { status, headers, set })` (src/http/reply.ts), on both paths: validated (tests,
 * development: Elysia checks the body against the route's schema for its status) and production (a Response
 * serialised at once, with the same status and headers). Its type is what Elysia checks, so a status the
 * route does not declare, or a body its schema does not match, fails to compile: the @ts-expect-error lines
 * below fail `tsc` the day that stops being true.
 */
import { describe, expect, test } from "bun:test";
import { Elysia, t } from "elysia";
import { reply } from "../../src/http/reply";

const Thing = t.Object({ id: t.Integer(), name: t.String() });

function app(validateResponses: boolean) {
  const deps = { validateResponses };
  return new Elysia()
    .get("/thing", () => reply(deps, { id: 1, name: "a" }), { response: { 200: Thing } })
    .post(
      "/things",
      async ({ set }) => reply(deps, { id: 2, name: "b" }, { status: 201, headers: { location: "/things/2" }, set }),
      { response: { 201: Thing } },
    )
    .put(
      "/things/:id",
      ({ params }) => reply(deps, { id: 3, name: "c" }, { status: params.id === "new" ? 201 : 200 }),
      {
        response: { 200: Thing, 201: Thing },
      },
    )
    .get("/wrong", () => reply(deps, JSON.parse('{"id":"not a number","name":"x"}') as typeof Thing.static), {
      response: { 200: Thing },
    });
}

const call = async (a: ReturnType<typeof app>, method: string, path: string) => {
  const r = await a.handle(new Request(`http://localhost${path}`, { method }));
  return { status: r.status, location: r.headers.get("location"), json: await r.json() };
};

describe("reply", () => {
  for (const validated of [true, false]) {
    test(`${validated ? "validated" : "production"}: the body with its status and headers`, async () => {
      const a = app(validated);
      expect(await call(a, "GET", "/thing")).toEqual({ status: 200, location: null, json: { id: 1, name: "a" } });
      expect(await call(a, "POST", "/things")).toEqual({
        status: 201,
        location: "/things/2",
        json: { id: 2, name: "b" },
      });
      expect((await call(a, "PUT", "/things/new")).status).toBe(201);
      expect((await call(a, "PUT", "/things/3")).status).toBe(200);
    });
  }

  test("validated: a body its schema refuses is not sent; production sends it unchecked", async () => {
    expect((await call(app(true), "GET", "/wrong")).status).not.toBe(200);
    expect((await call(app(false), "GET", "/wrong")).status).toBe(200);
  });

  test("the type: an undeclared status, a wrong body, or headers without set do not compile", () => {
    const deps = { validateResponses: true };
    new Elysia()
      // @ts-expect-error 201 is not among the route's statuses
      .post("/a", async () => reply(deps, { id: 1, name: "a" }, { status: 201 }), { response: { 200: Thing } })
      // @ts-expect-error name must be a string
      .get("/b", async () => reply(deps, { id: 1, name: 2 }), { response: { 200: Thing } })
      // @ts-expect-error headers travel with a validated body through the route's set
      .get("/c", () => reply(deps, { id: 1, name: "a" }, { headers: { location: "/c" } }), {
        response: { 200: Thing },
      });
    expect(true).toBe(true);
  });
});
