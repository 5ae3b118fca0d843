/** What goals add to the container (src/context.ts). */
import type { GoalPlansRepo } from "./repo";

declare module "../../context" {
  interface Deps {
    goalPlans: GoalPlansRepo;
  }
}
