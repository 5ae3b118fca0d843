/**
 * A custom food or recipe made offline has a negative id until its push comes back with the real one; then
 * everything that names it here follows (records/ids.ts reads the rename for forms still open on it).
 */
import { renamedKey, renamedPortion, type Renamed } from "../records/ids";
import type { Mutation, Tx } from "../store";

/** A custom food or recipe made on this device that the server has not numbered yet. */
export const madeHere = (m: Mutation) =>
  (m.entity === "food" || m.entity === "recipe") && typeof m.id === "number" && m.id < 0;

/**
 * A custom food made offline got its id: the queue and the meals that name it follow, and so do
 * its portions (made here as temp − 1, temp − 2, …, in the order the server numbers them).
 */
export async function renameFood(tx: Tx, temp: number, real: number, portions: { id: number }[]): Promise<void> {
  await tx.objectStore("foods").delete(temp);
  await tx.objectStore("recipes").delete(temp);
  // a form still open on the temporary food logs under the real id (records/ids.ts serverIds)
  const renamed: Renamed = { id: real, portions: portions.map((p) => p.id) };
  await tx.objectStore("meta").put(renamed, renamedKey(temp));
  const portion = (id: unknown) => renamedPortion(temp, renamed, id);
  let cursor = await tx.objectStore("queue").openCursor();
  while (cursor) {
    const q = cursor.value;
    if (q.entity === "meal" && q.data) {
      // a new meal names the food; an edit may name only one of its portions
      const data = {
        ...q.data,
        ...(q.data.food_id === temp ? { food_id: real } : {}),
        ...(q.data.portion_id != null ? { portion_id: portion(q.data.portion_id) } : {}),
      };
      if (JSON.stringify(data) !== JSON.stringify(q.data)) await cursor.update({ ...q, data });
    }
    if ((q.entity === "food" || q.entity === "recipe") && q.id === temp) await cursor.update({ ...q, id: real });
    else if (q.entity === "recipe" && Array.isArray(q.data?.ingredients)) {
      // a recipe made of it names it as an ingredient
      const ingredients = (q.data.ingredients as { food_id: number; portion_id?: number }[]).map((i) =>
        i.food_id === temp
          ? { ...i, food_id: real, ...(i.portion_id != null ? { portion_id: portion(i.portion_id) } : {}) }
          : i,
      );
      await cursor.update({ ...q, data: { ...q.data, ingredients } });
    }
    cursor = await cursor.continue();
  }
  let meals = await tx.objectStore("meals").openCursor();
  while (meals) {
    const meal = meals.value;
    if (meal.food?.id === temp)
      await meals.update({
        ...meal,
        food: { ...meal.food, id: real },
        portion: meal.portion ? { ...meal.portion, id: portion(meal.portion.id) as number } : meal.portion,
      });
    meals = await meals.continue();
  }
}
