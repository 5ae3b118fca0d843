/**
 * Who may register (API.md §Registration): `open` (anyone who reaches the server), `invite` (with
 * a single-use code from the admin) or `closed`. The mode lives in server_settings so an admin can
 * change it at run time; `--registration`, when given, sets it at each start. The first account
 * may always register (it becomes the admin), whatever the mode.
 */
import type { Q } from "../../db/q";
import { putServerSetting, serverSetting } from "../../db/server-settings";
import { AuthRepo } from "./repo";
import { REGISTRATION_MODES } from "./model";

export { REGISTRATION_MODES };

export type RegistrationMode = (typeof REGISTRATION_MODES)[number];
export const DEFAULT_REGISTRATION: RegistrationMode = "open";

export class Registration {
  /** `users` answers whether any account exists (the CLI and benchmarks build one without the container's). */
  constructor(private readonly users: Pick<AuthRepo, "hasUsers"> = new AuthRepo()) {}

  *mode(): Q<RegistrationMode> {
    const value = yield* serverSetting("registration");
    return (REGISTRATION_MODES as readonly string[]).includes(value ?? "")
      ? (value as RegistrationMode)
      : DEFAULT_REGISTRATION;
  }

  setMode(mode: RegistrationMode, now: Date): Q<void> {
    return putServerSetting("registration", mode, now);
  }

  /** Whether any account exists (the first one may always register). */
  hasUsers(): Q<boolean> {
    return this.users.hasUsers();
  }

  /** The mode a sign-up meets: open while there is no account yet (the first one becomes the admin). */
  *effective(): Q<RegistrationMode> {
    return (yield* this.hasUsers()) ? yield* this.mode() : "open";
  }
}
