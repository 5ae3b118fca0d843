/** What sync adds to the container (src/context.ts). */

declare module "../../context" {
  interface Deps {
    /** Days a delete's tombstone is kept for sync; older cursors get 410. */
    tombstoneDays: number;
  }
}

export {};
