/**
 * The auth macro. Routes opt in with `{ auth: true }` and get a typed `user` (and `sid`), or a
 * 401 missing_token / invalid_token / token_expired with WWW-Authenticate. `{ optionalAuth: true }`
 * gives `user: null` without a token and still refuses a bad one.
 *
 * Cost per request: one HS256 verification and one primary-key join (sessions ⋈ users), which is
 * what makes logout and password changes end access tokens at once (bench/auth.ts).
 */
import { Elysia } from "elysia";
import type { AuthRepo, UserRow } from "./repo";
import { unauthorized, type Tokens } from "./tokens";

export interface AuthDeps {
  tokens: Tokens;
  repo: AuthRepo;
  now: () => Date;
}

export interface AuthedUser extends UserRow {
  sid: string;
}

async function authenticate(deps: AuthDeps, header: string | undefined): Promise<AuthedUser | null> {
  if (!header) return null;
  const m = header.match(/^Bearer\s+(\S+)\s*$/i);
  if (!m) throw unauthorized("invalid_token", "the Authorization header must be 'Bearer <access_token>'");
  const claims = await deps.tokens.verify(m[1]!, "access", deps.now(), "invalid_token");
  const user = deps.repo.userForSession(claims.sid);
  if (!user || String(user.id) !== claims.sub) throw unauthorized("invalid_token", "this session has ended; sign in again");
  return { ...user, sid: claims.sid };
}


// Authentication runs at `transform`, before the body is validated, so a call without a valid
// token is a 401 whatever its body; `resolve` then hands the user to the handler.
const authenticated = new WeakMap<Request, AuthedUser | null>();

async function requireUser(deps: AuthDeps, request: Request): Promise<void> {
  const user = await authenticate(deps, request.headers.get("authorization") ?? undefined);
  if (!user) throw unauthorized("missing_token", "this endpoint needs 'Authorization: Bearer <access_token>'");
  authenticated.set(request, user);
}

/**
 * Authenticates a request to an `auth: true` route before its body is read (the app's parse hook
 * calls it): a caller without a valid token gets its 401 from the headers alone, and its 60 MB body
 * is never buffered. The macro then finds the user already there.
 */
export function authenticateEarly(deps: AuthDeps): (request: Request) => Promise<void> {
  return (request) => requireUser(deps, request);
}

/** Each app builds its plugin once; the seed keeps Elysia from deduplicating two apps' plugins (tests run many). */
let apps = 0;

export function authPlugin(deps: AuthDeps) {
  return new Elysia({ name: "morsel-auth", seed: ++apps }).macro({
    // The header is read from `request` rather than Elysia's parsed `headers`: Elysia decides what to
    // parse by reading handler source, which a bytecode-compiled executable does not expose.
    auth: {
      detail: { security: [{ bearer: [] }] },
      async transform({ request }) {
        if (!authenticated.has(request)) await requireUser(deps, request);
      },
      resolve({ request }) {
        return { user: authenticated.get(request)! };
      },
    },
    optionalAuth: {
      // anonymous or with a token; OpenAPI's way to say the credential is optional
      detail: { security: [{}, { bearer: [] }] },
      async transform({ request }) {
        authenticated.set(request, await authenticate(deps, request.headers.get("authorization") ?? undefined));
      },
      resolve({ request }) {
        return { user: authenticated.get(request) ?? null };
      },
    },
  });
}
