/**
 * The stored profile and target settings (db nutrition_settings): one row per user, both documents
 * made on first write. Writes log the document in the change log (entities `target_profile` and
 * `targets`) in the same transaction, so sync pulls them.
 */
import type { Ctx } from "../../context";
import { ownAccount, tx, type Q } from "../../db/q";
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

export function* settingsOf(ctx: Ctx): Q<{ profile: ProfileT; targets: TargetSettingsT }> {
  const r = yield* ctx.deps.targetSettings.of(ctx.userId);
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
  const current = yield* settingsOf(ctx);
  const next = { ...current, ...part };
  const [entity, doc, before] =
    "profile" in part
      ? (["target_profile", next.profile, current.profile] as const)
      : (["targets", next.targets, current.targets] as const);
  if (onlyIfChanged && JSON.stringify(doc) === JSON.stringify(before)) return false;
  const stamp = ctx.now.toISOString();
  // the upsert and its record: one statement on PostgreSQL (ChangeLog.recordWith), asked behind the lock
  yield* ctx.log.recordWith(
    ctx.deps.targetSettings.putLogged(ctx.userId, next, stamp),
    ctx.userId,
    entity,
    entity,
    "upsert",
    doc,
    ctx.now,
  );
  return true;
}

/** Writes in its own transaction. */
export function saveSettings(ctx: Ctx, part: Part, onlyIfChanged = false): Q<boolean> {
  return tx(() => writeSettings(ctx, part, onlyIfChanged));
}
