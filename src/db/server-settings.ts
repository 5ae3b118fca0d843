/**
 * The server's own settings (table server_settings: a key and a text value): the registration mode, the
 * online lookup, the JWT secret on PostgreSQL (db/open.ts). Shared by features and start-up, so kept here.
 */
import { eq } from "drizzle-orm";
import { exec, one, type Q } from "./q";

/** The stored value, or null when the setting was never written. */
export function* serverSetting(key: string): Q<string | null> {
  const setting = yield* one((db, t) => db.select().from(t.serverSettings).where(eq(t.serverSettings.key, key)));
  return setting?.value ?? null;
}

export function* putServerSetting(key: string, value: string, now: Date): Q<void> {
  yield* exec((db, t) =>
    db
      .insert(t.serverSettings)
      .values({ key, value, updatedAt: now.toISOString() })
      .onConflictDoUpdate({ target: t.serverSettings.key, set: { value, updatedAt: now.toISOString() } }),
  );
}
