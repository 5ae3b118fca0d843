/** What custom foods add to the container (src/context.ts). */
import type { CustomFoodsRepo } from "./repo";

declare module "../../context" {
  interface Deps {
    customFoods: CustomFoodsRepo;
  }
}
