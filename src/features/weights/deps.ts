/** What weights add to the container (src/context.ts). */
import type { WeightsRepo } from "./repo";

declare module "../../context" {
  interface Deps {
    weights: WeightsRepo;
  }
}
