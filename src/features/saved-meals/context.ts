/** The saved-meals context for one request; sync and portability build theirs with it. */
import type { AuthedUser } from "../auth/plugin";
import { mealsCtx, type MealsDeps } from "../meals/context";
import type { MealsCtx } from "../meals/service";
import type { SavedMealsCtx } from "./service";

export type SavedMealsDeps = MealsDeps;

/** From the request's meal-log context: logging a saved meal is that log's work. */
export const savedMealsCtxOf = (meals: MealsCtx): SavedMealsCtx => ({
  foods: meals.foods,
  log: meals.log,
  meals,
  userId: meals.userId,
  now: meals.now,
});

export const savedMealsCtx = (
  deps: Pick<MealsDeps, "meals" | "foods" | "photoHooks" | "changeLog" | "now">,
  user: Pick<AuthedUser, "id" | "timezone">,
): SavedMealsCtx => savedMealsCtxOf(mealsCtx(deps, user));
