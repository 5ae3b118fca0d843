/** The activity-settings context for one request; sync, portability and the other activity features build theirs with it. */
import type { ChangeLog } from "../../db/change-log";
import type { AuthedUser } from "../auth/plugin";
import type { RouteDeps } from "../auth/context";
import type { ActivitySettingsCtx } from "./service";

export interface ActivityDeps extends RouteDeps {
  changeLog: ChangeLog;
}

export const activitySettingsCtx = (
  deps: Pick<ActivityDeps, "changeLog" | "now">,
  user: Pick<AuthedUser, "id">,
): ActivitySettingsCtx => ({ log: deps.changeLog, userId: user.id, now: deps.now() });
