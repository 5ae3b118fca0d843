/**
 * GET /api/v1/openapi.json, built from the routes' own schemas (the single source of truth), as
 * OpenAPI 3.1. We build it ourselves rather than with @elysiajs/openapi: that plugin dropped every
 * request body (our global parser is a function), typed ids `string | number`, inlined the Error
 * schema 95 times and named operations from their paths. Named schemas (`title`) become
 * components referenced by $ref; CI lints the result with @redocly/cli and compiles a client
 * generated from it (test/typed-client.test.ts).
 */
import { declaredFacts } from "../../http/route-table";
import { OPERATIONS } from "./operations";

type Json = Record<string, unknown>;
interface RouteLike {
  method: string;
  path: string;
  hooks: { body?: unknown; query?: unknown; params?: unknown; response?: Record<string, unknown>; detail?: Json };
}

const HIDDEN = /^\/(docs|api\/v1\/openapi\.json)(\/|$)/;

/** "/api/v1/meals/" → "/api/v1/meals"; ":id" → "{id}". */
export const openApiPath = (p: string) => (p.length > 1 ? p.replace(/\/$/, "") : p).replace(/:(\w+)/g, "{$1}");

class Schemas {
  readonly named: Record<string, Json> = {};

  /** A plain JSON Schema of a TypeBox schema, named sub-schemas replaced by $ref. */
  convert(schema: unknown, top = false): Json {
    const s = JSON.parse(JSON.stringify(schema ?? {})) as Json; // drops TypeBox's symbols
    return this.walk(s, top);
  }

  private walk(s: Json, top: boolean): Json {
    delete s.$id;
    delete s.errorMessage; // our validation message (schema/validation.ts), not JSON Schema
    // Elysia's coerced integer (query and path): string-or-integer; the document says integer
    const any = s.anyOf as Json[] | undefined;
    if (any?.length === 2 && any.some((m) => m.type === "string" && m.format === "integer")) {
      const int = any.find((m) => m.type === "integer")!;
      const { anyOf: _a, ...rest } = s;
      return this.walk({ ...int, ...rest, type: "integer" }, top);
    }
    if (s.type === "Function" || s.type === "undefined") return {};
    for (const key of ["properties", "patternProperties"]) {
      const props = s[key] as Record<string, Json> | undefined;
      if (props) for (const k of Object.keys(props)) props[k] = this.walk(props[k]!, false);
    }
    for (const key of ["items", "additionalProperties", "not"]) {
      if (s[key] && typeof s[key] === "object") s[key] = this.walk(s[key] as Json, false);
    }
    for (const key of ["anyOf", "oneOf", "allOf"]) {
      if (Array.isArray(s[key])) s[key] = (s[key] as Json[]).map((m) => this.walk(m, false));
    }
    const title = typeof s.title === "string" && s.type === "object" ? s.title : undefined;
    if (title && !top) {
      this.named[title] ??= s;
      return { $ref: `#/components/schemas/${title}` };
    }
    return s;
  }

  ref(schema: unknown): Json {
    const s = this.convert(schema, true);
    if (typeof s.title === "string" && s.type === "object") {
      this.named[s.title] ??= s;
      return { $ref: `#/components/schemas/${s.title}` };
    }
    return s;
  }
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

const STATUS_TEXT: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "204": "No Content",
  "302": "Found: the browser is sent on to Location",
  "400": "Bad request: validation_failed (with details), malformed_json or invalid_barcode",
  "401": "Missing, invalid or expired credentials",
  "403": "forbidden: the token lacks this operation's scope, only the admin may do this, or registration is closed",
  "404": "Not found (another user's record is also 404)",
  "405": "Method not allowed",
  "409": "Conflict",
  "410": "Gone",
  "413": "Body over its limit",
  "415": "Wrong Content-Type",
  "422": "Image that cannot be decoded or is over the pixel limit",
  "429": "Too many requests; retry after Retry-After seconds",
};

function sortedStatuses(out: Json): Json {
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
}

function responses(route: RouteLike, schemas: Schemas, secured: boolean): Json {
  const out: Json = {};
  // any call with a token may be refused for its scope or role (403 forbidden)
  const declared = secured ? { ...route.hooks.response, 403: true } : (route.hooks.response ?? {});
  for (const [status, schema] of Object.entries(declared)) {
    const headers: Json = { "X-Request-Id": ref("headers", "RequestId") };
    if (status === "201" || status === "302") headers.Location = ref("headers", "Location");
    if (status === "429") headers["Retry-After"] = ref("headers", "RetryAfter");
    if (status === "401") headers["WWW-Authenticate"] = ref("headers", "WwwAuthenticate");
    if (status === "204" || status === "302") {
      out[status] = { description: STATUS_TEXT[status], headers };
      continue;
    }
    const op = OPERATIONS[`${route.method} ${openApiPath(route.path)}`];
    const content: Json = {
      "application/json": { schema: Number(status) >= 400 ? ref("schemas", "Error") : schemas.ref(schema) },
    };
    if (Number(status) < 300 && op?.csv) content["text/csv"] = { schema: { type: "string" } };
    out[status] = { description: STATUS_TEXT[status] ?? "Response", headers, content };
  }
  out["500"] = {
    description: "Internal error (logged with the request id)",
    headers: { "X-Request-Id": ref("headers", "RequestId") },
    content: { "application/json": { schema: ref("schemas", "Error") } },
  };
  return out;
}

