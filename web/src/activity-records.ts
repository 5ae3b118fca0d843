/**
 * The activity entities' records in the browser's `activity` store, as the server sends them. Apart from
 * activity.ts so that sync.ts and records.ts, which store pulled and resolved records, need not import
 * activity.ts (which queues its writes through records.ts): no import circle.
 */
import type { ActivityEntity, Tx } from "./store";

export const ACTIVITY_ENTITIES: readonly string[] = ["exercise", "daily_value", "activity_settings"];
export const isActivityEntity = (e: string): e is ActivityEntity => ACTIVITY_ENTITIES.includes(e);

const dateOf = (entity: ActivityEntity, id: string, data: Record<string, unknown>) =>
  entity === "exercise" ? String(data.date ?? "") : entity === "daily_value" ? id.split(":")[0]! : "";

/** The record as the server has it (sync.ts calls this for the three entities), or gone. */
export async function storeActivity(
  tx: Tx,
  entity: ActivityEntity,
  id: string,
  data: Record<string, unknown> | null,
  version: number | null,
): Promise<void> {
  const key = `${entity}:${id}`;
  if (!data) await tx.objectStore("activity").delete(key);
  else await tx.objectStore("activity").put({ key, entity, id, date: dateOf(entity, id, data), data, version });
}
