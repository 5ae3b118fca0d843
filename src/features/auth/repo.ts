/** Account and session queries. The per-request session check is one primary-key join. */
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { changes, inTx } from "../../db/tx";
import { sessions, users } from "../../db/schema";
import { OnceAMinute } from "../../lib/once-a-minute";

export type Role = "admin" | "user";

export interface UserRow {
  id: number;
  email: string;
  name: string;
  timezone: string;
  role: Role;
  /** "kg" or "lb". */
  weightUnit: string;
}

export interface PublicUser {
  id: number;
  email: string;
  name: string;
  timezone: string;
  role: Role;
  weight_unit: "kg" | "lb";
}

export function toPublicUser(u: UserRow | (Omit<UserRow, "role"> & { role: string })): PublicUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    timezone: u.timezone,
    role: u.role === "admin" ? "admin" : "user",
    weight_unit: u.weightUnit === "lb" ? "lb" : "kg",
  };
}

export interface SessionRow {
  id: string;
  device: string | null;
  created_at: string;
  last_used_at: string;
}

export class AuthRepo {
  private readonly activeSession;
  private readonly liveSessions;
  private readonly sessionCount;
  private readonly usersCount;
  constructor(readonly db: Db) {
    this.sessionCount = db.$client.prepare<{ n: number }, [string]>(
      "SELECT count(*) AS n FROM sessions WHERE revoked_at IS NULL AND expires_at > ?",
    );
    this.usersCount = db.$client.prepare<{ n: number }, []>("SELECT count(*) AS n FROM users");
    // a disabled account's sessions are revoked when it is disabled; the join refuses them anyway
    this.activeSession = db.$client.prepare<UserRow & { user_id: number; graceSince: string | null }, [string]>(
      `SELECT u.id, u.email, u.name, u.timezone, u.role, u.weight_unit AS weightUnit, s.user_id,
              CASE WHEN s.previous_jti IS NOT NULL THEN s.rotated_at END AS graceSince
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = ? AND s.revoked_at IS NULL AND u.disabled_at IS NULL`,
    );
    this.liveSessions = db.$client.prepare<SessionRow, [number, string]>(
      `SELECT id, device, created_at, last_used_at FROM sessions
       WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY last_used_at DESC, created_at DESC, id`,
    );
  }

  /**
   * The user behind a live session, or null when it was revoked, the user disabled or deleted. The
   * auth macro keeps its answer by access token until the database changes (auth/plugin.ts).
   */
  userForSession(sid: string): (UserRow & { graceSince: string | null }) | null {
    return this.activeSession.get(sid) ?? null;
  }

  /**
   * Ends the retry grace of the session's spent refresh token (service.ts, REFRESH_GRACE_MS): its
   * successor's access token has been used, so the client got its answer, and the spent token coming
   * back now is a copy.
   */
  endGrace(sid: string, rotatedAt: string): void {
    this.db.$client
      .prepare("UPDATE sessions SET previous_jti = NULL WHERE id = ? AND rotated_at = ?")
      .run(sid, rotatedAt);
  }

  userByEmail(email: string) {
    return this.db.select().from(users).where(eq(users.email, email)).get() ?? null;
  }

  userById(id: number) {
    return this.db.select().from(users).where(eq(users.id, id)).get() ?? null;
  }

  session(sid: string) {
    return this.db.select().from(sessions).where(eq(sessions.id, sid)).get() ?? null;
  }

  /** The user's sessions that can still be refreshed, most recently used first. */
  liveSessionsOf(userId: number, now: string): SessionRow[] {
    return this.liveSessions.all(userId, now);
  }

  createSession(s: {
    id: string;
    userId: number;
    refreshJti: string;
    now: string;
    expiresAt: string;
    device: string | null;
  }): void {
    this.db
      .insert(sessions)
      .values({
        id: s.id,
        userId: s.userId,
        refreshJti: s.refreshJti,
        createdAt: s.now,
        lastUsedAt: s.now,
        expiresAt: s.expiresAt,
        device: s.device,
      })
      .run();
  }

  /** Swaps the session's refresh token only if `fromJti` is still current: concurrent reuse loses. */
  rotate(sid: string, fromJti: string, toJti: string, now: string, expiresAt: string): boolean {
    const r = this.db.$client
      .prepare(
        "UPDATE sessions SET refresh_jti = ?, previous_jti = refresh_jti, rotated_at = ?, last_used_at = ?, expires_at = ? WHERE id = ? AND refresh_jti = ? AND revoked_at IS NULL",
      )
      .run(toJti, now, now, expiresAt, sid, fromJti);
    return r.changes === 1;
  }

  /** Ends one session; false when it was not a live session of this user. */
  revoke(sid: string, reason: string, now: string, userId?: number): boolean {
    const r = this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(sessions.id, sid),
          isNull(sessions.revokedAt),
          userId === undefined ? undefined : eq(sessions.userId, userId),
        ),
      )
      .run();
    return changes(r) === 1;
  }

  revokeOthers(userId: number, keepSid: string | null, reason: string, now: string): number {
    const r = this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          keepSid === null ? undefined : ne(sessions.id, keepSid),
          isNull(sessions.revokedAt),
        ),
      )
      .run();
    return changes(r);
  }

  /** For /metrics: sessions that can still be refreshed. */
  liveSessionCount(now: string): number {
    return this.sessionCount.get(now)!.n;
  }

  /** For /metrics: accounts. */
  userCount(): number {
    return this.usersCount.get()!.n;
  }

  /** Every account, for the admin: who, never what they logged. */
  allUsers() {
    return this.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        createdAt: users.createdAt,
        lastSeenAt: users.lastSeenAt,
        disabledAt: users.disabledAt,
      })
      .from(users)
      .orderBy(users.id)
      .all();
  }

  /** Disables (ending every session) or enables an account. */
  setDisabled(userId: number, disabled: boolean, now: string): void {
    this.db
      .update(users)
      .set({ disabledAt: disabled ? now : null, updatedAt: now })
      .where(eq(users.id, userId))
      .run();
    if (disabled) this.revokeOthers(userId, null, "account_disabled", now);
  }

  setRole(userId: number, role: Role, now: string): void {
    this.db.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId)).run();
  }

  /** A new password hash, and every session of the account ended (a reset, by code or at the shell). */
  resetPassword(userId: number, passwordHash: string, now: string, reason: string): void {
    inTx(this.db, () => {
      this.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId)).run();
      this.revokeOthers(userId, null, reason, now);
    });
  }

  /** The account and everything it owns (every table references users(id) ON DELETE CASCADE). */
  deleteUser(userId: number): void {
    this.db.delete(users).where(eq(users.id, userId)).run();
  }

  /** Records use, at most once a minute per session and per user (not a write per request). */
  touch(userId: number, sid: string | null, now: Date): void {
    if (sid !== null && this.touchedSessions.due(sid, now)) {
      const iso = now.toISOString();
      this.db.$client
        .prepare("UPDATE sessions SET last_used_at = ? WHERE id = ? AND last_used_at < ?")
        .run(iso, sid, iso);
    }
    if (this.touchedUsers.due(userId, now))
      this.db.$client.prepare("UPDATE users SET last_seen_at = ? WHERE id = ?").run(now.toISOString(), userId);
  }
  private readonly touchedSessions = new OnceAMinute<string>();
  private readonly touchedUsers = new OnceAMinute<number>();
}
