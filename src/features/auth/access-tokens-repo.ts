/** Access-token queries (table access_tokens); every change is scoped to the owner. */
import { and, desc, eq, isNull } from "drizzle-orm";
import { all, exec, one, row, type Q } from "../../db/q";
import type { accessTokens } from "../../db/schema";
import type { UserRow } from "../../context";

export type AccessTokenRow = typeof accessTokens.$inferSelect;

export class AccessTokensRepo {
  *insert(t: {
    userId: number;
    name: string;
    tokenHash: string;
    scopes: string;
    createdAt: string;
    expiresAt: string | null;
  }): Q<AccessTokenRow> {
    return (yield* one((db, tb) => db.insert(tb.accessTokens).values(t).returning()))!;
  }

  /** The user's tokens not revoked, newest first. */
  live(userId: number): Q<AccessTokenRow[]> {
    return all((db, t) =>
      db
        .select()
        .from(t.accessTokens)
        .where(and(eq(t.accessTokens.userId, userId), isNull(t.accessTokens.revokedAt)))
        .orderBy(desc(t.accessTokens.id)),
    );
  }

  /** Revokes one live token of the user; how many were (0 or 1). */
  revoke(userId: number, id: number, now: string): Q<number> {
    return exec((db, t) =>
      db
        .update(t.accessTokens)
        .set({ revokedAt: now })
        .where(and(eq(t.accessTokens.id, id), eq(t.accessTokens.userId, userId), isNull(t.accessTokens.revokedAt))),
    );
  }

  *revokeAll(userId: number, now: string): Q<void> {
    yield* exec((db, t) =>
      db
        .update(t.accessTokens)
        .set({ revokedAt: now })
        .where(and(eq(t.accessTokens.userId, userId), isNull(t.accessTokens.revokedAt))),
    );
  }

  /**
   * The live token of this hash with its user (not disabled), in one join: every request with a token asks.
   * Raw SQL: the join's columns come back under the names UserRow gives them.
   */
  byHash(tokenHash: string): Q<(UserRow & { token_id: number; scopes: string; expires_at: string | null }) | null> {
    return row<UserRow & { token_id: number; scopes: string; expires_at: string | null }>(
      `SELECT u.id, u.email, u.name, u.timezone, u.role, u.weight_unit AS "weightUnit", u.region, t.id AS token_id, t.scopes, t.expires_at
       FROM access_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = ? AND t.revoked_at IS NULL AND u.disabled_at IS NULL`,
      tokenHash,
    );
  }

  *touch(id: number, now: string): Q<void> {
    yield* exec((db, t) => db.update(t.accessTokens).set({ lastUsedAt: now }).where(eq(t.accessTokens.id, id)));
  }
}
