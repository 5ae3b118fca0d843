/** Target-settings queries (table nutrition_settings): one row per user holding two JSON documents. */
import { eq } from "drizzle-orm";
import { exec, one, type Q } from "../../db/q";

export class TargetSettingsRepo {
  /** The two documents as stored (partial: written before a field existed), or null before the first write. */
  of(userId: number): Q<{ profile: unknown; targets: unknown } | null> {
    return one((db, t) =>
      db
        .select({ profile: t.nutritionSettings.profile, targets: t.nutritionSettings.targets })
        .from(t.nutritionSettings)
        .where(eq(t.nutritionSettings.userId, userId)),
    );
  }

  /** Writes both documents, replacing the row the user had. */
  *put(
    userId: number,
    doc: { profile: Record<string, unknown>; targets: Record<string, unknown> },
    stamp: string,
  ): Q<void> {
    yield* exec((db, t) =>
      db
        .insert(t.nutritionSettings)
        .values({ userId, profile: doc.profile, targets: doc.targets, updatedAt: stamp })
        .onConflictDoUpdate({
          target: t.nutritionSettings.userId,
          set: { profile: doc.profile, targets: doc.targets, updatedAt: stamp },
        }),
    );
  }
}
