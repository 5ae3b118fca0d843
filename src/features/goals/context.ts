/** The goals context for one request; stats, sync and portability build theirs with it. */
import type { ChangeLog } from "../../db/change-log";
import type { AuthedUser } from "../auth/plugin";
import type { RouteDeps } from "../auth/context";
import type { GoalsCtx } from "./service";

export interface GoalsDeps extends RouteDeps {
  changeLog: ChangeLog;
}

export const goalsCtx = (
  deps: Pick<GoalsDeps, "changeLog" | "now">,
  user: Pick<AuthedUser, "id" | "timezone">,
): GoalsCtx => ({
  log: deps.changeLog,
  userId: user.id,
  timezone: user.timezone,
  now: deps.now(),
});
