/**
 * The TOTP second factor: the second step of a sign-in, the caller's own set-up (a signed-in session:
 * scope `account`), and the admin's removal for a person who lost their phone and recovery codes.
 */
import { Elysia, t } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { noContent, reply } from "../../http/reply";
import { errors } from "../../schema/schemas";
import { intParam } from "../../schema/validation";
import { authCtx } from "./pre-sign-in";
import { TokenPair } from "./model";
import {
  beginTwoFactor,
  confirmTwoFactor,
  loginTwoFactor,
  removeTwoFactor,
  turnOffTwoFactor,
  twoFactorStatus,
} from "./two-factor";
import {
  RecoveryCodes,
  TwoFactorCodeBody,
  TwoFactorEnrolment,
  TwoFactorLoginBody,
  TwoFactorOffBody,
  TwoFactorStatus,
} from "./two-factor-model";

export function twoFactorRoutes(deps: RouteDeps) {
  const tags = ["accounts"];
  const ctxOf = (request: Request, server: Parameters<RouteDeps["clientAddress"]>[1]) =>
    authCtx(deps, deps.clientAddress(request, server), request);
  return new Elysia()
    .use(deps.authn)
    .post(
      "/login/two-factor",
      async ({ body, request, server }) =>
        reply(deps, await loginTwoFactor({ ctx: ctxOf(request, server), input: body })),
      {
        body: TwoFactorLoginBody,
        response: { 200: TokenPair, ...errors(400, 401, 403, 413, 415, 429) },
        detail: {
          tags,
          summary: "Second step of a sign-in: the challenge from POST /login and a code",
          description:
            "`code` is the authenticator app's current 6-digit code or one of the recovery codes; each is accepted once (a code already used, even within its 30 seconds, is refused). Wrong or reused: 401 invalid_credentials. An expired (5 minutes) or forged challenge: 401 token_expired / invalid_token: sign in again. Wrong codes count toward the login limits with wrong passwords (429 rate_limited with Retry-After).",
        },
      },
    )
    .get("/me/two-factor", async ({ ctx }) => reply(deps, await twoFactorStatus(ctx)), {
      auth: "account",
      response: { 200: TwoFactorStatus, ...errors(401, 403) },
      detail: { tags, summary: "Whether sign-in asks for a code, and how many recovery codes are left" },
    })
    .post("/me/two-factor", async ({ ctx }) => reply(deps, await beginTwoFactor(ctx)), {
      auth: "account",
      response: { 200: TwoFactorEnrolment, ...errors(401, 403) },
      detail: {
        tags,
        summary: "Begin setting up two-factor sign-in: a new secret, its otpauth URI and QR code",
        description:
          "Not on until POST /me/two-factor/confirm gets a right code. Beginning again replaces an unconfirmed secret; while two-factor is on, 403 forbidden (turn it off first).",
      },
    })
    .post(
      "/me/two-factor/confirm",
      async ({ ctx, body, request, server }) =>
        reply(deps, await confirmTwoFactor(ctx, deps.clientAddress(request, server), body.code)),
      {
        auth: "account",
        body: TwoFactorCodeBody,
        response: { 200: RecoveryCodes, ...errors(400, 401, 403, 404, 413, 415, 429) },
        detail: {
          tags,
          summary: "Turn two-factor sign-in on with the app's current code; answers the 10 recovery codes, once",
          description:
            "A wrong code is 400 validation_failed on `code` and counts toward the login limits (429). No set-up begun: 404. From now on POST /login answers a challenge for this account; personal access tokens are not affected.",
        },
      },
    )
    .delete(
      "/me/two-factor",
      async ({ ctx, body, request, server }) => {
        await turnOffTwoFactor(ctx, deps.clientAddress(request, server), body.code);
        return noContent();
      },
      {
        auth: "account",
        body: TwoFactorOffBody,
        response: { 204: t.Void(), ...errors(400, 401, 403, 404, 413, 415, 429) },
        detail: {
          tags,
          summary: "Turn two-factor sign-in off with a current code or a recovery code",
          description:
            "A wrong code: 400 validation_failed on `code`, counted toward the login limits. None set up: 404.",
        },
      },
    )
    .delete(
      "/admin/users/:id/two-factor",
      async ({ ctx, params }) => {
        await removeTwoFactor(ctx, params.id);
        return noContent();
      },
      {
        auth: "admin",
        params: t.Object({ id: intParam("id", { minimum: 1 }) }),
        response: { 204: t.Void(), ...errors(400, 401, 403, 404) },
        detail: {
          tags: ["admin"],
          summary: "Remove an account's second factor (it signs in with its password alone again)",
          description:
            "For a person who lost both their authenticator and their recovery codes. No such account, or none set up: 404.",
        },
      },
    );
}
