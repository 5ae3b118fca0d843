/** The meal log's context for one request; other features (stats, sync, portability) build theirs from it. */
import type { RouteDeps } from "../auth/context";
import type { FoodDirectory } from "../foods/directory";
import type { ChangeLog } from "../../db/change-log";
import type { MealsRepo } from "./repo";
import type { MealsCtx, PhotoHooks } from "./service";

/** What the meal log needs from the app. */
export interface MealsDeps extends RouteDeps {
  meals: MealsRepo;
  foods: FoodDirectory;
  /** The photo scanner's hooks (scanner/photo-hooks.ts). */
  photoHooks: PhotoHooks;
  changeLog: ChangeLog;
}

export function mealsCtx(
  deps: Pick<MealsDeps, "meals" | "foods" | "photoHooks" | "changeLog" | "now">,
  user: { id: number; timezone: string },
): MealsCtx {
  return {
    repo: deps.meals,
    foods: deps.foods,
    photos: deps.photoHooks,
    log: deps.changeLog,
    userId: user.id,
    timezone: user.timezone,
    now: deps.now(),
  };
}
