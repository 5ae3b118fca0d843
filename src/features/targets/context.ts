/** The targets context for one request; report, sync and portability build theirs with it. */
import type { ChangeLog } from "../../db/change-log";
import type { Catalogue } from "../../db/catalogue";
import type { AuthedUser } from "../auth/plugin";
import type { RouteDeps } from "../auth/context";
import type { FoodDirectory } from "../foods/directory";
import type { TargetsCtx } from "./settings";

export interface TargetsDeps extends RouteDeps {
  changeLog: ChangeLog;
  catalogue: Catalogue;
  /** Which kind of food an id is (features/foods/directory.ts): the report reads the full nutrients of eaten foods. */
  foods: FoodDirectory;
}

export const targetsCtx = (
  deps: Pick<TargetsDeps, "changeLog" | "now">,
  user: Pick<AuthedUser, "id" | "timezone">,
): TargetsCtx => ({
  log: deps.changeLog,
  userId: user.id,
  timezone: user.timezone,
  now: deps.now(),
});
