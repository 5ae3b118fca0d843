/**
 * Who may register (API.md §Registration): `open` (anyone who reaches the server), `invite` (with
 * a single-use code from the admin) or `closed`. The mode lives in server_settings so an admin can
 * change it at run time; `--registration`, when given, sets it at each start. The first account
 * may always register (it becomes the admin), whatever the mode.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { serverSettings } from "../../db/schema";

export const REGISTRATION_MODES = ["open", "invite", "closed"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];
export const DEFAULT_REGISTRATION: RegistrationMode = "open";

export class Registration {
  constructor(private readonly db: Db) {}

  mode(): RegistrationMode {
    const row = this.db.select().from(serverSettings).where(eq(serverSettings.key, "registration")).get();
    return (REGISTRATION_MODES as readonly string[]).includes(row?.value ?? "")
      ? (row!.value as RegistrationMode)
      : DEFAULT_REGISTRATION;
  }

  setMode(mode: RegistrationMode, now: Date): void {
    this.db
      .insert(serverSettings)
      .values({ key: "registration", value: mode, updatedAt: now.toISOString() })
      .onConflictDoUpdate({ target: serverSettings.key, set: { value: mode, updatedAt: now.toISOString() } })
      .run();
  }

  /** Whether any account exists (the first one may always register). */
  hasUsers(): boolean {
    return this.db.$client.prepare("SELECT 1 FROM users LIMIT 1").get() !== null;
  }
}
