/** Account and session queries. The per-request session check is one primary-key join. */
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";

export interface UserRow {
  id: number;
  email: string;
  name: string;
  timezone: string;
}

export interface PublicUser {
  id: number;
  email: string;
  name: string;
  timezone: string;
}

export function toPublicUser(u: UserRow): PublicUser {
  return { id: u.id, email: u.email, name: u.name, timezone: u.timezone };
}

export class AuthRepo {
  private readonly activeSession;
  constructor(readonly db: Db) {
    this.activeSession = db.$client.prepare<UserRow & { user_id: number }, [string]>(
      `SELECT u.id, u.email, u.name, u.timezone, s.user_id
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = ? AND s.revoked_at IS NULL`,
    );
  }

  /** The user behind a live session, or null when it was revoked or the user deleted. */
  userForSession(sid: string): UserRow | null {
    return this.activeSession.get(sid) ?? null;
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

  createSession(s: { id: string; userId: number; refreshJti: string; now: string; expiresAt: string }): void {
    this.db
      .insert(sessions)
      .values({ id: s.id, userId: s.userId, refreshJti: s.refreshJti, createdAt: s.now, lastUsedAt: s.now, expiresAt: s.expiresAt })
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

  revoke(sid: string, reason: string, now: string): void {
    this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)))
      .run();
  }

  revokeOthers(userId: number, keepSid: string, reason: string, now: string): void {
    this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSid), isNull(sessions.revokedAt)))
      .run();
  }
}
