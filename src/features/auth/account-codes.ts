/**
 * Single-use codes (account_codes): invitations to register and admin-issued password resets.
 * A code is shown once, kept as SHA-256, spent by one conditional UPDATE (so two people racing
 * with one code cannot both succeed), and refused once expired.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { changes } from "../../db/tx";
import { accountCodes } from "../../db/schema";
import { hashSecret, newTypableCode, normaliseCode } from "./secrets";

export type CodeKind = "invite" | "reset";

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
  constructor(private readonly db: Db) {}

  /** A new code; for a reset, the user's earlier unused reset codes stop working. */
  create(
    kind: CodeKind,
    o: { createdBy: number | null; userId?: number; note?: string | null; now: Date; expiresAt: Date },
  ): { code: string; row: InviteView } {
    const code = newTypableCode();
    if (kind === "reset" && o.userId !== undefined) {
      this.db
        .delete(accountCodes)
        .where(and(eq(accountCodes.kind, "reset"), eq(accountCodes.userId, o.userId), isNull(accountCodes.usedAt)))
        .run();
    }
    const row = this.db
      .insert(accountCodes)
      .values({
        kind,
        codeHash: hashSecret(normaliseCode(code)),
        userId: o.userId ?? null,
        createdBy: o.createdBy,
        note: o.note ?? null,
        createdAt: o.now.toISOString(),
        expiresAt: o.expiresAt.toISOString(),
      })
      .returning()
      .get();
    return { code, row: view(row) };
  }

  invites(): InviteView[] {
    return this.db
      .select()
      .from(accountCodes)
      .where(eq(accountCodes.kind, "invite"))
      .orderBy(desc(accountCodes.id))
      .all()
      .map(view);
  }

  /** Withdraws an invite (used or not); false when there is none with this id. */
  deleteInvite(id: number): boolean {
    return (
      changes(
        this.db
          .delete(accountCodes)
          .where(and(eq(accountCodes.id, id), eq(accountCodes.kind, "invite")))
          .run(),
      ) === 1
    );
  }

  /** The live (unused, unexpired) code of this kind, or null. */
  private live(kind: CodeKind, code: string, now: Date): Row | null {
    const row = this.db
      .select()
      .from(accountCodes)
      .where(eq(accountCodes.codeHash, hashSecret(normaliseCode(code))))
      .get();
    return row && row.kind === kind && row.usedAt === null && row.expiresAt > now.toISOString() ? row : null;
  }

  /** Whether a code of this kind is live now (without spending it). */
  isLive(kind: CodeKind, code: string, now: Date): boolean {
    return this.live(kind, code, now) !== null;
  }

  /**
   * Spends a live code of this kind: the row it was, or null (unknown, used, expired, or a reset
   * for another user). Call inside the transaction that does what the code allows.
   */
  spend(kind: CodeKind, code: string, now: Date, usedBy: number | null, forUser?: number): Row | null {
    const row = this.live(kind, code, now);
    if (!row || (forUser !== undefined && row.userId !== forUser)) return null;
    const spent = this.db
      .update(accountCodes)
      .set({ usedAt: now.toISOString(), usedBy })
      .where(and(eq(accountCodes.id, row.id), isNull(accountCodes.usedAt)))
      .run();
    return changes(spent) === 1 ? row : null;
  }

  /** Records who registered with an invite spent before their account existed. */
  setUsedBy(id: number, userId: number): void {
    this.db.update(accountCodes).set({ usedBy: userId }).where(eq(accountCodes.id, id)).run();
  }
}
