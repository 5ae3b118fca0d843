/** The weights context for one request; sync and portability build theirs with it. */
import type { ChangeLog } from "../../db/change-log";
import type { AuthedUser } from "../auth/plugin";
import type { RouteDeps } from "../auth/context";
import type { WeightsCtx } from "./service";

export interface WeightsDeps extends RouteDeps {
  changeLog: ChangeLog;
}

export const weightsCtx = (
  deps: Pick<WeightsDeps, "changeLog" | "now">,
  user: Pick<AuthedUser, "id" | "timezone" | "weightUnit">,
): WeightsCtx => ({
  log: deps.changeLog,
  userId: user.id,
  timezone: user.timezone,
  unit: user.weightUnit === "lb" ? "lb" : "kg",
  now: deps.now(),
});
