/** The custom-foods context for one request; recipes, sync and portability build theirs with it. */
import type { ChangeLog } from "../../db/change-log";
import type { RouteDeps } from "../auth/context";
import type { CustomFoodsRepo } from "./repo";
import type { CustomFoodsCtx } from "./service";

export interface CustomFoodsDeps extends RouteDeps {
  customFoods: CustomFoodsRepo;
  changeLog: ChangeLog;
}

export function customFoodsCtx(
  deps: Pick<CustomFoodsDeps, "customFoods" | "changeLog">,
  userId: number,
  now: Date,
): CustomFoodsCtx {
  return { repo: deps.customFoods, log: deps.changeLog, userId, now };
}
