/**
 * The caller's sessions and personal access tokens, and redeeming an admin's password-reset code.
 * Sessions and tokens need a signed-in session (scope `account`): a token cannot mint tokens.
 */
import { Elysia, t } from "elysia";
import { errors } from "../../schema/schemas";
import { noContent, reply } from "../../http/reply";
import {
  AccessTokenList,
  CreateTokenBody,
  EndedSessions,
  NewAccessToken,
  PasswordResetBody,
  SessionIdParams,
  SessionList,
  TokenIdParams,
} from "./credential-model";
import type { RouteDeps } from "../../http/auth";
import { authCtx } from "./pre-sign-in";
import { createToken, endOtherSessions, endSession, listSessions, listTokens, revokeToken } from "./credentials";
import { resetPassword } from "./recovery";

export function credentialRoutes(deps: RouteDeps) {
  const tags = ["accounts"];
  return new Elysia()
    .use(deps.authn)
    .get("/sessions", async ({ ctx }) => reply(deps, { items: await listSessions(ctx) }), {
      auth: "account",
      response: { 200: SessionList, ...errors(401, 403) },
      detail: { tags, summary: "Your signed-in sessions (devices), most recently used first" },
    })
    .delete("/sessions", async ({ ctx }) => reply(deps, { ended: await endOtherSessions(ctx) }), {
      auth: "account",
      response: { 200: EndedSessions, ...errors(401, 403) },
      detail: { tags, summary: "Sign out everywhere else: ends every session but the current one" },
    })
    .delete(
      "/sessions/:id",
      async ({ ctx, params }) => {
        await endSession(ctx, params.id);
        return noContent();
      },
      {
        auth: "account",
        params: SessionIdParams,
        response: { 204: t.Void(), ...errors(400, 401, 403, 404) },
        detail: {
          tags,
          summary: "End one of your sessions (its tokens stop working at once); the current one is a sign-out",
        },
      },
    )
    .post(
      "/tokens",
      async ({ ctx, body, set }) => {
        const created = await createToken(ctx, body);
        return reply(deps, created, { status: 201, headers: { location: `/api/v1/tokens/${created.id}` }, set });
      },
      {
        auth: "account",
        body: CreateTokenBody,
        response: { 201: NewAccessToken, ...errors(400, 401, 403, 413, 415) },
        detail: {
          tags,
          summary: "Make a personal access token for a script; the token is in this answer only",
          description:
            "Send it as `Authorization: Bearer morsel_pat_…`. `read` allows GET calls, `write` every other call; neither allows passwords, tokens, sessions, deleting the account or the admin's calls (403 forbidden). Kept only as a hash. A revoked or expired token gets 401 at once, and every token of an account an admin disables stops working. At most 50 per account.",
        },
      },
    )
    .get("/tokens", async ({ ctx }) => reply(deps, { items: await listTokens(ctx) }), {
      auth: "account",
      response: { 200: AccessTokenList, ...errors(401, 403) },
      detail: {
        tags,
        summary: "Your personal access tokens (never the tokens themselves), with their last use",
      },
    })
    .delete(
      "/tokens/:id",
      async ({ ctx, params }) => {
        await revokeToken(ctx, params.id);
        return noContent();
      },
      {
        auth: "account",
        params: TokenIdParams,
        response: { 204: t.Void(), ...errors(400, 401, 403, 404) },
        detail: { tags, summary: "Revoke a personal access token; it gets 401 from the next request on" },
      },
    )
    .post(
      "/password-reset",
      async ({ body, request, server }) => {
        await resetPassword({ ctx: authCtx(deps, deps.clientAddress(request, server), request), input: body });
        return noContent();
      },
      {
        body: PasswordResetBody,
        response: { 204: t.Void(), ...errors(400, 403, 413, 415, 429) },
        detail: {
          tags,
          summary: "Set a new password with a reset code from the admin; ends every session",
          description:
            "The code is single-use and expires (24 hours). A wrong code for the email is 400 validation_failed on `code`, and counts toward the login limits (429 rate_limited with Retry-After). Sign in afterwards.",
        },
      },
    );
}
