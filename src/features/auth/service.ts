/**
 * Accounts and sessions (API.md §Accounts and tokens). Services take `{ ctx, input }`; the
 * caller's identity always comes from `ctx` (the verified token), never from the body.
 */
import type { TokenPair as TokenPairSchema } from "./model";
import type { TwoFactorChallenge } from "./two-factor-model";
import type { TotpRepo } from "./two-factor-repo";
import { rateKey } from "../../lib/ip";
import type { RateWindow } from "../../lib/rate-window";
import { isUniqueViolation, serialize, tx } from "../../db/q";
import type { Store } from "../../db/store";
import { AppError, invalid } from "../../lib/errors";
import type { AccountCodes } from "./account-codes-repo";
import type { Registration } from "./registration";
import { type AuthRepo, toPublicUser, type PublicUser, type SignInMethod } from "./repo";
import type { LoginThrottle } from "./throttle";
import { ACCESS_TTL_S, CHALLENGE_TTL_S, REFRESH_TTL_S, type Tokens, unauthorized } from "./tokens";
import {
  checkDevice,
  checkEmail,
  checkName,
  checkPassword,
  checkRegion,
  checkTimezone,
  deviceLabel,
  validateAll,
} from "./validate";

export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

/** Held while the first account is made, so two first registrations cannot both become the admin. */
export const FIRST_ACCOUNT_LOCK = 0x6d6f72_01;

/**
 * argon2id at OWASP's parameters for it (Password Storage Cheat Sheet: m = 19 MiB, t = 2, p = 1; Bun hashes with one
 * lane), chosen rather than Bun's default 64 MiB: the same protection OWASP asks for at about a third of the time and
 * memory, which on a shared 2-core box is what a sign-in or password change waits for (bench:auth measures both).
 * Hashes made at another cost still verify: argon2's hash carries its parameters.
 */
export const DEFAULT_PASSWORD_COST: PasswordCost = { memoryCost: 19456, timeCost: 2 };

export interface AuthCtx {
  store: Store;
  repo: AuthRepo;
  tokens: Tokens;
  throttle: LoginThrottle;
  now: Date;
  passwordCost: PasswordCost;
  /** The client's address, for login throttling. */
  address: string;
  /** The request's User-Agent: a session's device label when the body names none. */
  userAgent?: string | null;
  registration: Registration;
  codes: AccountCodes;
  /** Wrong invite codes are throttled like wrong passwords, in their own counters. */
  inviteThrottle: LoginThrottle;
  /** Accounts made per address (an IPv6 /64) and hour while registration is open. */
  registrations: RateWindow;
  totp: TotpRepo;
}

/** The TokenPair schema's shape (model.ts): what register, login and refresh answer. */
export type TokenPair = typeof TokenPairSchema.static;

const iso = (d: Date) => d.toISOString();

export function hash(ctx: AuthCtx, password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id", ...ctx.passwordCost });
}

// Unknown emails are verified against this, so they take as long as a wrong password.
const dummyHashes = new Map<string, Promise<string>>();
function dummyHash(ctx: AuthCtx): Promise<string> {
  const key = `${ctx.passwordCost.memoryCost}:${ctx.passwordCost.timeCost}`;
  let h = dummyHashes.get(key);
  if (!h) dummyHashes.set(key, (h = hash(ctx, crypto.randomUUID())));
  return h;
}

/** Signs a pair; the same inputs (user, session, jti, issue time) give the same tokens, byte for byte. */
async function issuePair(
  ctx: AuthCtx,
  user: PublicUser,
  sid: string,
  refreshJti: string,
  issuedAt = ctx.now,
): Promise<TokenPair> {
  const access = await ctx.tokens.sign("access", { userId: user.id, sid }, issuedAt);
  const refresh = await ctx.tokens.sign("refresh", { userId: user.id, sid, jti: refreshJti }, issuedAt);
  return {
    access_token: access.token,
    refresh_token: refresh.token,
    token_type: "Bearer",
    expires_in: ACCESS_TTL_S,
    user,
  };
}

/** A new session; `method` is how the person signed in (GET /sessions shows it). */
export async function newSession(
  ctx: AuthCtx,
  user: PublicUser,
  device: string | null,
  method: SignInMethod = "password",
): Promise<TokenPair> {
  const sid = crypto.randomUUID();
  const jti = crypto.randomUUID();
  await ctx.store.run(
    ctx.repo.createSession({
      id: sid,
      userId: user.id,
      device: device ?? deviceLabel(ctx.userAgent),
      method,
      refreshJti: jti,
      now: iso(ctx.now),
      expiresAt: iso(new Date(ctx.now.getTime() + REFRESH_TTL_S * 1000)),
    }),
  );
  return issuePair(ctx, user, sid, jti);
}

