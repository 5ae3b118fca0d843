/** A local write and its sync mutation go into IndexedDB in one transaction; then sync is told. */
import { writeAll, type Mutation, type Store, type Tx } from "../store";

/**
 * What a local write tells sync (sync/index.ts's Sync is one): its database, and that a change is waiting.
 * Stated here so these files need not import sync/, which imports them.
 */
export interface SyncQueue {
  readonly db: Store;
  changed(): void;
  /**
   * The version a change to this record builds on: `base` moved on past what this device's own pushes made of
   * it (a view rendered before the server answered still holds the version before, and a change sent on that
   * would come back a conflict with itself). Another device's change is not skipped: that is a real conflict.
   */
  latest(entity: string, id: Mutation["id"], base: number | null): number | null;
}

/** Where a local write goes: the person's database, and the sync that sends its mutation (records/index.ts Local). */
export interface Writer {
  readonly db: Store;
  readonly sync: SyncQueue;
}

/** A mutation as a write names it: the queue numbers it and gives it its mutation_id. */
export type Change = Omit<Mutation, "mutation_id" | "seq">;

/** A local write and its queued mutation, in one transaction; then sync is told. */
export async function enqueue(
  sync: SyncQueue,
  m: Change,
  write: (tx: Tx) => Promise<unknown>,
  tx: Tx = writeAll(sync.db),
): Promise<void> {
  await write(tx);
  const base_version = sync.latest(m.entity, m.id, m.base_version);
  await tx.objectStore("queue").add({ ...m, base_version, mutation_id: crypto.randomUUID() });
  await tx.done;
  sync.changed();
}

/** A write of `w`: its transaction over `w.db` unless one is given (Local's writes ran on its own database). */
export const write = (w: Writer, m: Change, put: (tx: Tx) => Promise<unknown>, tx: Tx = writeAll(w.db)) =>
  enqueue(w.sync, m, put, tx);
