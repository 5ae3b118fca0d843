/**
 * Every query of passkeys (passkeys, passkey_challenges). A challenge is spent by the DELETE that reads
 * it, so two answers racing with one challenge cannot both pass; a counter moves by one conditional
 * UPDATE for the same reason.
 */
import { and, asc, eq, lt } from "drizzle-orm";
import { all, exec, one, type Q } from "../../db/q";
import type { passkeys } from "../../db/schema";

export type ChallengePurpose = "register" | "sign_in" | "second_factor";

/** A stored passkey, as drizzle reads the table. */
export type PasskeyRow = typeof passkeys.$inferSelect;

export class PasskeyRepo {
  /** Stores a challenge just handed out; challenges past their time are cleared on the way. */
  *addChallenge(
    c: { challenge: string; purpose: ChallengePurpose; userId: number | null; expiresAt: string },
    now: string,
  ): Q<void> {
    yield* exec((db, t) => db.delete(t.passkeyChallenges).where(lt(t.passkeyChallenges.expiresAt, now)));
    yield* exec((db, t) => db.insert(t.passkeyChallenges).values(c));
  }

  /** Takes the challenge out (it is good once); null when unknown, already spent, or made for another step. */
  *spendChallenge(
    challenge: string,
    purpose: ChallengePurpose,
  ): Q<{ userId: number | null; expiresAt: string } | null> {
    const found = yield* one((db, t) =>
      db
        .delete(t.passkeyChallenges)
        .where(and(eq(t.passkeyChallenges.challenge, challenge), eq(t.passkeyChallenges.purpose, purpose)))
        .returning({ userId: t.passkeyChallenges.userId, expiresAt: t.passkeyChallenges.expiresAt }),
    );
    return found;
  }

  *list(userId: number): Q<PasskeyRow[]> {
    return yield* all((db, t) =>
      db.select().from(t.passkeys).where(eq(t.passkeys.userId, userId)).orderBy(asc(t.passkeys.id)),
    );
  }

  /** One of this user's passkeys by its id; another user's is null, as an unknown one is. */
  *own(userId: number, id: number): Q<PasskeyRow | null> {
    return yield* one((db, t) =>
      db
        .select()
        .from(t.passkeys)
        .where(and(eq(t.passkeys.id, id), eq(t.passkeys.userId, userId))),
    );
  }

  *byCredentialId(credentialId: string): Q<PasskeyRow | null> {
    return yield* one((db, t) => db.select().from(t.passkeys).where(eq(t.passkeys.credentialId, credentialId)));
  }

  *add(p: Omit<PasskeyRow, "id" | "lastUsedAt">): Q<PasskeyRow> {
    const created = yield* one((db, t) => db.insert(t.passkeys).values(p).returning());
    return created!;
  }

  *rename(userId: number, id: number, name: string): Q<PasskeyRow | null> {
    return yield* one((db, t) =>
      db
        .update(t.passkeys)
        .set({ name })
        .where(and(eq(t.passkeys.id, id), eq(t.passkeys.userId, userId)))
        .returning(),
    );
  }

  *remove(userId: number, id: number): Q<boolean> {
    const n = yield* exec((db, t) =>
      db.delete(t.passkeys).where(and(eq(t.passkeys.id, id), eq(t.passkeys.userId, userId))),
    );
    return n === 1;
  }

  /**
   * Records a use: the new counter (only if it is still the one read, so a cloned key racing the real
   * one cannot both pass) and the time. False when another use moved the counter meanwhile.
   */
  *used(id: number, seenCounter: number, newCounter: number, now: string): Q<boolean> {
    const n = yield* exec((db, t) =>
      db
        .update(t.passkeys)
        .set({ counter: newCounter, lastUsedAt: now })
        .where(and(eq(t.passkeys.id, id), eq(t.passkeys.counter, seenCounter))),
    );
    return n === 1;
  }
}