/**
 * POST /register: creates the account and its first session. The first account is the admin; after
 * it, the registration mode decides (open; invite: a live `invite_code`, spent here; closed: 403).
 */
export async function register({ ctx, input }: { ctx: AuthCtx; input: Record<string, unknown> }): Promise<TokenPair> {
  const v = validateAll({
    email: checkEmail(input.email),
    password: checkPassword(input.password),
    name: checkName(input.name),
    timezone: input.timezone === undefined ? ({ ok: true, value: "UTC" } as const) : checkTimezone(input.timezone),
    device: checkDevice(input.device),
    region: input.region === undefined ? ({ ok: true, value: "US" } as const) : checkRegion(input.region),
  });
  const r = ctx.registration;
  const hasUsers = await ctx.store.run(r.hasUsers());
  const mode = hasUsers ? await ctx.store.run(r.mode()) : "open";
  if (mode === "closed")
    throw new AppError("forbidden", "registration is closed on this server; ask its admin for an account");
  if (mode === "invite" && (typeof input.invite_code !== "string" || input.invite_code.trim() === "")) {
    throw invalid("invite_code", "is required: this server registers people by invitation; ask its admin for a code");
  }
  if (mode === "open" && hasUsers) {
    // counted before the password hash runs, so parallel registrations cannot all pass the check
    const wait = ctx.registrations.take(rateKey(ctx.address), ctx.now.getTime());
    if (wait > 0) {
      throw new AppError(
        "rate_limited",
        `too many accounts were registered from this address; try again in ${wait} seconds`,
        undefined,
        { "retry-after": String(wait) },
      );
    }
  }
  const badInvite = () => invalid("invite_code", "is not a live invite code (unknown, already used or expired)");
  if (mode === "invite") {
    // the code first: without one, nobody learns which emails have accounts here
    reserve(ctx, ctx.inviteThrottle, v.email, "too many wrong invite codes");
    if (!(await ctx.store.run(ctx.codes.isLive("invite", input.invite_code as string, ctx.now)))) throw badInvite();
  }
  if (await ctx.store.run(ctx.repo.userByEmail(v.email)))
    throw new AppError("email_taken", "an account with this email already exists");
  const passwordHash = await hash(ctx, v.password);
  let row;
  try {
    const { codes, repo } = ctx;
    row = await ctx.store.run(
      tx(function* () {
        const invite =
          mode === "invite" ? yield* codes.spend("invite", input.invite_code as string, ctx.now, null) : null;
        if (mode === "invite" && !invite) throw badInvite(); // spent by a racing registration since the check
        yield* serialize(FIRST_ACCOUNT_LOCK);
        // the first account becomes the admin, decided inside the INSERT (AuthRepo.createUser)
        const created = yield* repo.createUser({ ...v, passwordHash, now: iso(ctx.now) });
        if (invite) yield* codes.setUsedBy(invite.id, created.id);
        return created;
      }),
    );
  } catch (e) {
    // Two registrations raced past the check above; the unique index decides.
    if (isUniqueViolation(e)) throw new AppError("email_taken", "an account with this email already exists");
    throw e;
  }
  if (mode === "invite") ctx.inviteThrottle.succeed(v.email, ctx.address);
  return newSession(ctx, toPublicUser(row), v.device);
}

/** Counts an attempt before it is checked (throttle.ts); 429 when over a limit. */
export function reserve(
  ctx: Pick<AuthCtx, "address" | "now">,
  throttle: LoginThrottle,
  email: string,
  what: string,
): void {
  const wait = throttle.reserve(email, ctx.address, ctx.now.getTime());
  if (wait > 0) {
    throw new AppError("rate_limited", `${what}; try again in ${wait} seconds`, undefined, {
      "retry-after": String(wait),
    });
  }
}

export function reserveAttempt(ctx: AuthCtx, email: string): void {
  reserve(ctx, ctx.throttle, email, "too many wrong passwords");
}

/**
 * POST /login. Unknown email and wrong password fail alike, in similar time. An account with a second
 * factor gets a challenge instead of tokens (two-factor.ts finishes it), and its password attempt
 * stays counted until the code is right: signing in again must not reset the guesses at the code.
 */
