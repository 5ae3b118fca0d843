/**
 * Whether a barcode miss may ask Open Food Facts online: a server setting the admin changes
 * (PATCH /admin/settings `online_lookup`), off by default so nothing leaves the machine.
 * `--online-lookup`, when given, sets it at each start (like `--registration`).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { serverSettings } from "../../db/schema";

const KEY = "online_lookup";

export class OnlineLookupSetting {
  constructor(private readonly db: Db) {}

  enabled(): boolean {
    return this.db.select().from(serverSettings).where(eq(serverSettings.key, KEY)).get()?.value === "true";
  }

  set(on: boolean, now: Date): void {
    const value = String(on);
    this.db
      .insert(serverSettings)
      .values({ key: KEY, value, updatedAt: now.toISOString() })
      .onConflictDoUpdate({ target: serverSettings.key, set: { value, updatedAt: now.toISOString() } })
      .run();
  }
}
