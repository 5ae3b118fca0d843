/**
 * Whether a barcode miss may ask Open Food Facts online: a server setting the admin changes
 * (PATCH /admin/settings `online_lookup`), off by default so nothing leaves the machine.
 * `--online-lookup`, when given, sets it at each start (like `--registration`).
 */
import { eq } from "drizzle-orm";
import { exec, one, type Q } from "../../db/q";

const KEY = "online_lookup";

export class OnlineLookupSetting {
  *enabled(): Q<boolean> {
    const setting = yield* one((db, t) => db.select().from(t.serverSettings).where(eq(t.serverSettings.key, KEY)));
    return setting?.value === "true";
  }

  /**
   * Whether anyone has decided: an admin's answer (Allow, Not now, the Admin checkbox) or the start flag
   * stores the row, so its presence is the answer. The web app asks the first admin once while it is absent.
   */
  *answered(): Q<boolean> {
    const setting = yield* one((db, t) => db.select().from(t.serverSettings).where(eq(t.serverSettings.key, KEY)));
    return setting !== undefined && setting !== null;
  }

  *set(on: boolean, now: Date): Q<void> {
    const value = String(on);
    yield* exec((db, t) =>
      db
        .insert(t.serverSettings)
        .values({ key: KEY, value, updatedAt: now.toISOString() })
        .onConflictDoUpdate({ target: t.serverSettings.key, set: { value, updatedAt: now.toISOString() } }),
    );
  }
}
