/**
 * The auth macro, and the one request context it resolves. A route states its rule as the macro's
 * value: `auth: "read" | "write" | "account" | "admin"` gives a typed `user` and `ctx` (src/context.ts)
 * or a 401 (missing_token, invalid_token, token_expired with WWW-Authenticate) or 403 (the credential
 * lacks the scope; "admin" is a signed-in admin). `optionalAuth: "read"` gives `user: null` and an
 * anonymous `ctx` without a token, and still refuses a bad one.
 *
 * The macro leaves its rule on the route (`routeFacts`, http/route-table.ts), which is how http/body.ts knows,
 * before a byte of the body is read, whom to authenticate and for what; the route's OpenAPI security
 * (`{ bearer: [scope, ("admin")] }`) is derived from the same value. `bodySpec` is the other route fact: a
 * body that is not JSON of at most 1 MiB (http/body-spec.ts).
 * The credential itself is checked by the auth feature (features/auth/authenticator.ts), handed in.
 */
import { Elysia } from "elysia";
import { ctxFor, type AuthedUser, type AuthRule, type Ctx, type Deps, type RequestCtx, type Scope } from "../context";
import { AppError } from "../lib/errors";
import type { ClientAddressOf } from "./client-address";
import type { BodySpec } from "./body-spec";
import { NO_REQUEST, type RequestState } from "./request-state";
import { declareFacts } from "./route-table";

/** Checks a request's credential: its user, or null without an Authorization header; throws 401 for a bad one. */
export interface Authenticator {
  authenticate(header: string | null, now: Date): Promise<AuthedUser | null>;
  /** The 401 for a request that brought no credential to a route that needs one. */
  missing(): AppError;
}

/** The OpenAPI security of a rule: the bearer scheme with the rule's scope (and "admin"). */
export const bearerScopes = (rule: AuthRule): string[] => (rule === "admin" ? ["account", "admin"] : [rule]);

/** 403 when the credential lacks the route's scope or the caller is not the admin. */
function authorise(user: AuthedUser, rule: AuthRule): void {
  const scope: Scope = rule === "admin" ? "account" : rule;
  if (!user.scopes.includes(scope)) {
    const why =
      scope === "account"
        ? "a personal access token cannot do this (passwords, tokens, sessions, deleting the account, admin); sign in instead"
        : `this access token has scope ${user.scopes.join(" and ")}; this call needs "${scope}"`;
    throw new AppError("forbidden", why);
  }
  if (rule === "admin" && user.role !== "admin") throw new AppError("forbidden", "only the server's admin may do this");
}

/** Each app builds its plugin once; the seed keeps Elysia from deduplicating two apps' plugins (tests run many). */
let apps = 0;

export function authPipeline(deps: Deps, authenticator: Authenticator) {
  /**
   * Authenticates a request for `rule` (once: http/body.ts may have done it before reading the body),
   * taking the request's `now` with it.
   */
  const signIn = async (rq: RequestState, request: Request, rule: AuthRule, required = true): Promise<void> => {
    if (rq.user !== undefined) return;
    rq.now = deps.now();
    const user = await authenticator.authenticate(request.headers.get("authorization"), rq.now);
    if (user) authorise(user, rule);
    else if (required) throw authenticator.missing();
    rq.user = user;
  };
  const ctxOf = (rq: RequestState, user: AuthedUser): Ctx => ctxFor(deps, user, rq.now!, rq.id);
  const anonymousCtxOf = (rq: RequestState): RequestCtx => ({
    deps,
    user: null,
    userId: null,
    now: rq.now!,
    store: deps.store,
    log: deps.changeLog,
    requestId: rq.id,
  });
  // The header is read from `request` rather than Elysia's parsed `headers`: Elysia decides what to
  // parse by reading handler source, which a bytecode-compiled executable does not expose.
  const plugin = new Elysia({ name: "morsel-auth", seed: ++apps }).decorate("rq", NO_REQUEST).macro({
    auth: (rule: AuthRule) => ({
      introspect: (hook: object) => declareFacts(hook, { rule, needsToken: true }),
      detail: { security: [{ bearer: bearerScopes(rule) }] },
      // at `transform`, before the body is validated: a call without a valid token is a 401 whatever its body
      transform: ({ rq, request }: { rq: RequestState; request: Request }) => signIn(rq, request, rule),
      resolve: ({ rq }: { rq: RequestState }) => {
        const user = rq.user!;
        return { user, ctx: ctxOf(rq, user) };
      },
    }),
    optionalAuth: (rule: Scope) => ({
      introspect: (hook: object) => declareFacts(hook, { rule, needsToken: false }),
      // anonymous or with a token; OpenAPI's way to say the credential is optional
      detail: { security: [{}, { bearer: [rule] }] },
      transform: ({ rq, request }: { rq: RequestState; request: Request }) => signIn(rq, request, rule, false),
      resolve: ({ rq }: { rq: RequestState }) => {
        const user = rq.user ?? null;
        return { user, ctx: user ? ctxOf(rq, user) : anonymousCtxOf(rq) };
      },
    }),
    // a body that is not JSON of at most 1 MiB: read by http/body.ts, documented by features/docs/openapi.ts
    bodySpec: (spec: BodySpec) => ({ introspect: (hook: object) => declareFacts(hook, { body: spec }) }),
  });
  return { plugin, signIn };
}

/** The auth macro's plugin, built once per app (app.ts). */
export type Authn = ReturnType<typeof authPipeline>["plugin"];

/** What every feature's routes are handed: the container, the auth macro and the client's address. */
export interface RouteDeps extends Deps {
  authn: Authn;
  clientAddress: ClientAddressOf;
}
