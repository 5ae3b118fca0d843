/**
 * The context of the account routes that run before there is a caller (register, log in, refresh,
 * reset a password) and of the credential routes. Kept as a builder, unlike every other feature,
 * because these routes have no request context from the auth macro to derive from, and because
 * they alone read the client's address and User-Agent (login throttling, a session's device label).
 */
import type { Deps } from "../../context";
import type { AuthCtx } from "./service";

export function authCtx(deps: Deps, address = "unknown", request?: Request): AuthCtx {
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
    now: deps.now(),
    address,
    userAgent: request?.headers.get("user-agent"),
  };
}
