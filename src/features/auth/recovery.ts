/** Sessions a person can see and end, and redeeming an admin's password-reset code. */
import { inTx } from "../../db/tx";
import { AppError, invalid } from "../../lib/errors";
import type { AuthedUser } from "./plugin";
import type { SessionRow } from "./repo";
import { reserveAttempt, type AuthCtx } from "./service";
import { checkEmail, checkPassword, validateAll } from "./validate";

export function listSessions(ctx: AuthCtx, user: AuthedUser): (SessionRow & { current: boolean })[] {
  return ctx.repo.liveSessionsOf(user.id, ctx.now.toISOString()).map((s) => ({ ...s, current: s.id === user.sid }));
}

/** DELETE /sessions/:id: another user's session, or one already ended, is 404. */
export function endSession(ctx: AuthCtx, user: AuthedUser, sid: string): void {
  if (!ctx.repo.revoke(sid, "ended_by_user", ctx.now.toISOString(), user.id))
    throw new AppError("not_found", `you have no live session ${sid}`);
}

/** DELETE /sessions: "sign out everywhere" but here. */
export function endOtherSessions(ctx: AuthCtx, user: AuthedUser): number {
  return ctx.repo.revokeOthers(user.id, user.sid, "signed_out_everywhere", ctx.now.toISOString());
}

/** POST /password-reset: a live reset code for this email's account sets the password and ends every session. */
export async function resetPassword({ ctx, input }: { ctx: AuthCtx; input: Record<string, unknown> }): Promise<void> {
  const v = validateAll({ email: checkEmail(input.email), password: checkPassword(input.password) });
  if (typeof input.code !== "string" || input.code.trim() === "")
    throw invalid("code", "is required: the reset code the admin gave you");
  reserveAttempt(ctx, v.email);
  const user = ctx.repo.userByEmail(v.email);
  const hash = await Bun.password.hash(v.password, { algorithm: "argon2id", ...ctx.passwordCost });
  const now = ctx.now.toISOString();
  const done = inTx(ctx.db, () => {
    if (!user || !ctx.codes.spend("reset", input.code as string, ctx.now, user.id, user.id)) return false;
    ctx.repo.resetPassword(user.id, hash, now, "password_reset");
    return true;
  });
  if (!done)
    throw invalid(
      "code",
      "is not a live reset code for this email (unknown, already used or expired); ask the admin for a new one",
    );
  ctx.throttle.succeed(v.email, ctx.address);
}
