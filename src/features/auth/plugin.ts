/**
 * The auth macro. Routes opt in with `{ auth: true }` and get a typed `user`, or a 401
 * missing_token / invalid_token / token_expired with WWW-Authenticate. `{ optionalAuth: true }`
 * gives `user: null` without a token and still refuses a bad one.
 *
 * Two credentials: a session's JWT access token (scopes read, write and account) and a personal
 * access token (`morsel_pat_…`, read and/or write). Each route needs one scope (`ruleOf`, from
 * its method or its `x-scope`), and admin routes the admin role: else 403 forbidden.
 *
 * Cost per request: one lookup of the token in a cache that empties whenever the database changes;
 * on a miss, an HS256 verification and one primary-key join (sessions ⋈ users). Either way a
 * logout, password change or disabled account ends access tokens at once, because each is a write
 * (bench/auth.ts). A personal token is one SHA-256 and one unique-index join.
 */
import { Elysia } from "elysia";
import { AppError } from "../../lib/errors";
import { TOKEN_PREFIX, type AccessTokens, type Scope } from "./access-tokens";
import type { AuthRepo, UserRow } from "./repo";
import { FreshMap } from "../../db/fresh-map";
import type { Store } from "../../db/store";
import { unauthorized, type Tokens } from "./tokens";

/** What a route asks of its caller's credential. */
export interface RouteRule {
  scope: Scope;
  admin: boolean;
}

export interface AuthnDeps {
  store: Store;
  tokens: Tokens;
  repo: AuthRepo;
  accessTokens: AccessTokens;
  now: () => Date;
  /** The rule of the route a request reached, by its method and Elysia's matched route pattern. */
  ruleOf: (method: string, route: string) => RouteRule | undefined;
}

export interface AuthedUser extends UserRow {
  /** The session of a JWT; null for a personal access token. */
  sid: string | null;
  /** The personal access token's id; null for a session. */
  tokenId: number | null;
  scopes: readonly Scope[];
}

/**
 * A route's rule from its method and detail: `x-scope` when given (read for a lookup sent by POST,
 * account for what only a signed-in person may do), else read for GET and HEAD, write for the rest;
 * `x-admin` for the admin's routes.
 */
export function routeRule(method: string, detail: Record<string, unknown>): RouteRule {
  const given = detail["x-scope"] as Scope | undefined;
  return {
    scope: given ?? (method === "GET" || method === "HEAD" ? "read" : "write"),
    admin: detail["x-admin"] === true,
  };
}

const SESSION_SCOPES: readonly Scope[] = ["read", "write", "account"];

/** Records the credential's use when a record is due (AuthRepo.touch); most requests have nothing to do. */
function touch(deps: AuthnDeps, userId: number, sid: string | null, now: Date): unknown {
  const work = deps.repo.touch(userId, sid, now);
  return work && deps.store.run(work);
}

async function authenticate(deps: AuthnDeps, header: string | undefined): Promise<AuthedUser | null> {
  if (!header) return null;
  const m = header.match(/^Bearer\s+(\S+)\s*$/i);
  if (!m) throw unauthorized("invalid_token", "the Authorization header must be 'Bearer <access_token>'");
  const now = deps.now();
  if (m[1]!.startsWith(TOKEN_PREFIX)) {
    const found = await deps.store.run(deps.accessTokens.authenticate(m[1]!, now));
    if (found === "expired")
      throw unauthorized("token_expired", "this personal access token has expired; make a new one");
    if (!found)
      throw unauthorized(
        "invalid_token",
        "this personal access token is not valid (revoked, unknown, or its account is disabled)",
      );
    await touch(deps, found.user.id, null, now);
    return { ...found.user, sid: null, tokenId: found.tokenId, scopes: found.scopes };
  }
  const known = signedIn(deps);
  const since = known.stamp();
  const hit = known.peek(m[1]!, since);
  if (hit && hit.exp > now.getTime() / 1000) {
    await touch(deps, hit.user.id, hit.user.sid, now);
    return hit.user;
  }
  const claims = await deps.tokens.verify(m[1]!, "access", now, "invalid_token");
  const row = await deps.store.run(deps.repo.userForSession(claims.sid));
  if (!row || String(row.id) !== claims.sub)
    throw unauthorized("invalid_token", "this session has ended; sign in again");
  const { graceSince, ...user } = row;
  // the first use of an access token issued at the last rotation ends the spent refresh token's grace
  if (graceSince !== null && claims.iat * 1000 > Date.parse(graceSince) - 1000)
    await deps.store.run(deps.repo.endGrace(claims.sid, graceSince));
  await touch(deps, user.id, claims.sid, now);
  const authed: AuthedUser = Object.freeze({ ...user, sid: claims.sid, tokenId: null, scopes: SESSION_SCOPES });
  // kept until the database changes, unless it changed since before the session's read
  known.keep(m[1]!, { user: authed, exp: claims.exp }, since);
  return authed;
}

