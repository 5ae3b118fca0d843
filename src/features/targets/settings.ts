/**
 * The stored profile and target settings (db nutrition_settings): one row per user, both documents
 * made on first write. Writes log the document in the change log (entities `target_profile` and
 * `targets`) in the same transaction, so sync pulls them.
 */
import type { Ctx } from "../../context";
import { eq } from "drizzle-orm";
import type { LoggedWrite } from "../../db/change-log";
import { exec, one, ownAccount, tx, type Q } from "../../db/q";
import type { ProfileT, TargetSettingsT } from "./model";

export const emptyProfile = (): ProfileT => ({
  sex: null,
  birth_year: null,
  height_cm: null,
  activity: null,
  life_stage: null,
  goal_step_dismissed: null,
});
export const emptySettings = (): TargetSettingsT => ({ nutrients: {}, fiber_per_energy: false });

export function* settingsOf(userId: number): Q<{ profile: ProfileT; targets: TargetSettingsT }> {
  const r = yield* one((db, t) =>
    db
      .select({ profile: t.nutritionSettings.profile, targets: t.nutritionSettings.targets })
      .from(t.nutritionSettings)
      .where(eq(t.nutritionSettings.userId, userId)),
  );
  return {
    profile: { ...emptyProfile(), ...((r?.profile as Partial<ProfileT> | undefined) ?? {}) },
    targets: { ...emptySettings(), ...((r?.targets as Partial<TargetSettingsT> | undefined) ?? {}) },
  };
}

type Part = { profile: ProfileT } | { targets: TargetSettingsT };

/**
 * Writes one of the two documents (already checked) and logs it, as a PUT of goals does; with
 * `onlyIfChanged` (import) a document already so is left alone and false returned. Call inside a transaction.
 */
export function* writeSettings(ctx: Ctx, part: Part, onlyIfChanged = false): Q<boolean> {
  yield* ownAccount(ctx.userId); // asked with the read (db/pg/account-locks.ts)
  const current = yield* settingsOf(ctx.userId);
  const next = { ...current, ...part };
  const [entity, doc, before] =
    "profile" in part
      ? (["target_profile", next.profile, current.profile] as const)
      : (["targets", next.targets, current.targets] as const);
  if (onlyIfChanged && JSON.stringify(doc) === JSON.stringify(before)) return false;
  const stamp = ctx.now.toISOString();
  // the upsert and its record: one statement on PostgreSQL (ChangeLog.recordWith), asked behind the lock
  const write: LoggedWrite = {
    *sqlite() {
      yield* exec((db, t) =>
        db
          .insert(t.nutritionSettings)
          .values({ userId: ctx.userId, profile: next.profile, targets: next.targets, updatedAt: stamp })
          .onConflictDoUpdate({
            target: t.nutritionSettings.userId,
            set: { profile: next.profile, targets: next.targets, updatedAt: stamp },
          }),
      );
      return true;
    },
    pg: () => ({
      text: `INSERT INTO nutrition_settings (user_id, profile, targets, updated_at) VALUES (?, ?::json, ?::json, ?)
        ON CONFLICT (user_id) DO UPDATE SET profile = excluded.profile, targets = excluded.targets, updated_at = excluded.updated_at`,
      params: [ctx.userId, JSON.stringify(next.profile), JSON.stringify(next.targets), stamp],
    }),
  };
  yield* ctx.log.recordWith(write, ctx.userId, entity, entity, "upsert", doc, ctx.now);
  return true;
}

/** Writes in its own transaction. */
export function saveSettings(ctx: Ctx, part: Part, onlyIfChanged = false): Q<boolean> {
  return tx(() => writeSettings(ctx, part, onlyIfChanged));
}
