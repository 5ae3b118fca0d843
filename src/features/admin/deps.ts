/** What the admin's routes add to the container (src/context.ts). */
import type { Q } from "../../db/q";

declare module "../../context" {
  interface Deps {
    /** Meals per account id (the meal log answers it). */
    mealCounts: () => Q<Map<number, number>>;
  }
}