export async function login({
  ctx,
  input,
}: {
  ctx: AuthCtx;
  input: Record<string, unknown>;
}): Promise<TokenPair | typeof TwoFactorChallenge.static> {
  const email = checkEmail(input.email);
  if (!email.ok) throw invalid("email", email.message);
  if (typeof input.password !== "string" || input.password.length === 0) throw invalid("password", "is required");
  if ([...input.password].length > 1024) throw invalid("password", "is too long");
  reserveAttempt(ctx, email.value);
  const user = await ctx.store.run(ctx.repo.userByEmail(email.value));
  const ok = await Bun.password.verify(input.password, user?.passwordHash ?? (await dummyHash(ctx)));
  if (!user || !ok) throw unauthorized("invalid_credentials", "email or password is wrong");
  const factor = await ctx.store.run(ctx.totp.factor(user.id));
  if (!factor?.confirmedAt) ctx.throttle.succeed(email.value, ctx.address);
  if (user.disabledAt) throw new AppError("forbidden", "this account is disabled; ask the server's admin");
  const device = checkDevice(input.device);
  if (!device.ok) throw invalid("device", device.message);
  if (factor?.confirmedAt) {
    const challenge = await ctx.tokens.sign("challenge", { userId: user.id, sid: crypto.randomUUID() }, ctx.now);
    return { two_factor_required: true, challenge_token: challenge.token, expires_in: CHALLENGE_TTL_S };
  }
  return newSession(ctx, toPublicUser(user), device.value);
}

/** How long a spent refresh token still gets the pair it was exchanged for (a retry after a lost answer). */
export const REFRESH_GRACE_MS = 30_000;

/**
 * POST /refresh: rotation. The presented token is spent; presenting a spent one means it was
 * copied, so the whole session is revoked (reuse detection). Except within REFRESH_GRACE_MS of its
 * rotation: offline-first phones retry a refresh whose answer was lost, and get the same successor
 * pair again (re-signed from the stored jti and rotation time, so nothing secret is stored).
 */
export async function refresh({ ctx, input }: { ctx: AuthCtx; input: { refresh_token: string } }): Promise<TokenPair> {
  const claims = await ctx.tokens.verify(input.refresh_token, "refresh", ctx.now, "invalid_refresh_token");
  const session = await ctx.store.run(ctx.repo.session(claims.sid));
  if (!session || String(session.userId) !== claims.sub)
    throw unauthorized("invalid_refresh_token", "the refresh token is not valid");
  if (session.revokedAt) throw unauthorized("invalid_refresh_token", "this session has ended; sign in again");
  const next = crypto.randomUUID();
  const expiresAt = iso(new Date(ctx.now.getTime() + REFRESH_TTL_S * 1000));
  const user = toPublicUser((await ctx.store.run(ctx.repo.userById(session.userId)))!);
  // a retry of a refresh already answered, within the grace: the same successor again
  const again = (s: typeof session) => {
    if (s.revokedAt || s.refreshJti === claims.jti || s.previousJti !== claims.jti || !s.rotatedAt) return null;
    const rotatedAt = new Date(s.rotatedAt);
    const age = ctx.now.getTime() - rotatedAt.getTime(); // may be a little negative: a parallel request rotated after this one began
    return Math.abs(age) <= REFRESH_GRACE_MS ? issuePair(ctx, user, s.id, s.refreshJti, rotatedAt) : null;
  };
  const retried = again(session);
  if (retried) return retried;
  if (
    session.refreshJti === claims.jti &&
    (await ctx.store.run(ctx.repo.rotate(session.id, claims.jti!, next, iso(ctx.now), expiresAt)))
  )
    return issuePair(ctx, user, session.id, next);
  // Not rotated. Either a parallel request with this token rotated it since it was read (PostgreSQL runs
  // them side by side): a retry, answered as above; or the token was spent long ago: reuse.
  const now = await ctx.store.run(ctx.repo.session(session.id));
  const raced = now && again(now);
  if (raced) return raced;
  await ctx.store.run(ctx.repo.revoke(session.id, "refresh_token_reused", iso(ctx.now)));
  throw unauthorized(
    "refresh_token_reused",
    "this refresh token was already used; the session has been ended, sign in again",
  );
}

/** POST /logout: ends the refresh token's session; its access tokens stop working at once. */
export async function logout({ ctx, input }: { ctx: AuthCtx; input: { refresh_token: string } }): Promise<void> {
  const claims = await ctx.tokens.verify(input.refresh_token, "refresh", ctx.now, "invalid_refresh_token", true);
  const session = await ctx.store.run(ctx.repo.session(claims.sid));
  if (!session || String(session.userId) !== claims.sub)
    throw unauthorized("invalid_refresh_token", "the refresh token is not valid");
  await ctx.store.run(ctx.repo.revoke(session.id, "logout", iso(ctx.now)));
}
