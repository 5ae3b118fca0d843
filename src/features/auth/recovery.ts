/** Redeeming an admin's password-reset code (the signed-in caller's sessions: credentials.ts). */
import { tx } from "../../db/q";
import { invalid } from "../../lib/errors";
import { reserveAttempt, type AuthCtx } from "./service";
import { checkEmail, checkPassword, validateAll } from "./validate";

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
