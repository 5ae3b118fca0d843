/** Account and session queries. The per-request session check is one primary-key join. */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { all, exec, one, row, rows, run, tx, type Q } from "../../db/q";
import { OnceAMinute } from "../../lib/once-a-minute";

import type { users } from "../../db/schema";
import type { Role, UserRow } from "../../context";
import type { User } from "./model";
import type { Session } from "./credential-model";

export type { Role, UserRow };

/** The User schema's shape (model.ts): what GET /me and a token pair show of an account. */
export type PublicUser = typeof User.static;

export function toPublicUser(u: UserRow | (Omit<UserRow, "role"> & { role: string })): PublicUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    timezone: u.timezone,
    role: u.role === "admin" ? "admin" : "user",
    weight_unit: u.weightUnit === "lb" || u.weightUnit === "st" ? u.weightUnit : "kg",
    region: u.region ?? "US",
  };
}

/** Sets the account's region (PATCH /me does it with the rest; an import of an export alone). */
export function* setRegion(userId: number, region: string): Q<void> {
  yield* exec((db, t) => db.update(t.users).set({ region }).where(eq(t.users.id, userId)));
}

/**
 * How a session signed in: password alone; password then a TOTP or a recovery code; a passkey (alone, or
 * after the password in place of a code); a trusted proxy's header; an OpenID Provider.
 */
export type SignInMethod = "password" | "totp" | "recovery_code" | "passkey" | "header" | "oidc";

/** A live session as GET /sessions lists it (credential-model.ts `Session`), before `current` is known. */
export type SessionRow = Omit<typeof Session.static, "current">;

export class AuthRepo {
  /**
   * The user behind a live session, or null when it was revoked, the user disabled or deleted. The
   * auth macro keeps its answer by access token until the database changes (auth/authenticator.ts).
   * A disabled account's sessions are revoked when it is disabled; the join refuses them anyway.
   */
  *userForSession(sid: string): Q<(UserRow & { graceSince: string | null }) | null> {
    return yield* row(
      `SELECT u.id, u.email, u.name, u.timezone, u.role, u.weight_unit AS "weightUnit", u.region,
              CASE WHEN s.previous_jti IS NOT NULL THEN s.rotated_at END AS "graceSince"
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = ? AND s.revoked_at IS NULL AND u.disabled_at IS NULL`,
      sid,
    );
  }

  /**
   * Ends the retry grace of the session's spent refresh token (service.ts, REFRESH_GRACE_MS): its
   * successor's access token has been used, so the client got its answer, and the spent token coming
   * back now is a copy.
   */
  *endGrace(sid: string, rotatedAt: string): Q<void> {
    yield* run("UPDATE sessions SET previous_jti = NULL WHERE id = ? AND rotated_at = ?", sid, rotatedAt);
  }

  *userByEmail(email: string) {
    return yield* one((db, t) => db.select().from(t.users).where(eq(t.users.email, email)));
  }

  *userById(id: number) {
    return yield* one((db, t) => db.select().from(t.users).where(eq(t.users.id, id)));
  }

  *session(sid: string) {
    return yield* one((db, t) => db.select().from(t.sessions).where(eq(t.sessions.id, sid)));
  }

  /** The user's sessions that can still be refreshed, most recently used first. */
  *liveSessionsOf(userId: number, now: string): Q<SessionRow[]> {
    return yield* rows<SessionRow>(
      `SELECT id, device, method, created_at, last_used_at FROM sessions
       WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY last_used_at DESC, created_at DESC, id`,
      userId,
      now,
    );
  }

  *createSession(s: {
    id: string;
    userId: number;
    refreshJti: string;
    now: string;
    expiresAt: string;
    device: string | null;
    /** default password */
    method?: SignInMethod;
  }): Q<void> {
    yield* exec((db, t) =>
      db.insert(t.sessions).values({
        id: s.id,
        userId: s.userId,
        refreshJti: s.refreshJti,
        createdAt: s.now,
        lastUsedAt: s.now,
        expiresAt: s.expiresAt,
        device: s.device,
        method: s.method ?? "password",
      }),
    );
  }

  /** Swaps the session's refresh token only if `fromJti` is still current: concurrent reuse loses. */
  *rotate(sid: string, fromJti: string, toJti: string, now: string, expiresAt: string): Q<boolean> {
    const n = yield* run(
      "UPDATE sessions SET refresh_jti = ?, previous_jti = refresh_jti, rotated_at = ?, last_used_at = ?, expires_at = ? WHERE id = ? AND refresh_jti = ? AND revoked_at IS NULL",
      toJti,
      now,
      now,
      expiresAt,
      sid,
      fromJti,
    );
    return n === 1;
  }

