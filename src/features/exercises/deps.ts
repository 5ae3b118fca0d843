/** What exercises add to the container (src/context.ts). */
import type { ExercisesRepo } from "./repo";

declare module "../../context" {
  interface Deps {
    exercises: ExercisesRepo;
  }
}
