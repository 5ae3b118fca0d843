/**
 * Signing in and up (API.md §Accounts and tokens): who may register, register, password and two-factor
 * sign-in, single sign-on, trusted-header sign-in and the password reset. These calls carry no token
 * (`open`); a session they answer is kept by `startSession`.
 */
import type { Body, Schemas } from "./api-data";
import { ok, open, setSession } from "./api";

/** Who may register here (`open`, `invite`, `closed`), and whether trusted-header sign-in is on. */
export const whoMayRegister = () => ok(open.GET("/api/v1/register"));

/** A new account; answers its first session. */
export const register = (body: Body<"register">) => ok(open.POST("/api/v1/register", { body }));

/** A session, or (two-factor sign-in on) the challenge its second step answers. */
export const logIn = (body: Body<"login">) => ok(open.POST("/api/v1/login", { body }));

/** The second step of a sign-in: the authenticator app's code, or a recovery code. */
export const logInTwoFactor = (challenge_token: string, code: string) =>
  ok(open.POST("/api/v1/login/two-factor", { body: { challenge_token, code } }));

/** The session a forward-auth proxy's header names (only when the server trusts it). */
export const logInByHeader = () => ok(open.POST("/api/v1/login/header"));

/** A new password with the code the admin gave. */
export const resetPassword = (body: Body<"resetPassword">) => ok(open.POST("/api/v1/password-reset", { body }));

/** The single sign-on providers this server offers. */
export const fetchProviders = () => ok(open.GET("/api/v1/auth/providers"));

/** The session a provider's sign-in ended in (its one-time code). */
export const oidcToken = (code: string) => ok(open.POST("/api/v1/auth/oidc/token", { body: { code } }));

/** Links the provider's account to an existing one, with that account's password. */
export const oidcLink = (code: string, password: string) =>
  ok(open.POST("/api/v1/auth/oidc/link", { body: { code, password } }));

/** Keeps the session a sign-in answered, and opens the day. */
export function startSession(pair: Schemas["TokenPair"]): void {
  setSession({ access_token: pair.access_token, refresh_token: pair.refresh_token, user: pair.user });
  location.hash = "#/";
}
