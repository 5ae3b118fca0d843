/**
 * The admin's work: accounts (list, disable, role, reset code, delete), invites and the
 * registration mode. Through the auth feature's repositories; the only other thing read is each
 * account's meal count, which the meal log answers (admin/ctx.deps.ts).
 */
import type { Ctx } from "../../context";
import { tx, type Q } from "../../db/q";
import { AppError, invalid } from "../../lib/errors";
import { validateAll } from "../auth/validate";
import type { Role } from "../auth/repo";
import type { RegistrationMode } from "../auth/registration";

export const RESET_TTL_MS = 24 * 3600_000;
const DEFAULT_INVITE_HOURS = 168;
const MAX_INVITE_HOURS = 720;

export function* listUsers(ctx: Ctx) {
  const counts = yield* ctx.deps.mealCounts();
  const all = yield* ctx.deps.auth.repo.allUsers();
  return all.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role === "admin" ? ("admin" as const) : ("user" as const),
    created_at: u.createdAt,
    last_seen_at: u.lastSeenAt,
    disabled: u.disabledAt !== null,
    meal_count: counts.get(u.id) ?? 0,
  }));
}

function* target(ctx: Ctx, id: number, what: string) {
  const user = yield* ctx.deps.auth.repo.userById(id);
  if (!user) throw new AppError("not_found", `there is no account ${id}`);
  if (id === ctx.userId && what)
    throw invalid(
      "id",
      `is your own account: you cannot ${what} it here (another admin, or "morsel user promote", can)`,
    );
  return user;
}

export function* updateUser(ctx: Ctx, id: number, input: { disabled?: boolean; role?: Role }) {
  const own = input.disabled === true || input.role === "user" ? "disable or demote" : "";
  yield* target(ctx, id, own);
  const now = ctx.now;
  const { repo, accessTokens } = ctx.deps.auth;
  yield* tx(function* () {
    if (input.disabled !== undefined) {
      yield* repo.setDisabled(id, input.disabled, now.toISOString());
      if (input.disabled) yield* accessTokens.revokeAll(id, now);
    }
    if (input.role !== undefined) yield* repo.setRole(id, input.role, now.toISOString());
  });
  return (yield* listUsers(ctx)).find((u) => u.id === id)!;
}

export function* deleteUser(ctx: Ctx, id: number): Q<void> {
  yield* target(ctx, id, "delete");
  yield* tx(() => ctx.deps.auth.repo.deleteUser(id));
}

export function* issueReset(ctx: Ctx, id: number) {
  yield* target(ctx, id, "");
  const now = ctx.now;
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
  const { code } = yield* ctx.deps.auth.codes.create("reset", { createdBy: ctx.userId, userId: id, now, expiresAt });
  return { code, expires_at: expiresAt.toISOString() };
}

export function* createInvite(ctx: Ctx, input: { expires_in_hours?: number; note?: string | null }) {
  const hours = input.expires_in_hours ?? DEFAULT_INVITE_HOURS;
  const note = input.note?.trim() || null;
  validateAll({
    expires_in_hours:
      Number.isInteger(hours) && hours >= 1 && hours <= MAX_INVITE_HOURS
        ? { ok: true, value: hours }
        : { ok: false, message: `must be a whole number from 1 to ${MAX_INVITE_HOURS}` },
    note:
      note === null || [...note].length <= 100
        ? { ok: true, value: note }
        : { ok: false, message: "must be at most 100 characters" },
  });
  const now = ctx.now;
  const { code, row } = yield* ctx.deps.auth.codes.create("invite", {
    createdBy: ctx.userId,
    note,
    now,
    expiresAt: new Date(now.getTime() + hours * 3600_000),
  });
  return { ...row, code };
}

export function* deleteInvite(ctx: Ctx, id: number): Q<void> {
  if (!(yield* ctx.deps.auth.codes.deleteInvite(id))) throw new AppError("not_found", `there is no invite ${id}`);
}

export function* settings(ctx: Ctx) {
  return {
    registration: yield* ctx.deps.auth.registration.mode(),
    online_lookup: yield* ctx.deps.onlineLookup.enabled(),
    online_lookup_answered: yield* ctx.deps.onlineLookup.answered(),
  };
}

export function* updateSettings(ctx: Ctx, input: { registration?: RegistrationMode; online_lookup?: boolean }) {
  const { registration } = ctx.deps.auth;
  const { onlineLookup } = ctx.deps;
  yield* tx(function* () {
    if (input.registration !== undefined) yield* registration.setMode(input.registration, ctx.now);
    if (input.online_lookup !== undefined) yield* onlineLookup.set(input.online_lookup, ctx.now);
  });
  return yield* settings(ctx);
}
