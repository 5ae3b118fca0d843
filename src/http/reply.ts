/**
 * Success bodies go out through `reply`. With `validateResponses` (tests, development) the value
 * is handed to Elysia, which checks it against the route's declared response schema, so every
 * test call verifies the contract. In production the value is serialised once into a Response,
 * which Elysia does not re-validate: on a 20-item search body that check cost 3.5× in req/s
 * (17k vs 59k req/s, measured with wrk).
 */
import type { Q } from "../db/q";
import { after, type Awaitable, type Store } from "../db/store";
import { status } from "elysia";
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

/**
 * A read's answer: runs the database work on the store and replies with its value (200), at once
 * when the store answers at once (SQLite: no promise on the hot reads).
 */
export function replyWith<T>(deps: ReplyDeps & { store: Store }, work: Q<T>): Awaitable<T> {
  return after(deps.store.run(work), (value) => reply(deps, value));
}

/**
 * `set` (the route's Elysia context `set`) lets extra headers travel with a validated body; without
 * it, a reply with headers is sent as a ready Response (unvalidated).
 */
export function reply<T>(
  deps: ReplyDeps,
  value: T,
  code = 200,
  headers?: Record<string, string>,
  set?: { headers: Record<string, unknown> },
): T {
  if (deps.validateResponses && (!headers || set)) {
    if (headers && set) Object.assign(set.headers, headers);
    // Elysia checks the value against the route's schema for this status
    return (code === 200 ? value : status(code, value)) as T;
  }
  return new Response(serialise(value), {
    status: code,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  }) as unknown as T;
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
