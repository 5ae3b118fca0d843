/**
 * The app's one way to the server: `client`, typed by path from the OpenAPI document, with the session's
 * bearer token, refreshed silently once when it has expired. A failed fetch is an `Offline` error (the
 * caller falls back to the local store); a contract error is an `ApiError` with its code and message.
 */
import createClient from "openapi-fetch";
import type { Schemas } from "./api-data";
import type { paths } from "./api-types.gen";
import { apiErrorInWords } from "./refusals";

/**
 * The account (Schemas["User"]) as this browser keeps it in its session: a session saved by an older
 * version may lack `weight_unit` (then kg), `region` (then US) and `role` (then not the Admin view; the server checks
 * every admin call itself).
 */
export type User = Omit<Schemas["User"], "weight_unit" | "role" | "region"> &
  Partial<Pick<Schemas["User"], "weight_unit" | "role" | "region">>;

/** The tokens of a sign-in (Schemas["TokenPair"]) and its account, as kept in localStorage. */
export type Session = Pick<Schemas["TokenPair"], "access_token" | "refresh_token"> & { user: User };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { field?: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** The server could not be reached (no network, server down). */
export class Offline extends Error {}

const KEY = "morsel.session";
let session: Session | null = read();
const listeners = new Set<(s: Session | null, why?: "expired") => void>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

export const currentSession = () => session;

/** `expired`: the server refused the session (not the person signing out). */
export function setSession(s: Session | null, why?: "expired"): void {
  session = s;
  if (s) localStorage.setItem(KEY, JSON.stringify(s));
  else localStorage.removeItem(KEY);
  for (const l of listeners) l(s, why);
}

export function onSession(l: (s: Session | null, why?: "expired") => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Sends the request as it is, with the token when there is one; a failed fetch is `Offline`. */
async function send(request: Request, token: string | null): Promise<Response> {
  const headers = new Headers(request.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  try {
    return await fetch(new Request(request, { headers, cache: "no-store" }));
  } catch {
    throw new Offline("the server cannot be reached");
  }
}

/**
 * A signed-in request: the session's token, refreshed once (and the request made and sent again) when it has
 * expired. `make` builds the request each time, so a file's body is read again rather than held in memory.
 */
async function authed(make: () => Request): Promise<Response> {
  if (!session) throw new ApiError(401, "missing_token", "sign in first");
  const res = await send(make(), session.access_token);
  if (res.status !== 401 || !(await refresh())) return res;
  return send(make(), session!.access_token);
}

/**
 * The typed client's requests come made: their JSON body (small) is read once as text and each try, the one
 * retry included, is made with it. Text, not a clone: a cloned request's body is a stream, which the browser
 * sends the same but its request log (devtools, and the browser tests that count pushes) does not show.
 */
async function authedOnce(request: Request): Promise<Response> {
  const body = request.body ? await request.text() : undefined;
  const { url, method, headers, signal } = request;
  return authed(() => new Request(url, { method, headers, signal, body }));
}

/** The contract's error envelope (API.md §Errors) as an ApiError; anything else by its status. */
function failure(status: number, body: unknown): ApiError {
  const e = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  if (e && typeof e.code === "string" && typeof e.message === "string")
    return new ApiError(status, e.code, e.message, Array.isArray(e.details) ? e.details : []);
  return new ApiError(status, "http_error", `the server answered ${status}`);
}

async function failed(res: Response): Promise<ApiError> {
  return failure(res.status, await res.json().catch(() => null));
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time; false when the session is over (the person must sign in again). */
function refresh(): Promise<boolean> {
  const s = session;
  if (!s) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const { data, response } = await open.POST("/api/v1/refresh", { body: { refresh_token: s.refresh_token } });
      if (data) {
        setSession({ access_token: data.access_token, refresh_token: data.refresh_token, user: data.user });
        return true;
      }
      if (response.status === 401) setSession(null, "expired"); // expired or revoked: sign in again; local data is kept
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

const baseUrl = globalThis.location?.origin ?? "http://localhost";

/**
 * The API typed by path, from the OpenAPI document (api-types.gen.ts): `client.GET("/api/v1/me")`. Signed in:
 * every call carries the session's token and is refreshed once when it has expired. Data modules call it
 * through `ok()`; views call data modules.
 */
export const client = createClient<paths>({ baseUrl, fetch: authedOnce });

/** The same API before sign-in (register, login, refresh, the providers): no token. */
export const open = createClient<paths>({ baseUrl, fetch: (request) => send(request, null) });

/** The answer's data (undefined for 204), or the contract's error thrown as an `ApiError`. */
export async function ok<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> {
  const { data, error, response } = await call;
  if (!response.ok) throw failure(response.status, error);
  return data as D;
}

type PostOf<P extends keyof paths> = paths[P] extends { post: infer O } ? O : never;
type Answer<O> = O extends { responses: { 200: { content: { "application/json": infer B } } } } ? B : never;
/** A path's query parameters; `{}` for a path that takes none. */
type QueryOf<O> = O extends { parameters: { query?: infer Q } }
  ? [NonNullable<Q>] extends [never]
    ? Record<string, never>
    : NonNullable<Q>
  : never;

/**
 * A file as the body (a Blob: its own content type) or a multipart form, to a path that takes one, typed by
 * path as `client` is (openapi-typescript types a binary body as a string, so uploads do not go through
 * openapi-fetch's JSON body).
 */
export async function upload<
  P extends "/api/v1/import" | "/api/v1/import/health" | "/api/v1/scanner/photo" | "/api/v1/scanner/label",
>(path: P, query: QueryOf<PostOf<P>>, body: Blob | FormData): Promise<Answer<PostOf<P>>> {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) if (v !== undefined) search.set(k, String(v));
  const url = `${baseUrl}${path}${search.size ? `?${search}` : ""}`;
  const res = await authed(() => new Request(url, { method: "POST", body }));
  if (!res.ok) throw await failed(res);
  return res.json();
}

export const isOffline = (e: unknown) => e instanceof Offline;
/** An error in words a person understands: an API error names the field as the form labels it, not as the API does. */
export const message = (e: unknown, labels: Record<string, string> = {}) =>
  e instanceof ApiError ? apiErrorInWords(e, labels) : e instanceof Error ? e.message : String(e);
