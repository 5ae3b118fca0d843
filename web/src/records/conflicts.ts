/** A conflict settled by the person (sync keeps it until then; views/status.tsx asks). */
import { isActivityEntity, storeActivity } from "../activity-records";
import { writeAll, type Conflict, type Meal } from "../store";
import { fromDay, fromFood, fromMeal, fromRecipe, fromSavedMeal, fromWeight, mealData } from "./convert";
import type { Writer } from "./queue";

/** The person's choice in a conflict: this device's version is sent again on top of the server's, or the server's is kept. */
export async function resolve(w: Writer, c: Conflict, keep: "mine" | "theirs"): Promise<void> {
  const tx = writeAll(w.db);
  await tx.objectStore("conflicts").delete(c.key);
  if (keep === "theirs") {
    if (c.entity === "meal") {
      if (c.theirs) await tx.objectStore("meals").put(fromMeal(c.theirs, c.version));
      else await tx.objectStore("meals").delete(String(c.id));
    } else if (c.entity === "goals") await tx.objectStore("meta").put({ goals: c.theirs, version: c.version }, "goals");
    else if (c.entity === "target_profile" || c.entity === "targets")
      await tx.objectStore("meta").put({ data: c.theirs, version: c.version }, c.entity);
    else if (c.entity === "weight") {
      if (c.theirs) await tx.objectStore("weights").put(fromWeight(String(c.id), c.theirs, c.version));
      else await tx.objectStore("weights").delete(String(c.id));
    } else if (c.entity === "day") {
      if (c.theirs) await tx.objectStore("days").put(fromDay(String(c.id), c.theirs, c.version));
      else await tx.objectStore("days").delete(String(c.id));
    } else if (isActivityEntity(c.entity)) {
      await storeActivity(tx, c.entity, String(c.id), c.theirs, c.version);
    } else if (c.entity === "saved_meal") {
      if (c.theirs) await tx.objectStore("saved_meals").put(fromSavedMeal(c.theirs, c.version));
      else await tx.objectStore("saved_meals").delete(String(c.id));
    } else if (c.entity === "recipe") {
      if (c.theirs) await tx.objectStore("recipes").put(fromRecipe(c.theirs, c.version));
      else await tx.objectStore("recipes").delete(Number(c.id));
    } else if (c.theirs) await tx.objectStore("foods").put(fromFood(c.theirs, c.version));
  } else {
    const m = c.mine as Partial<Meal> | null;
    let data: Record<string, unknown> | null = c.mine;
    if (c.entity === "meal" && m) {
      const what = m.food ? { quantity: m.quantity, portion_id: m.portion?.id ?? null } : mealData(m as Meal);
      data = { ...what, meal_type: m.meal_type, date: m.date, eaten_at: m.eaten_at, note: m.note ?? null };
      if (!c.theirs) data = { ...data, ...mealData(m as Meal) }; // deleted there: log it again
      await tx.objectStore("meals").put({ ...(m as Meal), version: c.version });
    }
    await tx.objectStore("queue").add({
      mutation_id: crypto.randomUUID(),
      entity: c.entity,
      id: c.id,
      op: c.mine ? "upsert" : "delete",
      base_version: c.version,
      data,
    });
  }
  await tx.done;
  w.sync.changed();
}
