/**
 * Meal writes: logged, quick-added, copied, edited, deleted and put back, each written to IndexedDB at once and
 * queued as a sync mutation (queue.ts), so the UI never waits on the network.
 */
import type { Schemas } from "../api-data";
import { gramsOf } from "../../../src/features/meals/nutrition";
import { localDate } from "../../../src/lib/time";
import { currentSession } from "../api";
import { writeAll, type FoodRec, type Meal, type MealType, type Portion } from "../store";
import { mealData, mealValues, nutrientsOf } from "./convert";
import { serverIds } from "./ids";
import { write, type Writer } from "./queue";

/** A quick add's kcal and macros (Schemas["QuickAdd"] without its description), each macro given, null when not known. */
export type QuickNutrients = Required<Omit<Schemas["QuickAdd"], "description">>;

/** When and where a meal sits: its meal type, and optionally its date, eaten_at and note. */
export interface When {
  mealType: MealType;
  date?: string;
  eatenAt?: string;
  note?: string | null;
}
const whenOf = (meal: Meal, w: When) => ({
  meal_type: w.mealType,
  date: w.date ?? meal.date,
  eaten_at: w.eatenAt ?? meal.eaten_at,
  note: w.note === undefined ? meal.note : w.note?.trim() || null,
});
const whenData = (m: Meal) => ({ meal_type: m.meal_type, date: m.date, eaten_at: m.eaten_at, note: m.note });

/** Now, to the second, as the server writes times. */
const nowStamp = () => new Date().toISOString().replace(/\.\d+Z$/, "Z");

/** Another day's entry: the meal's usual time, after the entries already in it (meal-time.ts). */
async function placed(w: Writer, date: string, mealType: MealType): Promise<string> {
  const tz = currentSession()?.user.timezone ?? "UTC";
  // its own chunk (the service worker caches it): the first load's JavaScript is held under 150 KB
  const { pastEatenAt } = await import("../meal-time");
  return pastEatenAt(w.db, tz, date, mealType, localDate(new Date(), tz));
}

/** What logMeal takes: a food, its amount, and where the entry goes. */
export interface LogMeal {
  food: FoodRec;
  quantity: number;
  portion: Portion | null;
  mealType: MealType;
  date: string;
  today: boolean;
  photoId?: string;
  /** When it was eaten (RFC 3339), sent as it is: items logged together keep the order they were typed in. */
  eatenAt?: string;
  /** The amount as the person said it ("1 pint (568 ml)"), from search or parse: shown instead of the grams. */
  measure?: string | null;
}

export async function logMeal(w: Writer, a: LogMeal): Promise<Meal> {
  // read before the write opens: an IndexedDB transaction left idle while another is awaited commits itself
  const at = a.eatenAt ?? (a.today ? undefined : await placed(w, a.date, a.mealType));
  const tx = writeAll(w.db);
  const ids = await serverIds(tx, a.food.id, a.portion?.id ?? null);
  const grams = gramsOf(a.quantity, a.portion);
  const now = at ?? nowStamp();
  const meal: Meal = {
    id: crypto.randomUUID(),
    food: { id: ids.foodId, name: a.food.name, ...(a.food.short_name ? { short_name: a.food.short_name } : {}) },
    meal_type: a.mealType,
    quantity: a.quantity,
    portion: a.portion ? { id: ids.portionId!, name: a.portion.name, grams: a.portion.grams / a.portion.amount } : null,
    measure: a.measure ?? null,
    grams,
    date: a.date,
    eaten_at: now,
    note: null,
    nutrients: nutrientsOf(a.food, grams),
    version: null,
  };
  const data: Record<string, unknown> = {
    food_id: ids.foodId,
    quantity: a.quantity,
    meal_type: a.mealType,
    date: a.date,
  };
  if (a.portion) data.portion_id = ids.portionId;
  if (a.measure) data.measure = a.measure;
  data.eaten_at = now; // another day's meal at the meal's usual time (meal-time.ts), as the server would put it
  if (a.photoId) data.photo_id = a.photoId;
  await write(
    w,
    { entity: "meal", id: meal.id, op: "upsert", base_version: null, data },
    async (tx) => {
      if (!ids.renamed) await tx.objectStore("foods").put(a.food); // a renamed one is already kept under its id
      await tx.objectStore("meals").put(meal);
    },
    tx,
  );
  return meal;
}

/** What quickAdd takes: kcal (and macros) typed in, no food. */
export interface QuickAddWrite {
  nutrients: QuickNutrients;
  description: string | null;
  mealType: MealType;
  date: string;
  today: boolean;
}

