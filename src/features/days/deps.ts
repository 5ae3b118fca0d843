/** What day marks add to the container (src/context.ts). */
import type { DayMarksRepo } from "./repo";

declare module "../../context" {
  interface Deps {
    dayMarks: DayMarksRepo;
  }
}
