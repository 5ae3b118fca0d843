/** The custom-foods context for one request; recipes, sync and portability build theirs with it. */
import type { ChangeLog } from "../../db/change-log";
import type { Db } from "../../db/client";
import type { RouteDeps } from "../auth/context";
import type { CustomFoodsRepo } from "./repo";
import type { CustomFoodsCtx } from "./service";

export interface CustomFoodsDeps extends RouteDeps {
  db: Db;
  customFoods: CustomFoodsRepo;
  changeLog: ChangeLog;
}

export function customFoodsCtx(
  deps: Pick<CustomFoodsDeps, "db" | "customFoods" | "changeLog">,
  userId: number,
  now: Date,
): CustomFoodsCtx {
  return { db: deps.db, repo: deps.customFoods, log: deps.changeLog, userId, now };
}
