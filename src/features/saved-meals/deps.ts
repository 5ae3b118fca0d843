/** What saved meals add to the container (src/context.ts). */
import type { SavedMealsRepo } from "./repo";

declare module "../../context" {
  interface Deps {
    savedMeals: SavedMealsRepo;
  }
}
