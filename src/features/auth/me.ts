/** The signed-in person's own account: PATCH /me and DELETE /me (API.md §Accounts). */
import { isUniqueViolation, tx } from "../../db/q";
import type { users } from "../../db/schema";
import { AppError, invalid } from "../../lib/errors";
import { toPublicUser, type PublicUser } from "./repo";
import type { Ctx } from "../../context";
import { authCtx } from "./pre-sign-in";
import { type AuthCtx, hash, reserveAttempt } from "./service";
import {
  checkEmail,
  checkName,
  checkPassword,
  checkRegion,
  checkTimezone,
  checkWeightUnit,
  validateAll,
} from "./validate";

const iso = (d: Date) => d.toISOString();

/** The account's password, checked and throttled like a login (a stolen access token must not guess). */
async function requirePassword(ctx: AuthCtx, userId: number, field: string, password: unknown): Promise<void> {
  if (typeof password !== "string" || password.length === 0) throw invalid(field, "is required");
  const user = (await ctx.store.run(ctx.repo.userById(userId)))!;
  reserveAttempt(ctx, user.email);
  if (!(await Bun.password.verify(password, user.passwordHash))) {
    // 400, not 401: the caller's token is fine, a client must not drop its session over this.
    throw invalid(field, "does not match the account's password");
  }
  ctx.throttle.succeed(user.email, ctx.address);
}

/** The password checks' context for the signed-in request `request`: its `now`, and the client's `address`. */
const passwordCtx = (request: Ctx, address: string): AuthCtx => authCtx(request.deps, address, undefined, request.now);

/**
 * PATCH /me: name, timezone, weight unit, email and password. Email and password are the sign-in, so both need
 * current_password and a signed-in session (a leaked personal access token must not take the account); a
 * password change ends every other session. `address` (the client's) counts wrong passwords as a login does.
 */
export async function updateMe({
  ctx: request,
  address,
  input,
}: {
  ctx: Ctx;
  address: string;
  input: Record<string, unknown>;
}): Promise<PublicUser> {
  const { id: userId, sid } = request.user;
  const ctx = passwordCtx(request, address);
  if (input.password !== undefined && sid === null)
    throw new AppError("forbidden", "a personal access token cannot change the password; sign in to change it");
  if (input.email !== undefined && sid === null)
    throw new AppError("forbidden", "a personal access token cannot change the email; sign in to change it");
  const checks: Record<string, ReturnType<typeof checkName>> = {};
  if (input.name !== undefined) checks.name = checkName(input.name);
  if (input.timezone !== undefined) checks.timezone = checkTimezone(input.timezone);
  if (input.weight_unit !== undefined) checks.weight_unit = checkWeightUnit(input.weight_unit);
  if (input.region !== undefined) checks.region = checkRegion(input.region);
  if (input.email !== undefined) checks.email = checkEmail(input.email);
  if (input.password !== undefined) checks.password = checkPassword(input.password);
  const v = validateAll(checks) as {
    name?: string;
    timezone?: string;
    weight_unit?: string;
    region?: string;
    email?: string;
    password?: string;
  };
  const set: Partial<typeof users.$inferInsert> = { updatedAt: iso(ctx.now) };
  if (v.name !== undefined) set.name = v.name;
  if (v.timezone !== undefined) set.timezone = v.timezone;
  if (v.weight_unit !== undefined) set.weightUnit = v.weight_unit;
  if (v.region !== undefined) set.region = v.region;
  if (v.password !== undefined || v.email !== undefined)
    await requirePassword(ctx, userId, "current_password", input.current_password);
  if (v.password !== undefined) set.passwordHash = await hash(ctx, v.password);
  const { repo } = ctx;
  if (v.email !== undefined) {
    const holder = await ctx.store.run(repo.userByEmail(v.email));
    if (holder && holder.id !== userId) throw new AppError("email_taken", "an account with this email already exists");
    set.email = v.email;
  }
  try {
    await ctx.store.run(
      tx(function* () {
        yield* repo.updateUser(userId, set);
        if (v.password !== undefined) yield* repo.revokeOthers(userId, sid, "password_changed", iso(ctx.now));
      }),
    );
  } catch (e) {
    // another account took the email since the check; the unique index decides
    if (isUniqueViolation(e)) throw new AppError("email_taken", "an account with this email already exists");
    throw e;
  }
  return toPublicUser((await ctx.store.run(repo.userById(userId)))!);
}

/** DELETE /me: the account and everything it owns, in one transaction (`address`: as PATCH /me). */
export async function deleteMe({
  ctx: request,
  address,
  input,
}: {
  ctx: Ctx;
  address: string;
  input: Record<string, unknown>;
}): Promise<void> {
  const userId = request.userId;
  const ctx = passwordCtx(request, address);
  await requirePassword(ctx, userId, "password", input.password);
  // One statement in one transaction: every table a user owns references users(id) ON DELETE CASCADE.
  await ctx.store.run(tx(() => ctx.repo.deleteUser(userId)));
}
