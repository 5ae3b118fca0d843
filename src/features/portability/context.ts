/** The export/import context for one request: every diary feature's own context, built by that feature. */
import type { Gate } from "../../lib/gate";
import type { AuthedUser } from "../auth/plugin";
import { customFoodsCtx, type CustomFoodsDeps } from "../custom-foods/context";
import type { FoodsDeps } from "../foods/context";
import { goalsCtx, type GoalsDeps } from "../goals/context";
import { mealsCtx, type MealsDeps } from "../meals/context";
import { recipesCtx, type RecipesDeps } from "../recipes/context";
import { weightsCtx, type WeightsDeps } from "../weights/context";
import type { ExportCtx } from "./export";

/** Largest import body; a year of meals is about 2 MB of JSON. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;
/** Imports at once per server (the import route's gate, entered before its body is read): each may hold ~5× its 64 MB. */
export const IMPORTS_AT_ONCE = 1;

/** Every diary feature's needs, which is what a whole account's data needs. */
export type DiaryDeps = MealsDeps & CustomFoodsDeps & RecipesDeps & WeightsDeps & GoalsDeps;

export interface PortabilityDeps extends DiaryDeps, FoodsDeps {
  /** Imports running now: one at a time per server (lib/gate.ts). */
  imports: Gate;
}

export function diaryCtx(deps: DiaryDeps, user: AuthedUser): ExportCtx {
  const meals = mealsCtx(deps, user);
  return {
    store: deps.store,
    meals,
    foods: customFoodsCtx(deps, user.id, meals.now),
    recipes: recipesCtx(deps, user),
    weights: weightsCtx(deps, user),
    goals: goalsCtx(deps, user),
    user,
  };
}
