/**
 * The context of the account routes that run before there is a caller (register, log in, refresh,
 * reset a password, the two-factor and passkey sign-in steps). Kept as a builder, unlike every other
 * feature, because these routes have no request context from the auth macro to derive from, and because
 * they alone read the client's address and User-Agent (login throttling, a session's device label).
 * Signed-in routes take the request's `ctx` instead (test/contract/architecture.test.ts); the password
 * checks of PATCH and DELETE /me build this from it with the request's `now` (me.ts).
 */
import type { Deps } from "../../context";
import type { AuthCtx } from "./service";

export function authCtx(deps: Deps, address = "unknown", request?: Request, now = deps.now()): AuthCtx {
  return {
    store: deps.store,
    repo: deps.auth.repo,
    tokens: deps.auth.tokens,
    throttle: deps.auth.throttle,
    inviteThrottle: deps.auth.inviteThrottle,
    registrations: deps.auth.registrations,
    registration: deps.auth.registration,
    codes: deps.auth.codes,
    totp: deps.auth.totp,
    passwordCost: deps.auth.passwordCost,
    now,
    address,
    userAgent: request?.headers.get("user-agent"),
  };
}