function parameters(route: RouteLike, schemas: Schemas): Json[] {
  const params: Json[] = [];
  for (const [where, schema] of [
    ["path", route.hooks.params],
    ["query", route.hooks.query],
  ] as const) {
    const s = schemas.convert(schema, true);
    const props = (s.properties ?? {}) as Record<string, Json>;
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [name, p] of Object.entries(props)) {
      const { description, ...rest } = p;
      delete rest.title;
      params.push({
        name,
        in: where,
        required: where === "path" || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return params;
}

function requestBody(route: RouteLike, schemas: Schemas): Json | undefined {
  if (!route.hooks.body) return undefined;
  const declared = declaredFacts(route.hooks).body;
  if (declared?.kind === "multipart") {
    const file = declared.file ?? "image";
    return {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: [file],
            properties: {
              [file]: {
                type: "string",
                format: "binary",
                description: "JPEG, PNG or WebP, at most 10 MB and 40 megapixels",
              },
            },
          },
        },
      },
    };
  }
  if (declared?.kind === "file") {
    const binary = { type: "string", format: "binary" };
    return {
      required: true,
      content: { "application/zip": { schema: binary }, "application/xml": { schema: binary } },
    };
  }
  // A route that checks its body itself (import, sync push) documents the shape in detail.body.
  const json = { "application/json": { schema: schemas.ref(route.hooks.detail?.body ?? route.hooks.body) } };
  if (declared?.kind !== "json-or-files") return { required: true, content: json };
  const file = declared.file ?? "file";
  const binary = { type: "string", format: "binary" };
  return {
    required: true,
    content: {
      ...json,
      "multipart/form-data": {
        schema: {
          type: "object",
          required: [file],
          properties: { [file]: { type: "array", items: binary, description: "one or more files (CSV or ZIP)" } },
        },
      },
      "text/csv": { schema: binary },
      "application/zip": { schema: binary },
    },
  };
}

export interface OpenApiInfo {
  version: string;
  errorSchema: unknown;
  examples: Record<string, unknown>;
}

export function buildOpenApi(routes: readonly RouteLike[], info: OpenApiInfo): Json {
  const schemas = new Schemas();
  const paths: Record<string, Json> = {};
  const usedTags = new Set<string>();
  for (const route of routes) {
    if (HIDDEN.test(route.path) || route.hooks.detail?.hide === true || route.method === "ALL") continue; // the docs page, the web app
    const path = openApiPath(route.path);
    const key = `${route.method} ${path}`;
    const op = OPERATIONS[key];
    if (!op) throw new Error(`no operationId for ${key}: add it to features/docs/operations.ts`);
    const detail = route.hooks.detail ?? {};
    const tags = (detail.tags as string[] | undefined) ?? ["system"];
    tags.forEach((t) => usedTags.add(t));
    const body = requestBody(route, schemas);
    // the auth macro's value, as the bearer requirement's scopes (http/auth.ts): OpenAPI 3.1 allows them for
    // non-OAuth schemes: `read`, `write` or `account` (a signed-in session; access tokens never have it), and "admin"
    const security = (detail.security as Json[] | undefined) ?? [];
    const params = parameters(route, schemas);
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      operationId: op.id,
      tags,
      summary: detail.summary,
      ...(detail.description ? { description: detail.description } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: sortedStatuses(responses(route, schemas, security.length > 0)),
      security,
    };
  }
  schemas.named.Error = schemas.convert(info.errorSchema, true);
  for (const [name, example] of Object.entries(info.examples))
    if (schemas.named[name]) schemas.named[name]!.examples = [example];
  return {
    openapi: "3.1.0",
    info: {
      title: "Morsel API",
      version: info.version,
      description:
        "Self-hosted calorie tracker. The contract is docs/API.md in the Morsel repository; this document is generated from the same route schemas the server validates with. Every non-2xx response is `{ error: { code, message, details? } }` and every response carries `X-Request-Id`. Dates are YYYY-MM-DD in the user's time zone; timestamps RFC 3339 UTC. JSON bodies take JSON types: a number sent as a string is refused (query and path parameters are strings and are converted).",
    },
    servers: [{ url: "/", description: "this Morsel server" }],
    tags: [...usedTags].sort().map((name) => ({ name, description: TAGS[name] ?? name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas.named).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "An access token (JWT) from /register, /login or /refresh: scopes read, write and account. Or a personal access token (morsel_pat_…) from POST /tokens: read (GET calls, and the barcode lookup) and/or write (every other call), never account. Each operation lists the scope it needs; `admin` also needs the admin's account. Lacking one: 403 forbidden.",
        },
      },
      headers: {
        RequestId: {
          description: "the request's id (echoes a safe incoming X-Request-Id); quote it when reporting a problem",
          schema: { type: "string" },
        },
        Location: { description: "the new resource's path", schema: { type: "string" } },
        RetryAfter: { description: "seconds to wait before retrying", schema: { type: "integer", minimum: 1 } },
        WwwAuthenticate: {
          description: 'Bearer, with error="invalid_token" for a bad or expired token',
          schema: { type: "string" },
        },
      },
    },
  };
}

const TAGS: Record<string, string> = {
  accounts: "Register, sign in, rotate and end sessions, the caller's profile, sessions and personal access tokens",
  admin: "The server's admin: accounts, invites, registration mode (never anyone's data)",
  foods: "Search the catalogue and your own foods; custom foods",
  meals: "The meal log",
  goals: "Goals per day and per weekday, in plans that apply from a date on",
  stats: "Daily, weekly and per-day statistics",
  weight: "Body weight and its trend",
  days: "Whether a day's log is complete (Day complete)",
  recipes: "Foods made of ingredients",
  "saved-meals": "Named sets of entries, logged again in one request",
  activity: "Exercise, the activity catalogue, steps, water, body measurements and their settings",
  scanner: "Barcodes and photos",
  sync: "Offline-first sync",
  portability: "Export and import",
  system: "Health",
};
