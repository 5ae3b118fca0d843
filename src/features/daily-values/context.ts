/** The daily-values context for one request; sync and portability build theirs with it. */
import type { AuthedUser } from "../auth/plugin";
import type { ActivityDeps } from "../activity-settings/context";
import type { DailyValuesCtx } from "./service";

export type DailyValuesDeps = ActivityDeps;

export const dailyValuesCtx = (
  deps: Pick<ActivityDeps, "changeLog" | "now">,
  user: Pick<AuthedUser, "id" | "timezone">,
): DailyValuesCtx => ({ log: deps.changeLog, userId: user.id, timezone: user.timezone, now: deps.now() });
