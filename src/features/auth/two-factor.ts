/**
 * The TOTP second factor (RFC 6238, otpauth): set up (a secret, its otpauth URI and a QR code), turned
 * on only by a first right code (so a secret the app never got cannot lock the person out), 10
 * recovery codes shown once and kept hashed, and the second step of a sign-in. Each code is good
 * once (two_factor-repo.ts spends its 30-second step). Wrong codes count in the password throttle.
 */
import type * as OtpAuth from "otpauth";
import { AppError, invalid } from "../../lib/errors";
import type { Ctx } from "../../context";
import { toPublicUser } from "./repo";
import { newTypableCode } from "./secrets";
import { newSession, reserve, type AuthCtx, type TokenPair } from "./service";
import { unauthorized } from "./tokens";
import type { TotpFactor } from "./two-factor-repo";
import { checkDevice } from "./validate";
import type { RecoveryCodes, TwoFactorEnrolment, TwoFactorLoginBody, TwoFactorStatus } from "./two-factor-model";

const PERIOD_S = 30;
/** One step either side: a phone's clock a little off, or a code typed as it turned over. */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;

/**
 * otpauth, and qrcode below, load on the first two-factor request, not at start: with pngjs they are
 * 120 KB of code that a server's start would load for a factor most accounts never turn on.
 */
let otpauth: typeof OtpAuth | undefined;
const otp = async () => (otpauth ??= await import("otpauth"));

const totpOf = async (secret: string, label = "") => {
  const { Secret, TOTP } = await otp();
  return new TOTP({
    issuer: "Morsel",
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
  });
};

/**
 * Which kind of code `code` is and whether it is right and unspent; spends it. A 6-digit code is a
 * TOTP code; anything else is tried as a recovery code (only once the factor is on).
 */
async function spendCode(
  ctx: Pick<AuthCtx, "now" | "store" | "totp">,
  userId: number,
  factor: TotpFactor,
  code: string,
): Promise<"totp" | "recovery_code" | null> {
  const digits = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(digits)) {
    const delta = (await totpOf(factor.secret)).validate({
      token: digits,
      timestamp: ctx.now.getTime(),
      window: WINDOW,
    });
    if (delta === null) return null;
    const step = Math.floor(ctx.now.getTime() / 1000 / PERIOD_S) + delta;
    return (await ctx.store.run(ctx.totp.spendStep(userId, step))) ? "totp" : null;
  }
  if (!factor.confirmedAt || code.length > 64) return null;
  return (await ctx.store.run(ctx.totp.spendRecoveryCode(userId, code, ctx.now.toISOString())))
    ? "recovery_code"
    : null;
}

/** The second-factor part of the signed-in request's context: its `now`, the store and the factor's table. */
const factorCtx = (ctx: Ctx) => ({ now: ctx.now, store: ctx.store, totp: ctx.deps.auth.totp });

/** GET /me/two-factor. */
export async function twoFactorStatus(ctx: Ctx): Promise<typeof TwoFactorStatus.static> {
  const { totp } = ctx.deps.auth;
  const factor = await ctx.store.run(totp.factor(ctx.userId));
  const enabled = Boolean(factor?.confirmedAt);
  return {
    enabled,
    pending: Boolean(factor && !factor.confirmedAt),
    recovery_codes_left: enabled ? await ctx.store.run(totp.recoveryCodesLeft(ctx.userId)) : 0,
  };
}

/** POST /me/two-factor: a new secret, not yet on. 403 while a factor is on (turn it off first). */
export async function beginTwoFactor(ctx: Ctx): Promise<typeof TwoFactorEnrolment.static> {
  const { user } = ctx;
  const { totp } = ctx.deps.auth;
  const existing = await ctx.store.run(totp.factor(user.id));
  if (existing?.confirmedAt)
    throw new AppError("forbidden", "two-factor sign-in is already on; turn it off first (DELETE /me/two-factor)");
  const secret = new (await otp()).Secret({ size: 20 }).base32;
  await ctx.store.run(totp.begin(user.id, secret, ctx.now.toISOString()));
  const uri = (await totpOf(secret, user.email)).toString();
  const { default: QRCode } = await import("qrcode");
  return { secret, otpauth_uri: uri, qr_svg: await QRCode.toString(uri, { type: "svg", margin: 2 }) };
}

