/** What daily values add to the container (src/context.ts). */
import type { DailyValuesRepo } from "./repo";

declare module "../../context" {
  interface Deps {
    dailyValues: DailyValuesRepo;
  }
}
