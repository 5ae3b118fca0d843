/** What food search and detail need, and their context for one request (signed in or not). */
import type { Catalogue } from "../../db/catalogue";
import type { BudgetLimits } from "../../lib/cost-budget";
import type { ClientAddressOf, RouteDeps } from "../auth/context";
import type { FoodDirectory } from "./directory";
import type { FoodSearch } from "./search";
import type { FoodsCtx, ImportedCandidates, PersonalFoods } from "./service";
import type { MealHistory } from "./recent";

export interface FoodsDeps extends RouteDeps {
  catalogue: Catalogue;
  search: FoodSearch;
  /** Which kind of food an id is: catalogue, custom or imported (directory.ts). */
  foods: FoodDirectory;
  imported: ImportedCandidates;
  /** What a signed-in caller adds (custom-foods/personal.ts); undefined for anonymous callers. */
  personal: (userId: number | null) => PersonalFoods | undefined;
  /** Per food and day, the caller's meals of one meal type (the meal log's MealsRepo.foodHistoryAt). */
  mealHistory: MealHistory;
  clientAddress: ClientAddressOf;
  /** Anonymous food search's per-address budget of server time (lib/cost-budget.ts); tests shrink it. */
  searchBudget?: BudgetLimits;
  /** A signed-in user's search budget (lib/cost-budget.ts); default SIGNED_IN_SEARCH_BUDGET. */
  signedInSearchBudget?: BudgetLimits;
}

export const foodsCtx = (deps: FoodsDeps, userId: number | null): FoodsCtx => ({
  store: deps.store,
  directory: deps.foods,
  search: deps.search,
  imported: deps.imported,
  userId,
  personal: deps.personal(userId),
});
