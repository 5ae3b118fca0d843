/** The meal log's context for one request; other features (stats, sync, portability) build theirs from it. */
import type { Db } from "../../db/client";
import type { FoodDirectory } from "../foods/directory";
import type { PhotosRepo } from "../scanner/photos";
import type { ExamplesRepo } from "../scanner/recognition/examples";
import type { SyncLog } from "../sync/log";
import type { MealsRepo } from "./repo";
import type { MealsCtx } from "./service";

/** What the meal log needs from the app. */
export interface MealsDeps {
  db: Db;
  meals: MealsRepo;
  foods: FoodDirectory;
  photos: Pick<PhotosRepo, "live">;
  examples: Pick<ExamplesRepo, "add" | "withdraw">;
  syncLog: SyncLog;
  now: () => Date;
}

export function mealsCtx(deps: MealsDeps, user: { id: number; timezone: string }): MealsCtx {
  return {
    db: deps.db,
    repo: deps.meals,
    foods: deps.foods,
    photos: deps.photos,
    examples: deps.examples,
    log: deps.syncLog,
    userId: user.id,
    timezone: user.timezone,
    now: deps.now(),
  };
}
