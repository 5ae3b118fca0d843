/**
 * Single sign-on routes (API.md §Single sign-on). start and callback are browser navigations, so
 * they answer with redirects, and a failure of either goes back to the web app as
 * `/#/oidc?error=<code>&message=…` for it to show; the two POSTs are ordinary JSON calls.
 */
import { Elysia, t } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { AppError } from "../../lib/errors";
import { errors } from "../../schema/schemas";
import { reply } from "../../http/reply";
import { authCtx } from "./pre-sign-in";
import { TokenPair } from "./model";
import { confirmLink, signInOutcome, tradeCode, type OidcCtx } from "./oidc-accounts";
import { openid, reason } from "./oidc-client";
import { clearFlowCookie, finishSignIn, startSignIn } from "./oidc-flow";
import { AuthProviders, OidcLinkBody, OidcStartQuery, OidcTokenBody } from "./oidc-model";
import { checkDevice } from "./validate";

const redirect = (location: string, cookie?: string) =>
  new Response(null, {
    status: 302,
    headers: { location, "cache-control": "no-store", ...(cookie ? { "set-cookie": cookie } : {}) },
  });

export function oidcRoutes(deps: RouteDeps) {
  const tags = ["accounts"];
  const oidcOf = () => {
    if (!deps.auth.oidc)
      throw new AppError("not_found", "single sign-on is not configured on this server (the admin sets --oidc-issuer)");
    return deps.auth.oidc;
  };
  const ctx = (request: Request, server: Parameters<RouteDeps["clientAddress"]>[1]): OidcCtx => ({
    ...authCtx(deps, deps.clientAddress(request, server), request),
    oidc: oidcOf(),
    oidcRepo: deps.auth.oidcRepo,
  });
  /** Back to the web app with what went wrong, in words it shows as they are. */
  const toApp = (params: Record<string, string>, cookie?: string) =>
    redirect(`${oidcOf().settings.appUrl}#/oidc?${new URLSearchParams(params)}`, cookie);
  const failure = (e: unknown, cookie?: string) => {
    if (!(e instanceof AppError)) deps.logger.warn("single sign-on failed", { detail: reason(e) });
    const err = e instanceof AppError ? e : new AppError("invalid_credentials", `the sign-in failed: ${reason(e)}`);
    return toApp({ error: err.code, message: err.message }, cookie);
  };
  const deviceOf = (raw: unknown) => {
    const d = checkDevice(raw);
    if (!d.ok)
      throw new AppError("validation_failed", `device ${d.message}`, [{ field: "device", message: d.message }]);
    return d.value;
  };
  return new Elysia()
    .get(
      "/auth/providers",
      () =>
        reply(deps, {
          password: deps.auth.passwordLogin,
          oidc: deps.auth.oidc ? { name: deps.auth.oidc.settings.name, start: "/api/v1/auth/oidc/start" } : null,
          forward_auth: deps.auth.forwardAuth !== null,
        }),
      {
        response: { 200: AuthProviders, ...errors(400) },
        detail: {
          tags,
          summary: "How people sign in here",
          description:
            "Public: what a sign-in page offers: the password form (unless --password-login false), a Sign in with <name> button when an OpenID Provider is configured, and trusted-header sign-in.",
        },
      },
    )
    .get(
      "/auth/oidc/start",
      async ({ query }) => {
        const oidc = oidcOf();
        try {
          const { location, cookie } = await startSignIn(oidc, deps.jwtSecret, deps.now(), query.invite_code);
          return redirect(location, cookie);
        } catch (e) {
          return failure(e);
        }
      },
      {
        query: OidcStartQuery,
        response: { 302: t.Void({ description: "to the provider's authorization endpoint" }), ...errors(400, 404) },
        detail: {
          tags,
          summary: "Begin single sign-on: redirects the browser to the OpenID Provider",
          description:
            "Authorization code with PKCE (S256), state and nonce, kept in a signed 10-minute HttpOnly cookie scoped to /api/v1/auth/oidc. 404 not_found when no provider is configured. If the provider cannot be reached, the browser goes back to `/#/oidc?error=not_ready&message=…`.",
        },
      },
    )
    .get(
      "/auth/oidc/callback",
      async ({ request, server }) => {
        const c = ctx(request, server);
        const clear = clearFlowCookie(c.oidc);
        try {
          const query = new URL(request.url).searchParams;
          const person = await finishSignIn(c.oidc, deps.jwtSecret, c.now, query, request.headers.get("cookie"));
          const outcome = await signInOutcome(c, person);
          return toApp(outcome.kind === "signed_in" ? { code: outcome.code } : { link: outcome.code }, clear);
        } catch (e) {
          return failure(e, clear);
        }
      },
      {
        response: {
          302: t.Void({ description: "to the web app: /#/oidc?code=…, ?link=… or ?error=…" }),
          ...errors(400, 404),
        },
        detail: {
          tags,
          summary: "The provider's redirect back: verifies the sign-in and hands the web app a one-time code",
          description:
            "Exchanges the code (with the PKCE verifier) and verifies the ID token: signature against the provider's keys, issuer, audience (this client id), expiry and nonce. Then: the account linked to the provider's subject signs in (`/#/oidc?code=…`, traded at POST /auth/oidc/token); an account with the same verified email asks for its password once (`/#/oidc?link=…`, POST /auth/oidc/link); otherwise a new account is made under the registration mode (invite: the code given to start; closed: refused). Failures go to `/#/oidc?error=<code>&message=…` (invalid_credentials for a refused token, forbidden for a disabled account, closed registration or an unverified email, validation_failed for a missing invite, not_ready when the provider is unreachable). Tokens never travel in a URL.",
        },
      },
    )
    .post(
      "/auth/oidc/token",
      async ({ body, request, server }) =>
        reply(deps, await tradeCode(ctx(request, server), body.code, deviceOf(body.device))),
      {
        body: OidcTokenBody,
        response: { 200: TokenPair, ...errors(400, 401, 403, 404, 413, 415) },
        detail: {
          tags,
          summary: "Trade a single sign-on code for Morsel's token pair",
          description:
            "The code is single-use and good for 2 minutes; unknown, used or expired: 401 invalid_credentials. The session's method is `oidc`. A disabled account gets 403.",
        },
      },
    )
    .post(
      "/auth/oidc/link",
      async ({ body, request, server }) =>
        reply(deps, await confirmLink(ctx(request, server), body.code, body.password, deviceOf(body.device))),
      {
        body: OidcLinkBody,
        response: { 200: TokenPair, ...errors(400, 401, 403, 404, 413, 415, 429) },
        detail: {
          tags,
          summary: "Link an existing account to the provider by confirming its password once",
          description:
            "For a provider's person whose verified email is an existing account's. A wrong password is 401 invalid_credentials and counts toward that email's login limits (429 rate_limited past them); the code stays good until it expires (10 minutes). Right: the account is linked (later sign-ins need no password) and a session whose method is `oidc` begins. Works when password sign-in is off: it is how an account made with a password moves to single sign-on.",
        },
      },
    )
    .get(
      "/auth/oidc/logout",
      async () => {
        const oidc = oidcOf();
        try {
          const config = await oidc.configuration();
          if (!config.serverMetadata().end_session_endpoint) return redirect(oidc.settings.appUrl);
          const client = await openid();
          const url = client.buildEndSessionUrl(config, {
            client_id: oidc.settings.clientId,
            post_logout_redirect_uri: oidc.settings.appUrl,
          });
          return redirect(url.href);
        } catch {
          return redirect(oidc.settings.appUrl); // the provider is unreachable: Morsel's own session is over anyway
        }
      },
      {
        response: {
          302: t.Void({ description: "to the provider's end_session_endpoint, or to the web app" }),
          ...errors(400, 404),
        },
        detail: {
          tags,
          summary: "RP-initiated logout: after POST /logout, sends the browser to sign out at the provider too",
          description:
            "Redirects to the provider's end_session_endpoint (OpenID Connect RP-Initiated Logout 1.0) with client_id and post_logout_redirect_uri = the public URL; to the web app when the provider has none. Ending Morsel's session is POST /logout, as for every sign-in.",
        },
      },
    );
}
