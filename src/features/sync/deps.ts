/** What sync adds to the container (src/context.ts). */
import type { SyncMutationsRepo } from "./repo";

declare module "../../context" {
  interface Deps {
    /** Days a delete's tombstone is kept for sync; older cursors get 410. */
    tombstoneDays: number;
    /** Each applied mutation's result, by its id (a replay answers the same). */
    syncMutations: SyncMutationsRepo;
  }
}
