/** What activity settings add to the container (src/context.ts). */
import type { ActivitySettingsRepo } from "./repo";

declare module "../../context" {
  interface Deps {
    activitySettings: ActivitySettingsRepo;
  }
}
