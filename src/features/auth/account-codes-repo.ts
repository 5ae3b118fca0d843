/**
 * Single-use codes (account_codes): invitations to register and admin-issued password resets.
 * A code is shown once, kept as SHA-256, spent by one conditional UPDATE (so two people racing
 * with one code cannot both succeed), and refused once expired.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { all, exec, one, type Q } from "../../db/q";
import type { accountCodes } from "../../db/schema";
import { hashSecret, newTypableCode, normaliseCode } from "./secrets";

/** oidc: a sign-in to trade for tokens; oidc_link: a provider's subject to link once the password is confirmed (oidc-accounts.ts). */
export type CodeKind = "invite" | "reset" | "oidc" | "oidc_link";

/** API data, hand-written: the invite's view is built by the repository (no Elysia there); the Invite schema in admin/model.ts checks it on every test reply. */
export interface InviteView {
  id: number;
  note: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: number | null;
}

type Row = typeof accountCodes.$inferSelect;

const view = (r: Row): InviteView => ({
  id: r.id,
  note: r.note,
  created_at: r.createdAt,
  expires_at: r.expiresAt,
  used_at: r.usedAt,
  used_by: r.usedBy,
});

export class AccountCodes {
  /** A new code; for a reset, the user's earlier unused reset codes stop working. */
  *create(
    kind: CodeKind,
    o: { createdBy: number | null; userId?: number; note?: string | null; now: Date; expiresAt: Date },
  ): Q<{ code: string; row: InviteView }> {
    const code = newTypableCode();
    const forUser = o.userId;
    if (kind === "reset" && forUser !== undefined) {
      yield* exec((db, t) =>
        db
          .delete(t.accountCodes)
          .where(
            and(eq(t.accountCodes.kind, "reset"), eq(t.accountCodes.userId, forUser), isNull(t.accountCodes.usedAt)),
          ),
      );
    }
    const row = yield* one((db, t) =>
      db
        .insert(t.accountCodes)
        .values({
          kind,
          codeHash: hashSecret(normaliseCode(code)),
          userId: o.userId ?? null,
          createdBy: o.createdBy,
          note: o.note ?? null,
          createdAt: o.now.toISOString(),
          expiresAt: o.expiresAt.toISOString(),
        })
        .returning(),
    );
    return { code, row: view(row!) };
  }

  *invites(): Q<InviteView[]> {
    const rows = yield* all((db, t) =>
      db.select().from(t.accountCodes).where(eq(t.accountCodes.kind, "invite")).orderBy(desc(t.accountCodes.id)),
    );
    return rows.map(view);
  }

  /** Withdraws an invite (used or not); false when there is none with this id. */
  *deleteInvite(id: number): Q<boolean> {
    const n = yield* exec((db, t) =>
      db.delete(t.accountCodes).where(and(eq(t.accountCodes.id, id), eq(t.accountCodes.kind, "invite"))),
    );
    return n === 1;
  }

  /** The live (unused, unexpired) code of this kind, or null. */
  private *live(kind: CodeKind, code: string, now: Date): Q<Row | null> {
    const row = yield* one((db, t) =>
      db
        .select()
        .from(t.accountCodes)
        .where(eq(t.accountCodes.codeHash, hashSecret(normaliseCode(code)))),
    );
    return row && row.kind === kind && row.usedAt === null && row.expiresAt > now.toISOString() ? row : null;
  }

  /** The live code's row, without spending it. */
  *peek(kind: CodeKind, code: string, now: Date): Q<Row | null> {
    return yield* this.live(kind, code, now);
  }

  /** Whether a code of this kind is live now (without spending it). */
  *isLive(kind: CodeKind, code: string, now: Date): Q<boolean> {
    return (yield* this.live(kind, code, now)) !== null;
  }

  /**
   * Spends a live code of this kind: the row it was, or null (unknown, used, expired, or a reset
   * for another user). Call inside the transaction that does what the code allows.
   */
  *spend(kind: CodeKind, code: string, now: Date, usedBy: number | null, forUser?: number): Q<Row | null> {
    const row = yield* this.live(kind, code, now);
    if (!row || (forUser !== undefined && row.userId !== forUser)) return null;
    const spent = yield* exec((db, t) =>
      db
        .update(t.accountCodes)
        .set({ usedAt: now.toISOString(), usedBy })
        .where(and(eq(t.accountCodes.id, row.id), isNull(t.accountCodes.usedAt))),
    );
    return spent === 1 ? row : null;
  }

  /** Records who registered with an invite spent before their account existed. */
  *setUsedBy(id: number, userId: number): Q<void> {
    yield* exec((db, t) => db.update(t.accountCodes).set({ usedBy: userId }).where(eq(t.accountCodes.id, id)));
  }
}
