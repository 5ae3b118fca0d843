/** What targets add to the container (src/context.ts). */
import type { TargetSettingsRepo } from "./repo";

declare module "../../context" {
  interface Deps {
    targetSettings: TargetSettingsRepo;
  }
}
