/**
 * The one saved-meal validator: REST (POST/PATCH /saved-meals), sync push and import call it, so a saved
 * meal refused on one path is refused on every path with the same field. The schema from model.ts first,
 * then what depends on stored data: each food must be one this user may log, each portion one of its
 * food's, and each quantity within the meal log's limits (meals/validate.ts checkQuantity).
 */
import type { Q } from "../../db/q";
import { Problems } from "../../lib/problems";
import { checkSchema } from "../../schema/validation";
import type { LoggableFood } from "../foods/directory";
import { gramsOf, round3, scale } from "../meals/nutrition";
import { checkQuantity, cleanMeasure, quickValues } from "../meals/validate";
import { CreateSavedMealBody, PatchSavedMealBody, type SavedEntryT } from "./model";

/** Which foods the user may log (the food directory, or an import's own custom foods). */
export type FoodLookup = (id: number) => Q<LoggableFood | null>;

export interface SavedMealInput {
  id?: string;
  name?: string;
  entries?: SavedEntryT[];
}

/** `create` requires name and entries; `prefix` names where the record sits ("data.", "saved_meals.3."). */
export function* checkSavedMeal(food: FoodLookup, raw: unknown, create: boolean, prefix = ""): Q<SavedMealInput> {
  const body = checkSchema(create ? CreateSavedMealBody : PatchSavedMealBody, raw, prefix);
  const p = new Problems();
  const out: SavedMealInput = {};
  const id = (body as { id?: string }).id;
  if (id !== undefined) out.id = id.toLowerCase();
  if (body.name !== undefined) {
    out.name = body.name.trim();
    if (!out.name) p.add(`${prefix}name`, "must not be blank");
  } else if (create) p.add(`${prefix}name`, "is required");
  if (body.entries === undefined) {
    if (create) p.add(`${prefix}entries`, "is required: an array of at least one entry");
    p.throwIfAny();
    return out;
  }
  const entries: SavedEntryT[] = [];
  for (const [i, e] of body.entries.entries()) {
    const at = `${prefix}entries.${i}.`;
    if (e.quick_add !== undefined && e.quick_add !== null) {
      // quantity is left alone: a SavedMeal shows a quick add as quantity 1, and may be sent back whole
      for (const k of ["food_id", "portion_id"] as const)
        if (e[k] !== undefined && e[k] !== null) p.add(`${at}${k}`, "cannot be sent with quick_add");
      if (e.food) p.add(`${at}food`, "cannot be sent with quick_add");
      const q = quickValues(e.quick_add);
      const quick = { ...e.quick_add, description: q.description };
      entries.push({
        food: null,
        quantity: 1,
        portion: null,
        grams: 0,
        quick_add: quick,
        energy_kcal: q.nutrients.energy_kcal,
        measure: null,
      });
      continue;
    }
    const foodId = e.food_id ?? e.food?.id;
    if (foodId === undefined) p.add(`${at}food_id`, "is required (or send quick_add with energy_kcal)");
    if (e.quantity === undefined) p.add(`${at}quantity`, "is required");
    if (foodId === undefined || e.quantity === undefined) continue;
    const f = yield* food(foodId);
    if (!f) {
      p.add(`${at}food_id`, `no food with id ${foodId} that you may log`, { code: "food_not_found" });
      continue;
    }
    const portionId = e.portion_id ?? e.portion?.id ?? null;
    const portion = portionId === null ? null : f.portion(portionId);
    if (portionId !== null && !portion) {
      p.add(`${at}portion_id`, `is not a portion of food ${f.id}; see GET /foods/${f.id} for its portions`);
      continue;
    }
    checkQuantity(p, `${at}quantity`, e.quantity, portion !== null, portion ? portion.grams / portion.amount : 1);
    const grams = gramsOf(e.quantity, portion);
    entries.push({
      food: { id: f.id, name: f.name },
      quantity: e.quantity,
      portion: portion && { id: portion.id, name: portion.name, grams: round3(portion.grams / portion.amount) },
      grams,
      quick_add: null,
      energy_kcal: scale(f.per100g, grams).energy_kcal,
      measure: cleanMeasure(e.measure) ?? null,
    });
  }
  p.throwIfAny();
  out.entries = entries;
  return out;
}

/** What POST /meals takes for one entry (without meal_type, date and id). */
export function mealInput(e: SavedEntryT): Record<string, unknown> {
  if (e.food === null) return { quick_add: e.quick_add };
  return { food_id: e.food.id, quantity: e.quantity, portion_id: e.portion?.id ?? null, measure: e.measure ?? null };
}
