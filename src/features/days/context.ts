/** The day-marks context for one request; sync and portability build theirs with it. */
import type { ChangeLog } from "../../db/change-log";
import type { AuthedUser } from "../auth/plugin";
import type { RouteDeps } from "../auth/context";
import type { DaysCtx } from "./service";

export interface DaysDeps extends RouteDeps {
  changeLog: ChangeLog;
}

export const daysCtx = (
  deps: Pick<DaysDeps, "changeLog" | "now">,
  user: Pick<AuthedUser, "id" | "timezone">,
): DaysCtx => ({
  log: deps.changeLog,
  userId: user.id,
  timezone: user.timezone,
  now: deps.now(),
});
