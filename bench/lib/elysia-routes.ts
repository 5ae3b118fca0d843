/**
 * The start floor with our framework at our size: an Elysia app shaped like Morsel's route table and
 * nothing else (no database, no services). Feature plugins of 5 routes under an /api/v1 prefix (GET,
 * POST, PATCH, DELETE; an id parameter on half), each with a JSON body schema on writes, an integer
 * query or path parameter, 200 and error response schemas, and an `auth` macro; more GET routes on the
 * root (the counts below); and global request, error and after-response hooks, as
 * src/app.ts composes them. Handlers answer a ready Response, as Morsel's do in production (src/http/reply.ts). Listens on $PORT (else any free port) the way src/http/server.ts does,
 * and prints it. `bench:binary` compiles it like the executable and times its first 200 on /healthz.
 */
import { type AnyElysia, Elysia, t } from "elysia";

const ErrorBody = t.Object({
  error: t.Object({
    code: t.String(),
    message: t.String(),
    details: t.Optional(t.Array(t.Object({ field: t.Optional(t.String()), message: t.String() }))),
  }),
});
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));
const thing = (n: number) =>
  t.Object({
    id: t.String(),
    name: t.String({ minLength: 1, maxLength: 200 }),
    quantity: t.Number({ minimum: 0, maximum: 100_000 }),
    kind: t.Union([t.Literal("a"), t.Literal("b"), t.Literal("c")]),
    note: t.Optional(t.Union([t.String({ maxLength: 500 }), t.Null()])),
    [`field_${n}`]: t.Optional(t.Integer({ minimum: 1 })),
    tags: t.Array(t.String(), { maxItems: 20 }),
    nutrients: t.Record(t.String(), t.Number()),
  });
const body = (n: number) => t.Partial(thing(n));

const auth = new Elysia({ name: "auth" }).macro({
  auth: {
    async transform({ request }) {
      if (request.headers.get("authorization") === "never") throw new Error("unauthorised");
    },
    resolve: () => ({ user: { id: 1 } }),
  },
});

function feature(n: number) {
  const prefix = `/feature${n}`;
  const detail = { tags: [`feature${n}`] };
  return new Elysia({ prefix })
    .use(auth)
    .get("/", () => new Response("[]"), {
      auth: true,
      query: t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: 50 })) }),
      response: { 200: t.Array(thing(n)), ...errors(400, 401) },
      detail,
    })
    .post("/", () => new Response("{}"), {
      auth: true,
      body: thing(n),
      response: { 200: thing(n), ...errors(400, 401, 413) },
      detail,
    })
    .patch("/:id", () => new Response("{}"), {
      auth: true,
      params: t.Object({ id: t.Integer({ minimum: 1 }) }),
      body: body(n),
      response: { 200: thing(n), ...errors(400, 401, 404) },
      detail,
    })
    .delete("/:id", () => new Response("null"), {
      auth: true,
      params: t.Object({ id: t.Integer({ minimum: 1 }) }),
      response: { 200: t.Null(), ...errors(401, 404) },
      detail,
    })
    .get("/:id", () => new Response("null"), {
      auth: true,
      params: t.Object({ id: t.Integer({ minimum: 1 }) }),
      response: { 200: thing(n), ...errors(401, 404) },
      detail,
    });
}

/**
 * How many routes: $API_ROUTES under /api/v1 and $ROOT_ROUTES on the root (GET /healthz among them).
 * bench:binary passes Morsel's own counts, read from its route table, so that this stays "at our size"
 * as routes are added; unset, the shape this baseline had when it was written (61 and 16).
 */
const apiRoutes = Number(process.env.API_ROUTES ?? 61);
const rootRoutes = Number(process.env.ROOT_ROUTES ?? 16);

let api: AnyElysia = new Elysia({ prefix: "/api/v1" });
// plugins of 5 routes; the rest in one plugin of single GETs
for (let n = 0; n < Math.floor(apiRoutes / 5); n++) api = api.use(feature(n));
let rest: AnyElysia = new Elysia({ prefix: "/rest" });
for (let n = 0; n < apiRoutes % 5; n++) rest = rest.get(`/only${n}`, () => "");
api = api.use(rest);

let root: AnyElysia = new Elysia()
  .onRequest(({ request }) => {
    if (request.headers.get("host") === "") return new Response("bad host", { status: 400 });
  })
  .onError(({ error }) => ({ error: { code: "internal", message: String(error) } }))
  .onAfterResponse(() => {})
  .get("/healthz", () => ({ status: "ok" as const }), {
    response: { 200: t.Object({ status: t.Literal("ok") }), ...errors(503) },
  });
for (let n = 0; n < rootRoutes - 1; n++) root = root.get(`/static/${n}`, () => new Response(String(n)));
const app = root.use(api);

const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: "127.0.0.1",
  idleTimeout: 30,
  development: false,
  fetch: app.fetch,
});
app.server = server;
console.log(`PORT ${server.port}`);
