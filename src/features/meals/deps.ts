/** What the meal log adds to the container (src/context.ts). */
import type { DayPages } from "./daily";
import type { MealsRepo } from "./repo";
import type { PhotoHooks } from "./service";

declare module "../../context" {
  interface Deps {
    meals: MealsRepo;
    /** The photo scanner's side of meals logged from a photo (scanner/photo-hooks.ts). */
    photoHooks: PhotoHooks;
    /** Day pages (GET /meals/daily) by user, date and change-log version: never stale (daily.ts). */
    dayPages: DayPages;
  }
}
