/** What imported Open Food Facts products add to the container (src/context.ts). */
import type { OffClient } from "./online";
import type { OnlineLookupSetting } from "./online-setting";
import type { ImportedRepo } from "./repo";

declare module "../../context" {
  interface Deps {
    imported: ImportedRepo;
    /** The Open Food Facts client for online lookups (null: none, as in most tests). */
    offClient: OffClient | null;
    /** Whether barcode misses may ask Open Food Facts (the admin's setting, off by default). */
    onlineLookup: OnlineLookupSetting;
  }
}
