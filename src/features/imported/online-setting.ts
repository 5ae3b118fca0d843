/**
 * Whether a barcode miss may ask Open Food Facts online: a server setting the admin changes
 * (PATCH /admin/settings `online_lookup`), off by default so nothing leaves the machine.
 * `--online-lookup`, when given, sets it at each start (like `--registration`).
 */
import type { Q } from "../../db/q";
import { putServerSetting, serverSetting } from "../../db/server-settings";

const KEY = "online_lookup";

export class OnlineLookupSetting {
  *enabled(): Q<boolean> {
    return (yield* serverSetting(KEY)) === "true";
  }

  /**
   * Whether anyone has decided: an admin's answer (Allow, Not now, the Admin checkbox) or the start flag
   * stores the row, so its presence is the answer. The web app asks the first admin once while it is absent.
   */
  *answered(): Q<boolean> {
    return (yield* serverSetting(KEY)) !== null;
  }

  set(on: boolean, now: Date): Q<void> {
    return putServerSetting(KEY, String(on), now);
  }
}
