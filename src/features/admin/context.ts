/** What the admin's routes need: the auth feature's repositories, each account's meal count, and the settings. */
import type { Q } from "../../db/q";
import type { AuthServices, RouteDeps } from "../auth/context";
import type { OnlineLookupSetting } from "../imported/online-setting";

export interface AdminDeps extends RouteDeps {
  auth: Pick<AuthServices, "repo" | "accessTokens" | "codes" | "registration">;
  /** Meals per account id (the meal log answers it). */
  mealCounts: () => Q<Map<number, number>>;
  /** Whether barcode misses may ask Open Food Facts (the admin's setting). */
  onlineLookup: Pick<OnlineLookupSetting, "enabled" | "set">;
}
