/** What food search and detail add to the container (src/context.ts). */
import type { Catalogue } from "../../db/catalogue";
import type { BudgetLimits } from "../../lib/cost-budget";
import type { FoodDirectory } from "./directory";
import type { DishIndex } from "./parse";
import type { MealHistory } from "./recent";
import type { FoodSearch } from "./search";
import type { Lru } from "../../lib/lru";
import type { PersonalFoods, SearchPage } from "./service";

declare module "../../context" {
  interface Deps {
    catalogue: Catalogue;
    search: FoodSearch;
    /** Which kind of food an id is: catalogue, custom or imported (directory.ts). */
    foods: FoodDirectory;
    /** What a signed-in caller adds to search (custom-foods/personal.ts), for the request's `now`. */
    personal: (userId: number, now: Date) => PersonalFoods;
    /** Per food and day, the caller's meals of one meal type (the meal log's MealsRepo.foodHistoryAt). */
    mealHistory: MealHistory;
    /** Food names with "and"/"with" inside them (POST /foods/parse). */
    dishes: DishIndex;
    /**
     * Anonymous search pages, serialised once (http/reply.ts), per (imported-products generation, limit,
     * offset, query); kept as promises, so the same query sent twice at once is ranked once.
     */
    anonymousPages: Lru<string, Promise<SearchPage>>;
    /** Anonymous food search's per-address budget of server time (lib/cost-budget.ts); tests shrink it. */
    searchBudget?: BudgetLimits;
    /** A signed-in user's search budget (lib/cost-budget.ts); default SIGNED_IN_SEARCH_BUDGET. */
    signedInSearchBudget?: BudgetLimits;
  }
}
