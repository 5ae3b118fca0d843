/**
 * Repeats, written local first like every meal (records.ts): copies of meals onto another meal or day,
 * moving a meal, and saved meals (API.md §Meals "Repeats", §Saved meals), which live in IndexedDB and go
 * out as `saved_meal` sync mutations, so they are made, edited and logged offline like recipes.
 */
import { client, isOffline, ok } from "./api";
import { loadFood } from "./foods";
import { enqueue, mealData, type Local } from "./records";
import { writeAll, type Meal, type MealType, type SavedEntry, type SavedMealRec } from "./store";
import type { Sync } from "./sync";

const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, "Z");
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/**
 * The id of the copy of meal `sourceId` onto `toDate` (and `toMeal`): the same inputs give the same id, so a
 * second press of a copy button finds its copies already there and makes no more.
 */
export async function copyId(sourceId: string, toDate: string, toMeal: MealType): Promise<string> {
  const bytes = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`copy:${sourceId}:${toDate}:${toMeal}`)),
  ).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8 (made by us), RFC 9562
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Copies of `meals` onto `toDate` (under `toMeal`, else each its own meal type), at the same local time of day.
 * `stable`: ids derived from the source and target, so a repeat copies nothing twice (a copy already here is
 * left as it is and counted in `already`); otherwise new ids (an entry's own `Copy` may be meant twice).
 */
export async function copyMeals(
  sync: Sync,
  meals: Meal[],
  toDate: string,
  o: { toMeal?: MealType; stable: boolean },
): Promise<{ copies: Meal[]; already: number }> {
  const ids = await Promise.all(
    meals.map((m) => (o.stable ? copyId(m.id, toDate, o.toMeal ?? m.meal_type) : crypto.randomUUID())),
  );
  const tx = writeAll(sync.db);
  const copies: Meal[] = [];
  let already = 0;
  for (const [i, m] of meals.entries()) {
    const id = ids[i]!;
    if (await tx.objectStore("meals").get(id)) {
      already++;
      continue;
    }
    const eatenAt = rfc3339(Date.parse(m.eaten_at) + daysBetween(m.date, toDate) * 86_400_000);
    const mealType = o.toMeal ?? m.meal_type;
    const copy: Meal = { ...m, id, meal_type: mealType, date: toDate, eaten_at: eatenAt, version: null };
    const data = { ...mealData(m), meal_type: mealType, date: toDate, eaten_at: eatenAt, note: m.note };
    await tx.objectStore("meals").put(copy);
    await tx
      .objectStore("queue")
      .add({ entity: "meal", id, op: "upsert", base_version: null, data, mutation_id: crypto.randomUUID() });
    copies.push(copy);
  }
  await tx.done;
  if (copies.length) sync.changed();
  return { copies, already };
}

/** The same meal (same id) under another meal type and/or date, at the same local time of day. */
export async function moveMeal(sync: Sync, meal: Meal, to: { date: string; mealType: MealType }): Promise<Meal> {
  const eatenAt = rfc3339(Date.parse(meal.eaten_at) + daysBetween(meal.date, to.date) * 86_400_000);
  const next: Meal = { ...meal, date: to.date, meal_type: to.mealType, eaten_at: eatenAt };
  const data = { meal_type: to.mealType, date: to.date, eaten_at: eatenAt };
  await enqueue(sync, { entity: "meal", id: meal.id, op: "upsert", base_version: meal.version, data }, (tx) =>
    tx.objectStore("meals").put(next),
  );
  return next;
}

/** A logged meal as a saved meal's entry (what logs it again), with the snapshot a SavedMeal shows. */
export function entryOf(m: Meal): SavedEntry {
  if (!m.food) {
    const n = m.nutrients;
    return {
      food: null,
      quantity: 1,
      portion: null,
      grams: 0,
      quick_add: {
        energy_kcal: n.energy_kcal ?? 0,
        protein_g: n.protein_g ?? null,
        fat_g: n.fat_g ?? null,
        carbohydrate_g: n.carbohydrate_g ?? null,
        description: m.description ?? null,
      },
      energy_kcal: n.energy_kcal ?? 0,
      measure: null,
    };
  }
  return {
    food: { id: m.food.id, name: m.food.name },
    quantity: m.quantity,
    portion: m.portion,
    grams: m.grams,
    quick_add: null,
    energy_kcal: m.nutrients.energy_kcal ?? null,
    measure: m.measure ?? null,
  };
}

/** An entry as the API takes it (POST /saved-meals `entries`), with the amount as said ("1 pint (568 ml)"). */
const entryData = (e: SavedEntry) =>
  e.quick_add
    ? { quick_add: e.quick_add }
    : {
        food_id: e.food!.id,
        quantity: e.quantity,
        ...(e.portion ? { portion_id: e.portion.id } : {}),
        ...(e.measure ? { measure: e.measure } : {}),
      };

const totalKcal = (entries: SavedEntry[]) =>
  entries.some((e) => e.energy_kcal === null) ? null : entries.reduce((s, e) => s + (e.energy_kcal ?? 0), 0);

/** A new saved meal (`old` null) or a change to one: its name and its entries (the whole list). */
export async function saveMeal(sync: Sync, old: SavedMealRec | null, name: string, entries: SavedEntry[]) {
  const rec: SavedMealRec = {
    id: old?.id ?? crypto.randomUUID(),
    name: name.trim(),
    entries,
    energy_kcal: totalKcal(entries),
    version: old?.version ?? null,
  };
  const data = { name: rec.name, entries: entries.map(entryData) };
  await enqueue(sync, { entity: "saved_meal", id: rec.id, op: "upsert", base_version: rec.version, data }, (tx) =>
    tx.objectStore("saved_meals").put(rec),
  );
  return rec;
}

export async function deleteSavedMeal(sync: Sync, rec: SavedMealRec): Promise<void> {
  await enqueue(sync, { entity: "saved_meal", id: rec.id, op: "delete", base_version: rec.version, data: null }, (tx) =>
    tx.objectStore("saved_meals").delete(rec.id),
  );
}

/**
 * Logs a saved meal at `mealType` on `date`: through `POST /saved-meals/:id/log` (one request, all or none,
 * with an id made per tap) when the server has it and answers; offline, or before it has synced, each entry
 * is logged here like a meal from the log form and sent by sync. Returns how many meals were logged.
 */
export async function logSavedMeal(
  a: { sync: Sync; local: Local },
  rec: SavedMealRec,
  at: { mealType: MealType; date: string; today: boolean },
): Promise<number> {
  if (rec.version !== null) {
    try {
      const r = await ok(
        client.POST("/api/v1/saved-meals/{id}/log", {
          params: { path: { id: rec.id } },
          body: { meal_type: at.mealType, date: at.date, id: crypto.randomUUID() },
        }),
      );
      await a.sync.run(); // the new meals come back through the change feed, with their versions
      return r.meals.length;
    } catch (e) {
      if (!isOffline(e)) throw e;
    }
  }
  const start = Date.now();
  for (const [i, e] of rec.entries.entries()) {
    // today: each a second apart, so they keep the saved order (another day: the server's usual time for the meal)
    const eatenAt = at.today ? rfc3339(start + i * 1000) : undefined;
    if (e.quick_add) {
      const q = e.quick_add;
      await a.local.quickAdd({
        nutrients: {
          energy_kcal: q.energy_kcal,
          protein_g: q.protein_g ?? null,
          fat_g: q.fat_g ?? null,
          carbohydrate_g: q.carbohydrate_g ?? null,
        },
        description: q.description ?? null,
        ...at,
      });
      continue;
    }
    const food = await loadFood(a.sync.db, e.food!.id);
    if (!food) throw new Error(`${e.food!.name} is not available offline; try again when the server is reachable.`);
    const portion = e.portion ? (food.portions.find((p) => p.id === e.portion!.id) ?? null) : null;
    await a.local.logMeal({
      food,
      quantity: e.portion && !portion ? e.grams : e.quantity,
      portion,
      measure: e.measure ?? null,
      ...at,
      ...(eatenAt ? { eatenAt } : {}),
    });
  }
  return rec.entries.length;
}
