/**
 * Ids as the server knows them. A custom food made offline has a negative temporary id until its push comes back;
 * sync/rename.ts keeps what it became (meta `renamed:<temp>`), and a write that still names the temporary one is sent
 * under the real one.
 */
import type { Tx } from "../store";

/** What a custom food made here became on the server: its id, and its portions' ids in order (sync/rename.ts keeps it). */
export interface Renamed {
  id: number;
  portions: number[];
}
export const renamedKey = (temp: number) => `renamed:${temp}`;

/**
 * A portion id as the server knows it: the portions of a custom food made here are numbered temp − 1,
 * temp − 2, … in the order the server numbers them, so the n-th becomes the server's n-th. Any other
 * id (a portion of another food, or one the server gave) is left as it is.
 */
export function renamedPortion<T>(temp: number, r: Renamed, id: T): T | number {
  return typeof id === "number" && id < temp ? (r.portions[temp - id - 1] ?? id) : id;
}

/**
 * A food and portion as the server knows them. A form opened on a custom food before the server
 * gave it an id still holds the temporary one; the rename is read in the same transaction as the
 * write, so a meal never goes out naming an id the server has never seen.
 */
export async function serverIds(
  tx: Tx,
  foodId: number,
  portionId: number | null,
): Promise<{ foodId: number; portionId: number | null; renamed: boolean }> {
  if (foodId >= 0) return { foodId, portionId, renamed: false };
  const r = (await tx.objectStore("meta").get(renamedKey(foodId))) as Renamed | undefined;
  if (!r) return { foodId, portionId, renamed: false };
  return { foodId: r.id, portionId: renamedPortion(foodId, r, portionId), renamed: true };
}
