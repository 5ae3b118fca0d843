/**
 * Success bodies go out through `reply`. With `validateResponses` (tests, development) the value
 * is handed to Elysia, which checks it against the route's declared response schema, so every
 * test call verifies the contract. In production the value is serialised once into a Response,
 * which Elysia does not re-validate: on a 20-item search body that check cost 3.5× in req/s
 * (17k vs 59k req/s, measured with wrk).
 */
import type { Q } from "../db/q";
import { after, type Awaitable, type Store } from "../db/store";
import { type ElysiaCustomStatusResponse, status } from "elysia";
import { isImmutableBody } from "../lib/immutable-body";

export interface ReplyDeps {
  validateResponses: boolean;
}

/** Serialised bodies of values that never change (cached catalogue pages), kept with the value. */
const frozenBodies = new WeakMap<object, string>();
export { immutableBody } from "../lib/immutable-body";

function serialise(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  let body = frozenBodies.get(value);
  if (body === undefined) {
    body = JSON.stringify(value);
    if (isImmutableBody(value)) frozenBodies.set(value, body);
  }
  return body;
}

/** The success statuses a body goes out with (204 has none: `noContent`). */
export type ReplyStatus = 200 | 201 | 202;

/** The `set` of a route's Elysia context: where headers travel with a validated body. */
export interface ReplySet {
  headers: Record<string, unknown>;
}

/**
 * How a body goes out: its status (200 unless said) and extra headers. Headers need the route's `set`:
 * a validated body is handed to Elysia, which writes its headers from there.
 */
export type ReplyOptions<S extends ReplyStatus> = { status?: S } & (
  | { headers?: undefined; set?: ReplySet }
  | { headers: Record<string, string>; set: ReplySet }
);

/**
 * What `reply` hands Elysia to check: the body itself for 200, Elysia's status wrapper for another status.
 * Elysia types a handler's return against the route's `response`, so a body that does not match its status's
 * schema, or a status the route does not declare, fails to compile; every test runs with `validateResponses`,
 * so Elysia checks this same value at run time too.
 */
export type Replied<T, S extends ReplyStatus = 200> =
  | (200 extends S ? T : never)
  | ([Exclude<S, 200>] extends [never] ? never : ElysiaCustomStatusResponse<Exclude<S, 200>, T>);

/**
 * A read's answer: runs the database work on the store and replies with its value (200), at once
 * when the store answers at once (SQLite: no promise on the hot reads).
 */
export function replyWith<T>(deps: ReplyDeps & { store: Store }, work: Q<T>): Awaitable<T> {
  return after(deps.store.run(work), (value) => reply(deps, value));
}

/**
 * A success body: `reply(deps, body)`, `reply(deps, body, { status: 201, headers: { location }, set })`.
 *
 * Its type is what the validated mode returns (`Replied`). In production the same body goes out serialised
 * into a Response, which Elysia sends without checking it again: the one signature below says so, and the
 * implementation's own return type (`Response | …`) is the whole truth. Elysia's handler type cannot take
 * that truth: it accepts a Response or a checked body, and a promise of either, but not a promise of the two
 * (an async handler's `Promise<T | Response>`), so `Replied` is what keeps every body checked at compile time.
 */
export function reply<T, S extends ReplyStatus = 200>(
  deps: ReplyDeps,
  body: T,
  options?: ReplyOptions<S>,
): Replied<T, NoInfer<S>>;
export function reply<T>(
  deps: ReplyDeps,
  body: T,
  options?: ReplyOptions<ReplyStatus>,
): Response | ElysiaCustomStatusResponse<201 | 202, T> | T {
  const code = options?.status ?? 200;
  const headers = options?.headers;
  if (deps.validateResponses) {
    if (headers) Object.assign(options.set.headers, headers);
    // Elysia checks the value against the route's schema for this status
    return code === 200 ? body : status<201 | 202, T>(code, body);
  }
  return new Response(serialise(body), {
    status: code,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** 204 No Content. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/**
 * The app's mapResponse hook. A Response a route built takes the request's headers (`set.headers`:
 * request id, nosniff, no-store, CORS) itself, and Elysia sends it as it is; otherwise Elysia copies
 * it into a new Response with a streamed body, which was 18 % of an authenticated read's time
 * (profiled in process). A header the Response set wins, as in Elysia's own merge.
 */
export function sendAsBuilt({
  responseValue,
  set,
}: {
  responseValue: unknown;
  set: { headers: Record<string, unknown>; status?: unknown; cookie?: unknown };
}): Response | undefined {
  if (!(responseValue instanceof Response) || set.cookie || set.status !== 200) return;
  const own = responseValue.headers;
  try {
    for (const k in set.headers) {
      const v = set.headers[k];
      if (v !== undefined && !own.has(k)) own.set(k, String(v));
    }
  } catch {
    return; // headers that cannot be changed (none of ours): Elysia's own merge
  }
  set.headers = {};
  return responseValue;
}