/**
 * A verified access token's user, by the token, until the database changes (db/fresh-map.ts: a
 * logout, a password change or a disabled account is a write) or the token expires: one lookup
 * instead of the verification cache, the session ⋈ user read (a third of an authenticated read
 * when it was read per request) and a new object per request.
 */
const signedInCaches = new WeakMap<AuthRepo, FreshMap<string, { user: AuthedUser; exp: number }>>();
function signedIn(deps: AuthnDeps): FreshMap<string, { user: AuthedUser; exp: number }> {
  let cache = signedInCaches.get(deps.repo);
  if (!cache) signedInCaches.set(deps.repo, (cache = new FreshMap(deps.store)));
  return cache;
}

/** 403 when the credential lacks the route's scope or the caller is not the admin. */
function authorise(user: AuthedUser, rule: RouteRule | undefined): void {
  // Fail closed: a request whose route rule cannot be found (its URL did not match the route it
  // reached) is refused, never let through without the checks its route declares.
  if (!rule)
    throw new AppError(
      "forbidden",
      "this request's URL could not be matched to its route's access rule, so it was refused",
    );
  const scope = rule.scope;
  if (!user.scopes.includes(scope)) {
    const why =
      scope === "account"
        ? "a personal access token cannot do this (passwords, tokens, sessions, deleting the account, admin); sign in instead"
        : `this access token has scope ${user.scopes.join(" and ")}; this call needs "${scope}"`;
    throw new AppError("forbidden", why);
  }
  if (rule.admin && user.role !== "admin") throw new AppError("forbidden", "only the server's admin may do this");
}

// Authentication runs at `transform`, before the body is validated, so a call without a valid
// token is a 401 whatever its body; `resolve` then hands the user to the handler.
const authenticated = new WeakMap<Request, AuthedUser | null>();

async function requireUser(deps: AuthnDeps, request: Request, route: string): Promise<AuthedUser> {
  const user = await authenticate(deps, request.headers.get("authorization") ?? undefined);
  if (!user) throw unauthorized("missing_token", "this endpoint needs 'Authorization: Bearer <access_token>'");
  authorise(user, deps.ruleOf(request.method, route));
  authenticated.set(request, user);
  return user;
}

/**
 * Authenticates a request to an `auth: true` route before its body is read (the app's parse hook
 * calls it): a caller without a valid token gets its 401 from the headers alone, and its 60 MB body
 * is never buffered. The macro then finds the user already there. Gives the user's id (per-account gates).
 */
export function authenticateEarly(deps: AuthnDeps): (request: Request, route: string) => Promise<number> {
  return async (request, route) => (await requireUser(deps, request, route)).id;
}

/** Each app builds its plugin once; the seed keeps Elysia from deduplicating two apps' plugins (tests run many). */
let apps = 0;

export function authPlugin(deps: AuthnDeps) {
  return new Elysia({ name: "morsel-auth", seed: ++apps }).macro({
    // The header is read from `request` rather than Elysia's parsed `headers`: Elysia decides what to
    // parse by reading handler source, which a bytecode-compiled executable does not expose.
    auth: {
      detail: { security: [{ bearer: [] }] },
      async transform({ request, route }) {
        if (!authenticated.has(request)) await requireUser(deps, request, route);
      },
      resolve({ request }) {
        return { user: authenticated.get(request)! };
      },
    },
    optionalAuth: {
      // anonymous or with a token; OpenAPI's way to say the credential is optional
      detail: { security: [{}, { bearer: [] }] },
      async transform({ request, route }) {
        const user = await authenticate(deps, request.headers.get("authorization") ?? undefined);
        if (user) authorise(user, deps.ruleOf(request.method, route));
        authenticated.set(request, user);
      },
      resolve({ request }) {
        return { user: authenticated.get(request) ?? null };
      },
    },
  });
}
