/**
 * Pending mutations go out through /sync/push in order, with their stable mutation_id and base_version (API.md
 * §Sync); each answer is settled in one transaction: applied (later changes build on its version), a conflict
 * (kept for the person), or refused (kept with the server's reason, the record put back as the server has it).
 */
import type { Ok } from "../api-data";
import { client, ok } from "../api";
import { apiErrorInWords } from "../refusals";
import { writeAll, type Conflict, type Mutation, type Store, type Tx } from "../store";
import { storeRecord } from "./apply";
import { describe, label } from "./labels";
import { madeHere, renameFood } from "./rename";

/** The server's answer to one pushed mutation. */
type Result = Ok<"pushMutations">["results"][number];

const BATCH = 100;

/** `entity:id:base` → the version this device's push made of it (Sync.latest reads it). */
export type Made = Map<string, number>;

/** Sends the queue until it is empty; `onData` after each batch, so views re-read. */
export async function push(db: Store, made: Made, onData: () => void): Promise<void> {
  for (;;) {
    const queue = await db.getAll("queue", undefined, BATCH);
    if (!queue.length) return;
    // A custom food made offline goes alone first: the meals after it need its real id.
    // At most one mutation per record per push: the next one needs the version this one makes.
    const keys = new Set<string>();
    let end = queue.findIndex((m) => {
      const k = `${m.entity}:${m.id}`;
      if (keys.has(k)) return true;
      keys.add(k);
      return false;
    });
    if (end < 0) end = queue.length;
    // A custom food or recipe made offline goes alone first: the meals (and recipes) after it need its real id.
    const cut = queue.findIndex(madeHere);
    const batch = cut === 0 ? queue.slice(0, 1) : queue.slice(0, cut > 0 ? Math.min(cut, end) : end);
    const wire = batch.map(({ seq: _, ...m }) => ({ ...m, id: typeof m.id === "number" && m.id < 0 ? null : m.id }));
    const { results } = await ok(client.POST("/api/v1/sync/push", { body: { mutations: wire } }));
    for (let i = 0; i < batch.length; i++) await settle(db, made, batch[i]!, results[i]!);
    onData();
  }
}

async function settle(db: Store, made: Made, m: Mutation, r: Result): Promise<void> {
  const tx = writeAll(db);
  await tx.objectStore("queue").delete(m.seq!);
  const ok = r.status === "applied" || r.status === "duplicate";
  let id = m.id;
  if (ok && madeHere(m) && r.current) {
    id = Number(r.current.id);
    await renameFood(tx, m.id as number, id, (r.current.portions as { id: number }[] | undefined) ?? []);
  }
  // The record's later changes build on what this one made; after a failure they are dropped
  // (the conflict keeps this device's latest version, a refusal puts back the server's).
  let later = await tx.objectStore("queue").openCursor();
  while (later) {
    if (later.value.entity === m.entity && later.value.id === id) {
      if (ok) await later.update({ ...later.value, base_version: r.version });
      else await later.delete();
    }
    later = await later.continue();
  }
  if (ok) {
    if (typeof r.version === "number" && r.version > (m.base_version ?? 0))
      made.set(`${m.entity}:${id}:${m.base_version}`, r.version);
    await storeRecord(tx, m.entity, id, r.current, r.version);
  } else if (r.status === "conflict") {
    const mine = m.op === "delete" ? null : await mineOf(tx, m);
    const conflict: Conflict = {
      key: `${m.entity}:${m.id}`,
      entity: m.entity,
      id: m.id!,
      label: label(mine ?? r.current),
      mine,
      theirs: r.current,
      version: r.version,
    };
    await tx.objectStore("conflicts").put(conflict);
  } else {
    const why = r.error ? apiErrorInWords(r.error) : "refused.";
    await tx.objectStore("problems").put({ mutation_id: m.mutation_id, text: `${describe(m)} was not saved: ${why}` });
    await storeRecord(tx, m.entity, m.id, r.current, r.version); // back to what the server has
  }
  await tx.done;
}

/** This device's side of a conflict: a meal as it shows here, any other record as the mutation sent it. */
async function mineOf(tx: Tx, m: Mutation): Promise<Record<string, unknown> | null> {
  if (m.entity === "meal")
    return ((await tx.objectStore("meals").get(String(m.id))) as unknown as Record<string, unknown>) ?? m.data;
  return m.data;
}
