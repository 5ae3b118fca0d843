/**
 * A record as the server has it (a pushed mutation's answer, or a change pulled from the feed) put in the browser's
 * store, unless the person still has to decide a conflict on it or a later local change to it is waiting.
 */
import type { Ok } from "../api-data";
import { isActivityEntity, storeActivity } from "../activity-records";
import { fromDay, fromFood, fromMeal, fromRecipe, fromSavedMeal, fromWeight } from "../records/convert";
import type { Mutation, Tx } from "../store";

/** One change of the feed (GET /sync/changes). */
export type Change = Ok<"pullChanges">["changes"][number];

/** The record as the server has it (or gone), unless a later local change to it is still waiting. */
export async function storeRecord(
  tx: Tx,
  entity: Change["entity"],
  id: Mutation["id"],
  data: Record<string, unknown> | null,
  version: number | null,
): Promise<void> {
  if (await tx.objectStore("conflicts").get(`${entity}:${id}`)) return; // the person decides
  // a recipe's change waiting here also holds its food (the server writes both)
  const waiting = (await tx.objectStore("queue").getAll()).some(
    (q) => q.id === id && (q.entity === entity || (entity === "food" && q.entity === "recipe")),
  );
  if (waiting) {
    // this device's newer change stays on screen; it will build on this version
    const meal = entity === "meal" ? await tx.objectStore("meals").get(String(id)) : undefined;
    if (meal) await tx.objectStore("meals").put({ ...meal, version });
    return;
  }
  if (entity === "meal") {
    if (data) await tx.objectStore("meals").put(fromMeal(data, version));
    else await tx.objectStore("meals").delete(String(id));
  } else if (entity === "food") {
    if (data) await tx.objectStore("foods").put(fromFood(data, version));
    else if (typeof id === "number") await tx.objectStore("foods").delete(id);
  } else if (entity === "goals") {
    await tx.objectStore("meta").put({ goals: data, version }, "goals");
  } else if (entity === "target_profile" || entity === "targets") {
    await tx.objectStore("meta").put({ data, version }, entity); // targets-local.ts reads them
  } else if (entity === "weight") {
    if (data) await tx.objectStore("weights").put(fromWeight(String(id), data, version));
    else await tx.objectStore("weights").delete(String(id));
  } else if (entity === "day") {
    if (data) await tx.objectStore("days").put(fromDay(String(id), data, version));
    else await tx.objectStore("days").delete(String(id));
  } else if (isActivityEntity(entity)) {
    await storeActivity(tx, entity, String(id), data, version);
  } else if (entity === "saved_meal") {
    if (data) await tx.objectStore("saved_meals").put(fromSavedMeal(data, version));
    else await tx.objectStore("saved_meals").delete(String(id));
  } else if (entity === "recipe" && typeof id === "number") {
    if (data) {
      await tx.objectStore("recipes").put(fromRecipe(data, version));
      // its food comes as a change of its own; one made here has none yet until the next pull
      if (!(await tx.objectStore("foods").get(id)))
        await tx.objectStore("foods").put(
          fromFood(
            {
              ...data,
              source: "custom",
              barcode: null,
              default_portion: (data.portions as unknown[])?.[0] ?? null,
            },
            null,
          ),
        );
    } else {
      await tx.objectStore("recipes").delete(id);
      await tx.objectStore("foods").delete(id); // its food goes with it (a refused one made here too)
    }
  }
}
