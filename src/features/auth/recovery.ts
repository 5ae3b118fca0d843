/** Sessions a person can see and end, and redeeming an admin's password-reset code. */
import { tx } from "../../db/q";
import { AppError, invalid } from "../../lib/errors";
import type { AuthedUser } from "../../context";
import type { SessionRow } from "./repo";
import { reserveAttempt, type AuthCtx } from "./service";
import { checkEmail, checkPassword, validateAll } from "./validate";

export async function listSessions(ctx: AuthCtx, user: AuthedUser): Promise<(SessionRow & { current: boolean })[]> {
  const live = await ctx.store.run(ctx.repo.liveSessionsOf(user.id, ctx.now.toISOString()));
  return live.map((s) => ({ ...s, current: s.id === user.sid }));
}

/** DELETE /sessions/:id: another user's session, or one already ended, is 404. */
export async function endSession(ctx: AuthCtx, user: AuthedUser, sid: string): Promise<void> {
  if (!(await ctx.store.run(ctx.repo.revoke(sid, "ended_by_user", ctx.now.toISOString(), user.id))))
    throw new AppError("not_found", `you have no live session ${sid}`);
}

/** DELETE /sessions: "sign out everywhere" but here. */
export function endOtherSessions(ctx: AuthCtx, user: AuthedUser): Promise<number> | number {
  return ctx.store.run(ctx.repo.revokeOthers(user.id, user.sid, "signed_out_everywhere", ctx.now.toISOString()));
}

/** POST /password-reset: a live reset code for this email's account sets the password and ends every session. */
export async function resetPassword({ ctx, input }: { ctx: AuthCtx; input: Record<string, unknown> }): Promise<void> {
  const v = validateAll({ email: checkEmail(input.email), password: checkPassword(input.password) });
  if (typeof input.code !== "string" || input.code.trim() === "")
    throw invalid("code", "is required: the reset code the admin gave you");
  reserveAttempt(ctx, v.email);
  const user = await ctx.store.run(ctx.repo.userByEmail(v.email));
  const hash = await Bun.password.hash(v.password, { algorithm: "argon2id", ...ctx.passwordCost });
  const now = ctx.now.toISOString();
  const { codes, repo } = ctx;
  const done = await ctx.store.run(
    tx(function* () {
      if (!user || !(yield* codes.spend("reset", input.code as string, ctx.now, user.id, user.id))) return false;
      yield* repo.resetPassword(user.id, hash, now, "password_reset");
      return true;
    }),
  );
  if (!done)
    throw invalid(
      "code",
      "is not a live reset code for this email (unknown, already used or expired); ask the admin for a new one",
    );
  ctx.throttle.succeed(v.email, ctx.address);
}
