/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): a signed-in person adds one (options, then the
 * authenticator's attestation), lists, renames and removes theirs. Signing in with one is in
 * passkey-sign-in.ts. Each challenge is made here, stored, and spent by the one answer that carries it.
 */
import { AppError, invalid } from "../../lib/errors";
import { isUniqueViolation } from "../../db/q";
import type { Ctx } from "../../context";
import type { PasskeyServices, RelyingParty } from "./passkey-deps";
import type { ChallengePurpose, PasskeyRow } from "./passkey-repo";
import type {
  Passkey,
  PasskeyCreationOptions,
  PasskeyList,
  PasskeyRegisterBody,
  RegistrationCredential,
  AuthenticationCredential,
} from "./passkey-model";
import type { AuthCtx } from "./service";
import { deviceLabel } from "./validate";

/** How long options stay good: the time a person has to touch their authenticator. */
export const PASSKEY_CHALLENGE_TTL_S = 300;
const RP_NAME = "Morsel";

export interface PasskeyCtx extends AuthCtx {
  passkeys: PasskeyServices;
  rp: RelyingParty;
}

/** The library, loaded by the first passkey asked for rather than by every server start. */
export const webauthn = () => import("@simplewebauthn/server");

export function toPasskey(p: PasskeyRow): typeof Passkey.static {
  return {
    id: p.id,
    name: p.name,
    transports: p.transports ? p.transports.split(",") : [],
    created_at: p.createdAt,
    last_used_at: p.lastUsedAt,
  };
}

/** What keeping and spending a challenge need: the request's `now`, the store and the passkey tables. */
type ChallengeCtx = Pick<PasskeyCtx, "now" | "store" | "passkeys">;

/** The challenge part of a signed-in request's context. */
const challengeCtx = (ctx: Ctx): ChallengeCtx => ({ now: ctx.now, store: ctx.store, passkeys: ctx.deps.passkeys });

/** Stores the challenge of options just made, for PASSKEY_CHALLENGE_TTL_S. */
export async function keepChallenge(
  ctx: ChallengeCtx,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
): Promise<void> {
  const expiresAt = new Date(ctx.now.getTime() + PASSKEY_CHALLENGE_TTL_S * 1000).toISOString();
  await ctx.store.run(ctx.passkeys.repo.addChallenge({ challenge, purpose, userId, expiresAt }, ctx.now.toISOString()));
}

/**
 * Spends the challenge an answer signed (read from its clientDataJSON: the browser put it there, and
 * the signature covers it) if it was made for this step and this user and is still good; else null.
 * The library then checks that the answer's challenge is this one.
 */
export async function spendChallenge(
  ctx: ChallengeCtx,
  credential: typeof RegistrationCredential.static | typeof AuthenticationCredential.static,
  purpose: ChallengePurpose,
  userId: number | null,
): Promise<string | null> {
  let challenge: unknown;
  try {
    challenge = JSON.parse(Buffer.from(credential.response.clientDataJSON, "base64url").toString("utf8")).challenge;
  } catch {
    return null; // not JSON: the library would refuse it too
  }
  if (typeof challenge !== "string" || challenge.length > 256) return null;
  const found = await ctx.store.run(ctx.passkeys.repo.spendChallenge(challenge, purpose));
  if (!found || found.userId !== userId || new Date(found.expiresAt) <= ctx.now) return null;
  return challenge;
}

/** POST /me/passkeys/options: creation options for a new passkey of the caller, for relying party `rp`. */
export async function registrationOptions(ctx: Ctx, rp: RelyingParty): Promise<typeof PasskeyCreationOptions.static> {
  const { user } = ctx;
  const existing = await ctx.store.run(ctx.deps.passkeys.repo.list(user.id));
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    // the user handle: the account's number, stable, so an authenticator keeps one passkey per account
    userID: new TextEncoder().encode(String(user.id)),
    userName: user.email,
    userDisplayName: user.name,
    timeout: PASSKEY_CHALLENGE_TTL_S * 1000,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports.split(",") })),
    // discoverable, so it can sign in with no email typed
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await keepChallenge(challengeCtx(ctx), options.challenge, "register", user.id);
  return options;
}

/**
 * POST /me/passkeys: checks the authenticator's answer to those options (for relying party `rp`) and keeps
 * the passkey, named from the body, else from the request's User-Agent.
 */
export async function addPasskey(
  ctx: Ctx,
  rp: RelyingParty,
  userAgent: string | null,
  input: typeof PasskeyRegisterBody.static,
): Promise<typeof Passkey.static> {
  const { user } = ctx;
  const challenge = await spendChallenge(challengeCtx(ctx), input.credential, "register", user.id);
  if (!challenge)
    throw invalid("credential", "answers no live challenge of yours (unknown, used or expired); ask for new options");
  const { verifyRegistrationResponse } = await webauthn();
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (e) {
    throw invalid("credential", `was refused: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!result.verified) throw invalid("credential", "was refused: its attestation did not verify");
  const { credential } = result.registrationInfo;
  try {
    const row = await ctx.store.run(
      ctx.deps.passkeys.repo.add({
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: (credential.transports ?? input.credential.response.transports ?? []).join(","),
        name: input.name?.trim() || deviceLabel(userAgent) || "Passkey",
        createdAt: ctx.now.toISOString(),
      }),
    );
    return toPasskey(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("id_conflict", "this passkey is already registered");
    throw e;
  }
}

/** What listing, renaming and removing need: no relying party, no clock. */
type StoreCtx = Pick<PasskeyCtx, "store" | "passkeys">;

export async function listPasskeys(ctx: StoreCtx, userId: number): Promise<typeof PasskeyList.static> {
  return { items: (await ctx.store.run(ctx.passkeys.repo.list(userId))).map(toPasskey) };
}

const notFound = (id: number) => new AppError("not_found", `you have no passkey ${id}`);

export async function renamePasskey(
  ctx: StoreCtx,
  userId: number,
  id: number,
  name: string,
): Promise<typeof Passkey.static> {
  if (name.trim() === "") throw invalid("name", "must not be blank");
  const row = await ctx.store.run(ctx.passkeys.repo.rename(userId, id, name.trim()));
  if (!row) throw notFound(id);
  return toPasskey(row);
}

export async function removePasskey(ctx: StoreCtx, userId: number, id: number): Promise<void> {
  if (!(await ctx.store.run(ctx.passkeys.repo.remove(userId, id)))) throw notFound(id);
}
