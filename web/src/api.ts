/**
 * The app's one way to the server: /api/v1 with the session's bearer token, refreshed silently
 * once when it has expired. A failed fetch is an `Offline` error (the caller falls back to the
 * local store); a contract error is an `ApiError` with its code and message.
 */
import type { Schemas } from "./api-data";
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

async function send(method: string, path: string, body: unknown, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob)
    payload = body; // a Blob (a File) goes as itself
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(`/api/v1${path}`, { method, headers, body: payload, cache: "no-store" });
  } catch {
    throw new Offline("the server cannot be reached");
  }
}

async function failure(res: Response): Promise<ApiError> {
  try {
    const j = (await res.json()) as {
      error?: { code: string; message: string; details?: { field?: string; message: string }[] };
    };
    if (j.error) return new ApiError(res.status, j.error.code, j.error.message, j.error.details);
  } catch {}
  return new ApiError(res.status, "http_error", `the server answered ${res.status}`);
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time; false when the session is over (the person must sign in again). */
function refresh(): Promise<boolean> {
  const s = session;
  if (!s) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const res = await send("POST", "/refresh", { refresh_token: s.refresh_token }, null);
      if (res.ok) {
        const pair = (await res.json()) as Session;
        setSession({ access_token: pair.access_token, refresh_token: pair.refresh_token, user: pair.user });
        return true;
      }
      if (res.status === 401) setSession(null, "expired"); // expired or revoked: sign in again; local data is kept
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** A JSON request; `auth: false` for register and login. Returns null for 204. */
export async function api<T>(method: string, path: string, body?: unknown, opts: { auth?: boolean } = {}): Promise<T> {
  const auth = opts.auth ?? true;
  if (auth && !session) throw new ApiError(401, "missing_token", "sign in first");
  let res = await send(method, path, body, auth ? session!.access_token : null);
  if (auth && res.status === 401 && (await refresh())) res = await send(method, path, body, session!.access_token);
  if (!res.ok) throw await failure(res);
  if (res.status === 204) return null as T;
  return (await res.json()) as T;
}

/** A download (export) as a Blob, with the token. */
export async function download(path: string): Promise<Blob> {
  if (!session) throw new ApiError(401, "missing_token", "sign in first");
  let res = await send("GET", path, undefined, session.access_token);
  if (res.status === 401 && (await refresh())) res = await send("GET", path, undefined, session!.access_token);
  if (!res.ok) throw await failure(res);
  return res.blob();
}

export const isOffline = (e: unknown) => e instanceof Offline;
/** An error in words a person understands: an API error names the field as the form labels it, not as the API does. */
export const message = (e: unknown, labels: Record<string, string> = {}) =>
  e instanceof ApiError ? apiErrorInWords(e, labels) : e instanceof Error ? e.message : String(e);