  /** Ends one session; false when it was not a live session of this user. */
  *revoke(sid: string, reason: string, now: string, userId?: number): Q<boolean> {
    const n = yield* exec((db, t) =>
      db
        .update(t.sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(
          and(
            eq(t.sessions.id, sid),
            isNull(t.sessions.revokedAt),
            userId === undefined ? undefined : eq(t.sessions.userId, userId),
          ),
        ),
    );
    return n === 1;
  }

  *revokeOthers(userId: number, keepSid: string | null, reason: string, now: string): Q<number> {
    return yield* exec((db, t) =>
      db
        .update(t.sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(
          and(
            eq(t.sessions.userId, userId),
            keepSid === null ? undefined : ne(t.sessions.id, keepSid),
            isNull(t.sessions.revokedAt),
          ),
        ),
    );
  }

  /** For /metrics: sessions that can still be refreshed. */
  *liveSessionCount(now: string): Q<number> {
    const r = yield* row<{ n: number }>(
      {
        sqlite: "SELECT count(*) AS n FROM sessions WHERE revoked_at IS NULL AND expires_at > ?",
        pg: "SELECT count(*)::int AS n FROM sessions WHERE revoked_at IS NULL AND expires_at > ?",
      },
      now,
    );
    return r!.n;
  }

  /** For /metrics: accounts. */
  *userCount(): Q<number> {
    return (yield* row<{ n: number }>({
      sqlite: "SELECT count(*) AS n FROM users",
      pg: "SELECT count(*)::int AS n FROM users",
    }))!.n;
  }

  /** Every account, for the admin: who, never what they logged. */
  *allUsers() {
    return yield* all((db, t) =>
      db
        .select({
          id: t.users.id,
          email: t.users.email,
          name: t.users.name,
          role: t.users.role,
          createdAt: t.users.createdAt,
          lastSeenAt: t.users.lastSeenAt,
          disabledAt: t.users.disabledAt,
        })
        .from(t.users)
        .orderBy(t.users.id),
    );
  }

  /**
   * A new account: the first one becomes the admin, decided inside the INSERT, so two first registrations
   * cannot both become admin (with `serialize(FIRST_ACCOUNT_LOCK)` on PostgreSQL). A taken email throws
   * the unique index's violation.
   */
  *createUser(u: {
    email: string;
    passwordHash: string;
    name: string;
    timezone: string;
    region: string;
    now: string;
  }): Q<typeof users.$inferSelect> {
    const created = yield* one((db, t) =>
      db
        .insert(t.users)
        .values({
          email: u.email,
          passwordHash: u.passwordHash,
          name: u.name,
          timezone: u.timezone,
          region: u.region,
          createdAt: u.now,
          updatedAt: u.now,
          role: sql`(CASE WHEN EXISTS (SELECT 1 FROM users) THEN 'user' ELSE 'admin' END)`,
        })
        .returning(),
    );
    return created!;
  }

  /** Changes the account's own fields (PATCH /me); a taken email throws the unique index's violation. */
  *updateUser(userId: number, set: Partial<typeof users.$inferInsert>): Q<void> {
    yield* exec((db, t) => db.update(t.users).set(set).where(eq(t.users.id, userId)));
  }

  /** Whether any account exists (the first one may always register). */
  *hasUsers(): Q<boolean> {
    return (yield* row("SELECT 1 AS one FROM users LIMIT 1")) !== null;
  }

  /** Disables (ending every session) or enables an account. */
  *setDisabled(userId: number, disabled: boolean, now: string): Q<void> {
    yield* exec((db, t) =>
      db
        .update(t.users)
        .set({ disabledAt: disabled ? now : null, updatedAt: now })
        .where(eq(t.users.id, userId)),
    );
    if (disabled) yield* this.revokeOthers(userId, null, "account_disabled", now);
  }

  *setRole(userId: number, role: Role, now: string): Q<void> {
    yield* exec((db, t) => db.update(t.users).set({ role, updatedAt: now }).where(eq(t.users.id, userId)));
  }

  /** A new password hash, and every session of the account ended (a reset, by code or at the shell). */
  *resetPassword(userId: number, passwordHash: string, now: string, reason: string): Q<void> {
    const revoke = () => this.revokeOthers(userId, null, reason, now);
    yield* tx(function* () {
      yield* exec((db, t) => db.update(t.users).set({ passwordHash, updatedAt: now }).where(eq(t.users.id, userId)));
      yield* revoke();
    });
  }

  /** The account and everything it owns (every table references users(id) ON DELETE CASCADE). */
  *deleteUser(userId: number): Q<void> {
    yield* exec((db, t) => db.delete(t.users).where(eq(t.users.id, userId)));
  }

  /**
   * Records use, at most once a minute per session and per user (not a write per request): the work
   * when a record is due, else null, decided without building work (every authenticated request asks).
   */
  touch(userId: number, sid: string | null, now: Date): Q<void> | null {
    const session = sid !== null && this.touchedSessions.due(sid, now) ? sid : null;
    const user = this.touchedUsers.due(userId, now);
    return session !== null || user ? this.recordUse(userId, session, user, now) : null;
  }
  private *recordUse(userId: number, sid: string | null, user: boolean, now: Date): Q<void> {
    const iso = now.toISOString();
    if (sid !== null)
      yield* run("UPDATE sessions SET last_used_at = ? WHERE id = ? AND last_used_at < ?", iso, sid, iso);
    if (user) yield* run("UPDATE users SET last_seen_at = ? WHERE id = ?", iso, userId);
  }
  private readonly touchedSessions = new OnceAMinute<string>();
  private readonly touchedUsers = new OnceAMinute<number>();
}
