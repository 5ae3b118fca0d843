/** Target-settings queries (table nutrition_settings): one row per user holding two JSON documents. */
import { eq } from "drizzle-orm";
import type { LoggedWrite } from "../../db/change-log";
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

  /** The same write as a logged write: on PostgreSQL one statement with its change-log record (issue 61). */
  putLogged(
    userId: number,
    doc: { profile: Record<string, unknown>; targets: Record<string, unknown> },
    stamp: string,
  ): LoggedWrite {
    const put = this.put.bind(this);
    return {
      *sqlite() {
        yield* put(userId, doc, stamp);
        return true;
      },
      pg: () => ({
        text: `INSERT INTO nutrition_settings (user_id, profile, targets, updated_at) VALUES (?, ?::json, ?::json, ?)
          ON CONFLICT (user_id) DO UPDATE SET profile = excluded.profile, targets = excluded.targets, updated_at = excluded.updated_at`,
        params: [userId, JSON.stringify(doc.profile), JSON.stringify(doc.targets), stamp],
      }),
    };
  }
}