export async function quickAdd(w: Writer, a: QuickAddWrite): Promise<Meal> {
  const now = a.today ? nowStamp() : await placed(w, a.date, a.mealType);
  const meal: Meal = {
    id: crypto.randomUUID(),
    food: null,
    description: a.description?.trim() || "Quick add",
    meal_type: a.mealType,
    quantity: 1,
    portion: null,
    grams: 0,
    date: a.date,
    eaten_at: now,
    note: null,
    nutrients: mealValues(a.nutrients),
    version: null,
  };
  const data: Record<string, unknown> = { ...mealData(meal), meal_type: a.mealType, date: a.date };
  data.eaten_at = now;
  await write(w, { entity: "meal", id: meal.id, op: "upsert", base_version: null, data }, (tx) =>
    tx.objectStore("meals").put(meal),
  );
  return meal;
}

/** Copies of meals onto another day (Copy from yesterday): new ids, the same local time of day. */
export async function copyMeals(w: Writer, meals: Meal[], toDate: string): Promise<Meal[]> {
  const tx = writeAll(w.db);
  const copies: Meal[] = [];
  for (const m of meals) {
    const days = Math.round((Date.parse(`${toDate}T12:00:00Z`) - Date.parse(`${m.date}T12:00:00Z`)) / 86_400_000);
    const eatenAt = new Date(Date.parse(m.eaten_at) + days * 86_400_000).toISOString().replace(/\.\d+Z$/, "Z");
    const copy: Meal = { ...m, id: crypto.randomUUID(), date: toDate, eaten_at: eatenAt, version: null };
    const data = { ...mealData(m), meal_type: m.meal_type, date: toDate, eaten_at: eatenAt, note: m.note };
    await tx.objectStore("meals").put(copy);
    copies.push(copy);
    await tx
      .objectStore("queue")
      .add({ entity: "meal", id: copy.id, op: "upsert", base_version: null, data, mutation_id: crypto.randomUUID() });
  }
  await tx.done;
  w.sync.changed();
  return copies;
}

/** Undo of a copy: each copy deleted as this device has it now (it may have synced since). */
export async function deleteCopies(w: Writer, copies: Meal[]): Promise<void> {
  for (const c of copies) {
    const now = await w.db.get("meals", c.id);
    if (now) await deleteMeal(w, now);
  }
}

/** A quick add's new values, meal, date, time or note. */
export async function editQuick(
  w: Writer,
  meal: Meal,
  change: { nutrients: QuickNutrients; description: string | null } & When,
): Promise<void> {
  const nutrients = { ...meal.nutrients, ...change.nutrients };
  const next: Meal = {
    ...meal,
    nutrients,
    description: change.description?.trim() || "Quick add",
    ...whenOf(meal, change),
  };
  const data = { ...mealData(next), ...whenData(next) };
  await write(w, { entity: "meal", id: meal.id, op: "upsert", base_version: meal.version, data }, (tx) =>
    tx.objectStore("meals").put(next),
  );
}

/** A food entry's new amount (from `food`, or its kept nutrients when the food is not at hand), meal, time or note. */
export async function editMeal(
  w: Writer,
  meal: Meal,
  food: FoodRec | null,
  change: { quantity: number; portion: Portion | null; measure?: string | null } & When,
): Promise<void> {
  const tx = writeAll(w.db);
  const ids = await serverIds(tx, food?.id ?? meal.food!.id, change.portion?.id ?? null);
  const grams = gramsOf(change.quantity, change.portion);
  const next: Meal = {
    ...meal,
    quantity: change.quantity,
    portion: change.portion
      ? { id: ids.portionId!, name: change.portion.name, grams: change.portion.grams / change.portion.amount }
      : null,
    // an amount changed by hand is said by its quantity; the same amount keeps its words
    measure: change.measure ?? null,
    grams,
    nutrients: food ? nutrientsOf(food, grams) : meal.nutrients,
    ...whenOf(meal, change),
  };
  const data = {
    quantity: change.quantity,
    portion_id: ids.portionId,
    ...(change.measure ? { measure: change.measure } : {}),
    ...whenData(next),
  };
  await write(
    w,
    { entity: "meal", id: meal.id, op: "upsert", base_version: meal.version, data },
    (tx) => tx.objectStore("meals").put(next),
    tx,
  );
}

export async function deleteMeal(w: Writer, meal: Meal): Promise<void> {
  await write(w, { entity: "meal", id: meal.id, op: "delete", base_version: meal.version, data: null }, (tx) =>
    tx.objectStore("meals").delete(meal.id),
  );
}

/** Undo of a delete: the same meal again (the server takes its id back after the delete). */
export async function restoreMeal(w: Writer, meal: Meal): Promise<void> {
  const data: Record<string, unknown> = {
    ...mealData(meal),
    meal_type: meal.meal_type,
    date: meal.date,
    eaten_at: meal.eaten_at,
    note: meal.note,
  };
  await write(w, { entity: "meal", id: meal.id, op: "upsert", base_version: null, data }, (tx) =>
    tx.objectStore("meals").put({ ...meal, version: null }),
  );
}
