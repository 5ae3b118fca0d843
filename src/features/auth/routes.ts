/** Account routes: register, login, refresh, logout, and the caller's own profile. */
import { Elysia, t } from "elysia";
import { AppError } from "../../lib/errors";
import type { RouteDeps } from "../../http/auth";
import { authCtx } from "./pre-sign-in";
import { errors } from "../../schema/schemas";
import { noContent, reply } from "../../http/reply";
import {
  DeleteMeBody,
  LoginBody,
  PatchMeBody,
  RefreshBody,
  RegisterBody,
  TokenPair,
  User,
  RegistrationSetting,
} from "./model";
import { toPublicUser } from "./repo";
import { loginByHeader } from "./forward-auth";
import { TwoFactorChallenge } from "./two-factor-model";
import { deleteMe, updateMe } from "./me";
import { login, logout, refresh, register, type AuthCtx } from "./service";

/** --password-login false: the password routes refuse, so single sign-on (or a trusted proxy) is the way in. */
function passwordOn(deps: RouteDeps): void {
  if (!deps.auth.passwordLogin)
    throw new AppError(
      "password_login_off",
      "password sign-in is turned off on this server; sign in with its single sign-on provider (personal access tokens still work)",
    );
}

export function authRoutes(deps: RouteDeps) {
  const preSignIn = (address = "unknown", request?: Request): AuthCtx => authCtx(deps, address, request);
  const tags = ["accounts"];
  return new Elysia()
    .use(deps.authn)
    .get(
      "/register",
      async () =>
        reply(deps, {
          registration: await deps.store.run(deps.auth.registration.effective()),
          // said only when on, so a sign-in page knows to try POST /login/header
          ...(deps.auth.forwardAuth ? { forward_auth: true as const } : {}),
        }),
      {
        // 400: a malformed Host, as on every route
        response: {
          200: RegistrationSetting,
          ...errors(400),
        },
        detail: {
          tags,
          summary: "Who may register here",
          description:
            "Public: what a sign-up form needs to know before it is filled in (whether to ask for an invite code, or to say that registration is closed). A server with no account yet answers open: its first account may always register.",
        },
      },
    )
    .post(
      "/register",
      async ({ body, request, server }) => {
        passwordOn(deps);
        return reply(
          deps,
          await register({ ctx: preSignIn(deps.clientAddress(request, server), request), input: body }),
          {
            status: 201,
          },
        );
      },
      {
        body: RegisterBody,
        response: { 201: TokenPair, ...errors(400, 403, 409, 413, 415, 429) },
        detail: {
          tags,
          summary: "Create an account; returns the first token pair",
          description:
            "The first account on a server becomes its admin and may always register. After it the registration mode decides (`--registration`, or the admin's PATCH /admin/settings): open; invite, where `invite_code` must be a live code from the admin (400 validation_failed on invite_code otherwise; wrong codes are throttled like wrong passwords, 429); closed, 403 forbidden. With --password-login false: 403 password_login_off.",
        },
      },
    )
    .post(
      "/login",
      async ({ body, request, server }) => {
        passwordOn(deps);
        return reply(deps, await login({ ctx: preSignIn(deps.clientAddress(request, server), request), input: body }));
      },
      {
        body: LoginBody,
        response: { 200: t.Union([TokenPair, TwoFactorChallenge]), ...errors(400, 401, 403, 413, 415, 429) },
        detail: {
          tags,
          summary: "Sign in",
          description:
            "Wrong email and wrong password give the same 401 invalid_credentials. After 5 failures for one email, or 20 from one address, within 15 minutes (wrong current_password / password on PATCH and DELETE /me count too): 429 rate_limited with Retry-After until the window ends. Each attempt is counted before its password is checked, so parallel attempts cannot pass the limit. Success clears that email's counter only. A disabled account gets 403 forbidden (after its password was checked). An account with two-factor sign-in on answers a TwoFactorChallenge instead of tokens (`two_factor_required: true`): send its `challenge_token` and the code to POST /login/two-factor. With --password-login false: 403 password_login_off (personal access tokens still work).",
        },
      },
    )
    .post(
      "/login/header",
      async ({ request, server }) =>
        reply(
          deps,
          await loginByHeader({
            ctx: preSignIn(deps.clientAddress(request, server), request),
            forwardAuth: deps.auth.forwardAuth,
            peer: server?.requestIP(request)?.address,
            headers: request.headers,
          }),
        ),
      {
        response: { 200: TokenPair, ...errors(400, 401, 403, 404) },
        detail: {
          tags,
          summary: "Sign in as the person a trusted forward-auth proxy names (Remote-Email)",
          description:
            "Only when the server runs with --forward-auth (else 404 not_found), and only for requests whose direct peer is a --trust-proxy address: from anywhere else the headers are ignored (401 invalid_credentials). The email header (--forward-auth-email-header, default Remote-Email) must name an existing account; a disabled one gets 403. The session's method is `header`. No body.",
        },
      },
    )
    .post("/refresh", async ({ body }) => reply(deps, await refresh({ ctx: preSignIn(), input: body })), {
      body: RefreshBody,
      response: { 200: TokenPair, ...errors(400, 401, 413, 415) },
      detail: {
        tags,
        summary: "Rotate the refresh token",
        description:
          "The presented refresh token is spent and a new pair is returned. Presenting a spent token again gives 401 refresh_token_reused and ends that session (all its tokens).",
      },
    })
    .post(
      "/logout",
      async ({ body }) => {
        await logout({ ctx: preSignIn(), input: body });
        return noContent();
      },
      {
        body: RefreshBody,
        response: { 204: t.Void(), ...errors(400, 401, 413, 415) },
        detail: { tags, summary: "End the session of this refresh token; its access tokens stop working at once" },
      },
    )
    .get("/me", ({ user }) => reply(deps, toPublicUser(user)), {
      auth: "read",
      response: { 200: User, ...errors(401) },
      detail: { tags, summary: "The caller's profile" },
    })
    .patch(
      "/me",
      async ({ ctx, body, request, server }) =>
        reply(deps, await updateMe({ ctx, address: deps.clientAddress(request, server), input: body })),
      {
        auth: "write",
        body: PatchMeBody,
        response: { 200: User, ...errors(400, 401, 403, 409, 413, 415, 429) },
        detail: {
          tags,
          summary: "Change name, time zone, weight unit, email or password",
          description:
            "An email or password change needs current_password and a signed-in session (a personal access token gets 403) (a wrong one is 400 validation_failed on current_password, so the client keeps its session); an email another account has is 409 email_taken. A password change ends every other session. Wrong passwords count toward the login limits: past them, 429 rate_limited with Retry-After.",
        },
      },
    )
    .delete(
      "/me",
      async ({ ctx, body, request, server }) => {
        await deleteMe({ ctx, address: deps.clientAddress(request, server), input: body });
        return noContent();
      },
      {
        auth: "account",
        body: DeleteMeBody,
        response: { 204: t.Void(), ...errors(400, 401, 403, 413, 415, 429) },
        detail: { tags, summary: "Delete the account and all its data (needs the password)" },
      },
    );
}