/**
 * POST /me/two-factor/confirm: a right code turns the factor on; the answer holds the recovery codes.
 * `address` (the client's) counts wrong codes with wrong passwords.
 */
export async function confirmTwoFactor(ctx: Ctx, address: string, code: string): Promise<typeof RecoveryCodes.static> {
  const { user } = ctx;
  const { totp, throttle } = ctx.deps.auth;
  const factor = await ctx.store.run(totp.factor(user.id));
  if (!factor || factor.confirmedAt)
    throw new AppError("not_found", "there is no two-factor set-up waiting; begin one with POST /me/two-factor");
  reserve({ address, now: ctx.now }, throttle, user.email, "too many wrong codes");
  if ((await spendCode(factorCtx(ctx), user.id, factor, code)) !== "totp")
    throw invalid("code", "is not the authenticator app's current code; check the phone's clock and try again");
  throttle.succeed(user.email, address);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newTypableCode);
  await ctx.store.run(totp.confirm(user.id, codes, ctx.now.toISOString()));
  return { recovery_codes: codes };
}

/** DELETE /me/two-factor: the person turns it off with a current code or a recovery code (`address`: as confirm). */
export async function turnOffTwoFactor(ctx: Ctx, address: string, code: string): Promise<void> {
  const { user } = ctx;
  const { totp, throttle } = ctx.deps.auth;
  const factor = await ctx.store.run(totp.factor(user.id));
  if (!factor) throw new AppError("not_found", "two-factor sign-in is not set up on this account");
  reserve({ address, now: ctx.now }, throttle, user.email, "too many wrong codes");
  if (factor.confirmedAt && !(await spendCode(factorCtx(ctx), user.id, factor, code)))
    throw invalid("code", "is neither the authenticator app's current code nor an unused recovery code");
  throttle.succeed(user.email, address);
  await ctx.store.run(totp.remove(user.id));
}

/** DELETE /admin/users/:id/two-factor: for a person who lost both phone and recovery codes. */
export async function removeTwoFactor(ctx: Ctx, userId: number): Promise<void> {
  if (!(await ctx.store.run(ctx.deps.auth.totp.remove(userId))))
    throw new AppError("not_found", `account ${userId} does not exist or has no second factor`);
}

/**
 * POST /login/two-factor: the challenge from a right password, and a code. Wrong codes are counted
 * per email and address like wrong passwords (the password step left its attempt counted, so
 * signing in again with the password does not buy more guesses at the code).
 */
export async function loginTwoFactor({
  ctx,
  input,
}: {
  ctx: AuthCtx;
  input: typeof TwoFactorLoginBody.static;
}): Promise<TokenPair> {
  const claims = await ctx.tokens.verify(input.challenge_token, "challenge", ctx.now, "invalid_token");
  const user = await ctx.store.run(ctx.repo.userById(Number(claims.sub)));
  const factor = user && (await ctx.store.run(ctx.totp.factor(user.id)));
  if (!user || !factor?.confirmedAt) throw unauthorized("invalid_token", "this sign-in has ended; sign in again");
  const device = checkDevice(input.device);
  if (!device.ok) throw invalid("device", device.message);
  reserve(ctx, ctx.throttle, user.email, "too many wrong passwords or codes");
  const method = await spendCode(ctx, user.id, factor, input.code);
  if (!method)
    throw unauthorized("invalid_credentials", "the code is wrong or was already used; wait for the next one");
  // both attempts were right: the password's, left counted by POST /login, and this code's
  ctx.throttle.succeed(user.email, ctx.address);
  ctx.throttle.succeed(user.email, ctx.address);
  if (user.disabledAt) throw new AppError("forbidden", "this account is disabled; ask the server's admin");
  return newSession(ctx, toPublicUser(user), device.value, method);
}
