/**
 * Passkeys: the caller's own (a signed-in session: scope `account`), and signing in with one, alone or
 * as the second step after the password (API.md §Accounts and tokens, "Passkeys").
 */
import { Elysia, t } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { noContent, reply } from "../../http/reply";
import { errors } from "../../schema/schemas";
import { intParam } from "../../schema/validation";
import { authCtx } from "./pre-sign-in";
import { TokenPair } from "./model";
import { relyingParty } from "./passkey-deps";
import {
  Passkey,
  PasskeyChallengeBody,
  PasskeyCreationOptions,
  PasskeyList,
  PasskeyLoginBody,
  PasskeyRegisterBody,
  PasskeyRenameBody,
  PasskeyRequestOptions,
  PasskeySecondFactorBody,
} from "./passkey-model";
import {
  addPasskey,
  listPasskeys,
  type PasskeyCtx,
  registrationOptions,
  removePasskey,
  renamePasskey,
} from "./passkey";
import { secondFactorOptions, secondFactorWithPasskey, signInOptions, signInWithPasskey } from "./passkey-sign-in";

const ORIGIN =
  "The relying party is --public-url's host name (else the request's Host), and the page's origin must be --public-url's (else the request's own): browsers offer passkeys only over HTTPS or on localhost.";

export function passkeyRoutes(deps: RouteDeps) {
  const tags = ["accounts"];
  const ctxOf = (request: Request, server: Parameters<RouteDeps["clientAddress"]>[1]): PasskeyCtx => ({
    ...authCtx(deps, deps.clientAddress(request, server), request),
    passkeys: deps.passkeys,
    rp: relyingParty(deps.passkeys.publicUrl, request),
  });
  const own = { store: deps.store, passkeys: deps.passkeys };
  const id = t.Object({ id: intParam("id", { minimum: 1 }) });
  return new Elysia()
    .use(deps.authn)
    .post(
      "/login/passkey/options",
      async ({ request, server }) => reply(deps, await signInOptions(ctxOf(request, server))),
      {
        response: { 200: PasskeyRequestOptions, ...errors(400, 429) },
        detail: {
          tags,
          summary: "Begin signing in with a passkey: options for navigator.credentials.get",
          description: `No body, no email: the authenticator offers this site's passkeys itself. The challenge is good once, for 5 minutes. 30 a minute per address (429 with Retry-After). ${ORIGIN}`,
        },
      },
    )
    .post(
      "/login/passkey",
      async ({ body, request, server }) => reply(deps, await signInWithPasskey(ctxOf(request, server), body)),
      {
        body: PasskeyLoginBody,
        response: { 200: TokenPair, ...errors(400, 401, 403, 413, 415, 429) },
        detail: {
          tags,
          summary: "Sign in with a passkey: the authenticator's answer to POST /login/passkey/options",
          description:
            "401 invalid_credentials for an unknown, spent or expired challenge, an unknown passkey, a wrong origin or signature, or a signature counter that went back (a cloned authenticator); which one is not said. Failures count toward the login limits per passkey and per address (429 rate_limited with Retry-After). The session's method is `passkey`; the account needs no second step.",
        },
      },
    )
    .post(
      "/login/two-factor/passkey/options",
      async ({ body, request, server }) =>
        reply(deps, await secondFactorOptions(ctxOf(request, server), body.challenge_token)),
      {
        body: PasskeyChallengeBody,
        response: { 200: PasskeyRequestOptions, ...errors(400, 401, 404, 413, 415) },
        detail: {
          tags,
          summary: "Second step with a passkey instead of a code: options for the account's passkeys",
          description:
            "`challenge_token` from POST /login's TwoFactorChallenge (expired or forged: 401 token_expired / invalid_token). The account has no passkey: 404 not_found.",
        },
      },
    )
    .post(
      "/login/two-factor/passkey",
      async ({ body, request, server }) => reply(deps, await secondFactorWithPasskey(ctxOf(request, server), body)),
      {
        body: PasskeySecondFactorBody,
        response: { 200: TokenPair, ...errors(400, 401, 403, 413, 415, 429) },
        detail: {
          tags,
          summary: "Second step of a sign-in with one of the account's passkeys, in place of POST /login/two-factor",
          description:
            "As POST /login/two-factor, with the authenticator's answer to POST /login/two-factor/passkey/options for `code`. Another account's passkey, a spent challenge or a failed check: 401 invalid_credentials, counted toward the login limits. The session's method is `passkey`.",
        },
      },
    )
    .get("/me/passkeys", async ({ user }) => reply(deps, await listPasskeys(own, user.id)), {
      auth: "account",
      response: { 200: PasskeyList, ...errors(401, 403) },
      detail: { tags, summary: "The caller's passkeys, oldest first" },
    })
    .post(
      "/me/passkeys/options",
      async ({ ctx, request }) =>
        reply(deps, await registrationOptions(ctx, relyingParty(deps.passkeys.publicUrl, request))),
      {
        auth: "account",
        response: { 200: PasskeyCreationOptions, ...errors(401, 403) },
        detail: {
          tags,
          summary: "Begin adding a passkey: options for navigator.credentials.create",
          description: `A discoverable credential is asked for, so it can sign in with no email typed; the caller's passkeys are excluded. The challenge is good once, for 5 minutes. ${ORIGIN}`,
        },
      },
    )
    .post(
      "/me/passkeys",
      async ({ ctx, body, request }) => {
        const rp = relyingParty(deps.passkeys.publicUrl, request);
        return reply(deps, await addPasskey(ctx, rp, request.headers.get("user-agent"), body), { status: 201 });
      },
      {
        auth: "account",
        body: PasskeyRegisterBody,
        response: { 201: Passkey, ...errors(400, 401, 403, 409, 413, 415) },
        detail: {
          tags,
          summary: "Add a passkey: the authenticator's answer to POST /me/passkeys/options",
          description:
            "400 validation_failed on `credential` when it answers no live challenge of the caller's (unknown, spent, expired or another account's) or fails its checks (origin, relying party, attestation); the message says which. A passkey already registered: 409 id_conflict. `name` defaults to the browser and system of the User-Agent.",
        },
      },
    )
    .patch(
      "/me/passkeys/:id",
      async ({ user, params, body }) => reply(deps, await renamePasskey(own, user.id, params.id, body.name)),
      {
        auth: "account",
        params: id,
        body: PasskeyRenameBody,
        response: { 200: Passkey, ...errors(400, 401, 403, 404, 413, 415) },
        detail: { tags, summary: "Rename one of the caller's passkeys (another account's: 404)" },
      },
    )
    .delete(
      "/me/passkeys/:id",
      async ({ user, params }) => {
        await removePasskey(own, user.id, params.id);
        return noContent();
      },
      {
        auth: "account",
        params: id,
        response: { 204: t.Void(), ...errors(400, 401, 403, 404) },
        detail: {
          tags,
          summary: "Remove one of the caller's passkeys (another account's: 404)",
          description:
            "It no longer signs in here; the authenticator still holds it until it is deleted there too. Sessions it began stay (end them in GET /sessions).",
        },
      },
    );
}
