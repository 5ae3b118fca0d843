/**
 * Every query of the TOTP second factor (totp_factors, totp_recovery_codes). A code is spent by one
 * conditional UPDATE, so two requests racing with one code (or one recovery code) cannot both pass.
 */
import { and, eq, isNull } from "drizzle-orm";
import { exec, one, row, run, tx, type Q } from "../../db/q";
import { hashSecret, normaliseCode } from "./secrets";

export interface TotpFactor {
  secret: string;
  confirmedAt: string | null;
  lastStep: number | null;
}

export class TotpRepo {
  *factor(userId: number): Q<TotpFactor | null> {
    return yield* one((db, t) =>
      db
        .select({
          secret: t.totpFactors.secret,
          confirmedAt: t.totpFactors.confirmedAt,
          lastStep: t.totpFactors.lastStep,
        })
        .from(t.totpFactors)
        .where(eq(t.totpFactors.userId, userId)),
    );
  }

  /** A new, unconfirmed secret; replaces an earlier unconfirmed one (a set-up begun again). */
  *begin(userId: number, secret: string, now: string): Q<void> {
    yield* tx(function* () {
      yield* exec((db, t) =>
        db.delete(t.totpFactors).where(and(eq(t.totpFactors.userId, userId), isNull(t.totpFactors.confirmedAt))),
      );
      yield* exec((db, t) => db.insert(t.totpFactors).values({ userId, secret, createdAt: now }));
    });
  }

  /**
   * Accepts a code's 30-second step only if it is newer than every step accepted before (RFC 6238
   * §5.2: a code is valid once). False when this step or a later one was already used.
   */
  *spendStep(userId: number, step: number): Q<boolean> {
    const n = yield* run(
      "UPDATE totp_factors SET last_step = ? WHERE user_id = ? AND (last_step IS NULL OR last_step < ?)",
      step,
      userId,
      step,
    );
    return n === 1;
  }

  /** Turns the factor on and stores the recovery codes' hashes (any earlier codes are dropped). */
  *confirm(userId: number, recoveryCodes: string[], now: string): Q<void> {
    yield* exec((db, t) => db.update(t.totpFactors).set({ confirmedAt: now }).where(eq(t.totpFactors.userId, userId)));
    yield* exec((db, t) => db.delete(t.totpRecoveryCodes).where(eq(t.totpRecoveryCodes.userId, userId)));
    yield* exec((db, t) =>
      db
        .insert(t.totpRecoveryCodes)
        .values(recoveryCodes.map((c) => ({ userId, codeHash: hashSecret(normaliseCode(c)) }))),
    );
  }

  /** Spends a recovery code of this user; false when it is unknown or was used. */
  *spendRecoveryCode(userId: number, code: string, now: string): Q<boolean> {
    const n = yield* exec((db, t) =>
      db
        .update(t.totpRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(t.totpRecoveryCodes.userId, userId),
            eq(t.totpRecoveryCodes.codeHash, hashSecret(normaliseCode(code))),
            isNull(t.totpRecoveryCodes.usedAt),
          ),
        ),
    );
    return n === 1;
  }

  *recoveryCodesLeft(userId: number): Q<number> {
    const r = yield* row<{ n: number }>(
      {
        sqlite: "SELECT count(*) AS n FROM totp_recovery_codes WHERE user_id = ? AND used_at IS NULL",
        pg: "SELECT count(*)::int AS n FROM totp_recovery_codes WHERE user_id = ? AND used_at IS NULL",
      },
      userId,
    );
    return r!.n;
  }

  /** Removes the factor and its recovery codes; false when the user had none. */
  *remove(userId: number): Q<boolean> {
    return yield* tx(function* () {
      yield* exec((db, t) => db.delete(t.totpRecoveryCodes).where(eq(t.totpRecoveryCodes.userId, userId)));
      return (yield* exec((db, t) => db.delete(t.totpFactors).where(eq(t.totpFactors.userId, userId)))) === 1;
    });
  }
}
