/**
 * Who may register (API.md §Registration): `open` (anyone who reaches the server), `invite` (with
 * a single-use code from the admin) or `closed`. The mode lives in server_settings so an admin can
 * change it at run time; `--registration`, when given, sets it at each start. The first account
 * may always register (it becomes the admin), whatever the mode.
 */
import { eq } from "drizzle-orm";
import { exec, one, row, type Q } from "../../db/q";

export const REGISTRATION_MODES = ["open", "invite", "closed"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];
export const DEFAULT_REGISTRATION: RegistrationMode = "open";

export class Registration {
  *mode(): Q<RegistrationMode> {
    const setting = yield* one((db, t) =>
      db.select().from(t.serverSettings).where(eq(t.serverSettings.key, "registration")),
    );
    return (REGISTRATION_MODES as readonly string[]).includes(setting?.value ?? "")
      ? (setting!.value as RegistrationMode)
      : DEFAULT_REGISTRATION;
  }

  *setMode(mode: RegistrationMode, now: Date): Q<void> {
    yield* exec((db, t) =>
      db
        .insert(t.serverSettings)
        .values({ key: "registration", value: mode, updatedAt: now.toISOString() })
        .onConflictDoUpdate({ target: t.serverSettings.key, set: { value: mode, updatedAt: now.toISOString() } }),
    );
  }

  /** Whether any account exists (the first one may always register). */
  *hasUsers(): Q<boolean> {
    return (yield* row("SELECT 1 AS one FROM users LIMIT 1")) !== null;
  }

  /** The mode a sign-up meets: open while there is no account yet (the first one becomes the admin). */
  *effective(): Q<RegistrationMode> {
    return (yield* this.hasUsers()) ? yield* this.mode() : "open";
  }
}
