/** The exercises context for one request; sync and portability build theirs with it. */
import type { AuthedUser } from "../auth/plugin";
import type { ActivityDeps } from "../activity-settings/context";
import type { ExercisesCtx } from "./service";

export type ExercisesDeps = ActivityDeps;

export const exercisesCtx = (
  deps: Pick<ActivityDeps, "changeLog" | "now">,
  user: Pick<AuthedUser, "id" | "timezone">,
): ExercisesCtx => ({ log: deps.changeLog, userId: user.id, timezone: user.timezone, now: deps.now() });
