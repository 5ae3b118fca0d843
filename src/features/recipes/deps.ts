/** What recipes add to the container (src/context.ts). */
import type { RecipesRepo } from "./repo";

declare module "../../context" {
  interface Deps {
    recipes: RecipesRepo;
  }
}
