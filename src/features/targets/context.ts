/** The targets context for one request; sync and portability build theirs with it. */
import type { ChangeLog } from "../../db/change-log";
import type { AuthedUser } from "../auth/plugin";
import type { RouteDeps } from "../auth/context";
import type { TargetsCtx } from "./settings";

export interface TargetsDeps extends RouteDeps {
  changeLog: ChangeLog;
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
