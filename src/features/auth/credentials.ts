/**
 * The signed-in caller's sessions and personal access tokens (GET and DELETE /sessions, /tokens). Each
 * takes the request's one context (src/context.ts): the caller and its session from the auth macro, and
 * the request's `now`, taken once with its credential check.
 */
import type { Ctx } from "../../context";
import type { Awaitable } from "../../db/store";
import { AppError } from "../../lib/errors";
import type { AccessTokenView } from "./access-tokens";
import type { SessionRow } from "./repo";

/** GET /sessions: the caller's live sessions, the current one marked. */
export async function listSessions(ctx: Ctx): Promise<(SessionRow & { current: boolean })[]> {
  const live = await ctx.store.run(ctx.deps.auth.repo.liveSessionsOf(ctx.userId, ctx.now.toISOString()));
  return live.map((s) => ({ ...s, current: s.id === ctx.user.sid }));
}

/** DELETE /sessions/:id: another user's session, or one already ended, is 404. */
export async function endSession(ctx: Ctx, sid: string): Promise<void> {
  if (!(await ctx.store.run(ctx.deps.auth.repo.revoke(sid, "ended_by_user", ctx.now.toISOString(), ctx.userId))))
    throw new AppError("not_found", `you have no live session ${sid}`);
}

/** DELETE /sessions: "sign out everywhere" but here. */
export function endOtherSessions(ctx: Ctx): Awaitable<number> {
  const { repo } = ctx.deps.auth;
  return ctx.store.run(repo.revokeOthers(ctx.userId, ctx.user.sid, "signed_out_everywhere", ctx.now.toISOString()));
}

/** POST /tokens: a new personal access token; its secret is in this answer only. */
export function createToken(ctx: Ctx, input: Record<string, unknown>): Awaitable<AccessTokenView & { token: string }> {
  return ctx.store.run(ctx.deps.auth.accessTokens.create(ctx.userId, input, ctx.now));
}

/** GET /tokens: the caller's live tokens, newest first. */
export function listTokens(ctx: Ctx): Awaitable<AccessTokenView[]> {
  return ctx.store.run(ctx.deps.auth.accessTokens.list(ctx.userId));
}

/** DELETE /tokens/:id: another user's token is not found, as is an unknown one. */
export function revokeToken(ctx: Ctx, id: number): Awaitable<void> {
  return ctx.store.run(ctx.deps.auth.accessTokens.revoke(ctx.userId, id, ctx.now));
}
