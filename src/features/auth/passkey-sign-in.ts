/**
 * Signing in with a passkey: alone (a discoverable credential names its account, so no email is typed
 * and none is asked about), or after the password in place of the authenticator app's code. Failures
 * count in the password throttle: per passkey (in place of the email) and per address when alone, per
 * email and address as a second factor.
 */
import { AppError, invalid } from "../../lib/errors";
import { toPublicUser } from "./repo";
import type { AuthenticationCredential, PasskeyRequestOptions } from "./passkey-model";
import type { PasskeyRow } from "./passkey-repo";
import { keepChallenge, PASSKEY_CHALLENGE_TTL_S, type PasskeyCtx, spendChallenge, webauthn } from "./passkey";
import { newSession, reserve, type TokenPair } from "./service";
import { unauthorized } from "./tokens";
import { checkDevice } from "./validate";
import { rateKey } from "../../lib/ip";

type Options = typeof PasskeyRequestOptions.static;
type Credential = typeof AuthenticationCredential.static;

const refused = () => unauthorized("invalid_credentials", "the passkey was not accepted; try again");

/** Request options for `allow` (none: any passkey of this site, which the authenticator offers itself). */
async function requestOptions(ctx: PasskeyCtx, allow: PasskeyRow[], uv: "required" | "preferred"): Promise<Options> {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: ctx.rp.id,
    timeout: PASSKEY_CHALLENGE_TTL_S * 1000,
    userVerification: uv,
    allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: p.transports.split(",") })),
  });
}

/**
 * Checks an assertion against the stored passkey and moves its counter. The library refuses a counter
 * not above the stored one (a cloned authenticator) unless both are 0 (passkeys that count nothing).
 */
async function verify(
  ctx: PasskeyCtx,
  passkey: PasskeyRow,
  credential: Credential,
  challenge: string,
  requireUserVerification: boolean,
): Promise<boolean> {
  const { verifyAuthenticationResponse } = await webauthn();
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: ctx.rp.origin,
      expectedRPID: ctx.rp.id,
      requireUserVerification,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: passkey.transports ? passkey.transports.split(",") : [],
      },
    });
  } catch {
    return false; // wrong origin, signature, challenge or counter: the library's message is for the log, not the caller
  }
  if (!result.verified) return false;
  const { newCounter } = result.authenticationInfo;
  // a racing use of the same assertion, or a clone, moved the counter since it was read
  return ctx.store.run(ctx.passkeys.repo.used(passkey.id, passkey.counter, newCounter, ctx.now.toISOString()));
}

/** POST /login/passkey/options: options for any passkey of this site; each is a stored challenge. */
export async function signInOptions(ctx: PasskeyCtx): Promise<Options> {
  const wait = ctx.passkeys.optionsWindow.take(rateKey(ctx.address), ctx.now.getTime());
  if (wait > 0)
    throw new AppError("rate_limited", `too many passkey sign-ins begun; try again in ${wait} seconds`, undefined, {
      "retry-after": String(wait),
    });
  const options = await requestOptions(ctx, [], "required");
  await keepChallenge(ctx, options.challenge, "sign_in", null);
  return options;
}

/** POST /login/passkey: the authenticator's answer signs in the account its passkey belongs to. */
export async function signInWithPasskey(
  ctx: PasskeyCtx,
  input: { credential: Credential; device?: string },
): Promise<TokenPair> {
  const device = checkDevice(input.device);
  if (!device.ok) throw invalid("device", device.message);
  // the passkey stands in for the email: its failures are counted, and the address's. Its first 64
  // characters: enough to keep real ids apart, and a made-up long id keeps no kilobyte in the throttle
  const key = `passkey:${input.credential.id.slice(0, 64)}`;
  reserve(ctx, ctx.throttle, key, "too many passkey sign-ins that failed");
  const challenge = await spendChallenge(ctx, input.credential, "sign_in", null);
  if (!challenge)
    throw unauthorized("invalid_credentials", "this passkey sign-in has expired or was already used; start again");
  const passkey = await ctx.store.run(ctx.passkeys.repo.byCredentialId(input.credential.id));
  if (!passkey || !(await verify(ctx, passkey, input.credential, challenge, true))) throw refused();
  ctx.throttle.succeed(key, ctx.address);
  const user = await ctx.store.run(ctx.repo.userById(passkey.userId));
  if (!user || user.disabledAt) throw new AppError("forbidden", "this account is disabled; ask the server's admin");
  return newSession(ctx, toPublicUser(user), device.value, "passkey");
}

/** The account of a second step's challenge token (POST /login's TwoFactorChallenge). */
async function challengedUser(ctx: PasskeyCtx, token: string) {
  const claims = await ctx.tokens.verify(token, "challenge", ctx.now, "invalid_token");
  const user = await ctx.store.run(ctx.repo.userById(Number(claims.sub)));
  if (!user) throw unauthorized("invalid_token", "this sign-in has ended; sign in again");
  return user;
}

/** POST /login/two-factor/passkey/options: options for the passkeys of the account whose password was right. */
export async function secondFactorOptions(ctx: PasskeyCtx, challengeToken: string): Promise<Options> {
  const user = await challengedUser(ctx, challengeToken);
  const passkeys = await ctx.store.run(ctx.passkeys.repo.list(user.id));
  if (passkeys.length === 0)
    throw new AppError("not_found", "this account has no passkey; use the authenticator app's code");
  const options = await requestOptions(ctx, passkeys, "preferred");
  await keepChallenge(ctx, options.challenge, "second_factor", user.id);
  return options;
}

/**
 * POST /login/two-factor/passkey: the second step with one of the account's passkeys. Counted like a
 * code: the password's attempt, left counted by POST /login, is given back only with a right answer.
 */
export async function secondFactorWithPasskey(
  ctx: PasskeyCtx,
  input: { challenge_token: string; credential: Credential; device?: string },
): Promise<TokenPair> {
  const user = await challengedUser(ctx, input.challenge_token);
  const device = checkDevice(input.device);
  if (!device.ok) throw invalid("device", device.message);
  reserve(ctx, ctx.throttle, user.email, "too many wrong passwords or codes");
  const challenge = await spendChallenge(ctx, input.credential, "second_factor", user.id);
  if (!challenge)
    throw unauthorized("invalid_credentials", "this passkey step has expired or was already used; start again");
  const passkey = await ctx.store.run(ctx.passkeys.repo.byCredentialId(input.credential.id));
  if (!passkey || passkey.userId !== user.id || !(await verify(ctx, passkey, input.credential, challenge, false)))
    throw refused();
  ctx.throttle.succeed(user.email, ctx.address);
  ctx.throttle.succeed(user.email, ctx.address);
  if (user.disabledAt) throw new AppError("forbidden", "this account is disabled; ask the server's admin");
  return newSession(ctx, toPublicUser(user), device.value, "passkey");
}
