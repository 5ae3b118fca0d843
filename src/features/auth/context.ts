/**
 * What routes are handed. `RouteDeps` is what every feature's routes get (the auth macro, the
 * clock, the group-commit queue, reply's setting); each feature's context.ts adds what it needs
 * and builds its per-request context there, once. `createServices` (src/services.ts) makes one
 * object that satisfies all of them; routes import nothing from the app.
 */
import type { Server } from "bun";
import type { Q } from "../../db/q";
import type { Store } from "../../db/store";
import type { RateWindow } from "../../lib/rate-window";
import type { ReplyDeps } from "../../http/reply";
import type { AccessTokens } from "./access-tokens";
import type { AccountCodes } from "./account-codes";
import type { authPlugin } from "./plugin";
import type { Registration } from "./registration";
import type { AuthRepo } from "./repo";
import type { AuthCtx, PasswordCost } from "./service";
import type { LoginThrottle } from "./throttle";
import type { Tokens } from "./tokens";

/** The auth macro (`auth: true`, `optionalAuth: true`), built once per app. */
export type Authn = ReturnType<typeof authPlugin>;

export interface RouteDeps extends ReplyDeps {
  authn: Authn;
  /** The clock; tests inject one to expire tokens and cross midnight without sleeping. */
  now: () => Date;
  /**
   * Runs a diary write (a service's database work) in the next group commit (db/group-commit.ts):
   * writes arriving in the same event-loop turn share one transaction and one fsync.
   */
  commit: <T>(write: () => Q<T>) => Promise<T>;
  /** Runs database work (db/store.ts): reads, and writes that are not the diary's. */
  store: Store;
}

/** The client's address (for rate limits), through trusted proxies (--trust-proxy). */
export type ClientAddressOf = (request: Request, server: Server<unknown> | null) => string;

/** Accounts, sessions, tokens and codes. */
export interface AuthServices {
  repo: AuthRepo;
  tokens: Tokens;
  throttle: LoginThrottle;
  inviteThrottle: LoginThrottle;
  registrations: RateWindow;
  passwordCost: PasswordCost;
  accessTokens: AccessTokens;
  registration: Registration;
  codes: AccountCodes;
}

export interface AuthDeps extends RouteDeps {
  auth: AuthServices;
  clientAddress: ClientAddressOf;
}

/** The context account services run in, for one request. */
export function authCtx(
  deps: Pick<AuthDeps, "store" | "auth" | "now">,
  address = "unknown",
  request?: Request,
): AuthCtx {
  return {
    store: deps.store,
    repo: deps.auth.repo,
    tokens: deps.auth.tokens,
    throttle: deps.auth.throttle,
    inviteThrottle: deps.auth.inviteThrottle,
    registrations: deps.auth.registrations,
    registration: deps.auth.registration,
    codes: deps.auth.codes,
    passwordCost: deps.auth.passwordCost,
    now: deps.now(),
    address,
    userAgent: request?.headers.get("user-agent"),
  };
}
