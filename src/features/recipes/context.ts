/** The recipes context for one request; sync and portability build theirs with it. */
import type { ChangeLog } from "../../db/change-log";
import type { AuthedUser } from "../auth/plugin";
import type { RouteDeps } from "../auth/context";
import { customFoodsCtx } from "../custom-foods/context";
import type { CustomFoodsRepo } from "../custom-foods/repo";
import type { FoodDirectory } from "../foods/directory";
import type { RecipesRepo } from "./repo";
import type { RecipesCtx } from "./service";

export interface RecipesDeps extends RouteDeps {
  recipes: RecipesRepo;
  foods: FoodDirectory;
  customFoods: CustomFoodsRepo;
  changeLog: ChangeLog;
}

export function recipesCtx(
  deps: Pick<RecipesDeps, "store" | "recipes" | "foods" | "customFoods" | "changeLog" | "now">,
  user: Pick<AuthedUser, "id">,
): RecipesCtx {
  const now = deps.now();
  return {
    store: deps.store,
    repo: deps.recipes,
    foods: deps.foods,
    custom: customFoodsCtx(deps, user.id, now),
    log: deps.changeLog,
    userId: user.id,
    now,
  };
}
