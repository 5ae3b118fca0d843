/** The recipe validator (REST, sync and import): one validation_failed lists every bad field. */
import { Problems } from "../../lib/problems";
import { checkFoodInput, type FoodInput } from "../custom-foods/validate";
import { AppError } from "../../lib/errors";

export const MAX_INGREDIENTS = 100;
/** The automatic first portion of every recipe: one serving. */
export const SERVING = "serving";
export const MAX_SERVINGS = 1000;
export const MAX_DISH_GRAMS = 100_000;

export interface IngredientInput {
  food_id: number;
  quantity: number;
  portion_id: number | null;
}

export interface RecipeInput extends Pick<FoodInput, "name" | "brand" | "portions"> {
  servings?: number;
  cooked_grams?: number | null;
  ingredients?: IngredientInput[];
}

const positive = (v: unknown, max: number): v is number =>
  typeof v === "number" && Number.isFinite(v) && v > 0 && v <= max;

/** `create` requires name, servings and ingredients. */
export function checkRecipeInput(raw: Record<string, unknown>, create: boolean): RecipeInput {
  const p = new Problems();
  let food: FoodInput = {};
  try {
    // name, brand and extra portions follow the custom-food rules; "serving" is the automatic
    // portion, so one sent back (a Recipe read and returned whole) is not taken as the user's own
    const { name, brand } = raw;
    const portions = Array.isArray(raw.portions)
      ? raw.portions.filter((q) => !(q && typeof q === "object" && (q as { name?: unknown }).name === SERVING))
      : raw.portions;
    food = checkFoodInput({ name, brand, portions }, false);
    if (create && name === undefined) p.add("name", "is required and must be a string");
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    for (const d of e.details ?? []) p.add(d.field ?? "recipe", d.message);
  }
  const out: RecipeInput = { name: food.name, brand: food.brand, portions: food.portions };
  if (raw.servings !== undefined || create) {
    if (!positive(raw.servings, MAX_SERVINGS))
      p.add("servings", `is required: a number more than 0 and at most ${MAX_SERVINGS}`);
    else out.servings = Math.round(raw.servings * 1000) / 1000;
  }
  if (raw.cooked_grams !== undefined) {
    if (raw.cooked_grams === null) out.cooked_grams = null;
    else if (!positive(raw.cooked_grams, MAX_DISH_GRAMS))
      p.add("cooked_grams", `must be more than 0 and at most ${MAX_DISH_GRAMS} g, or null (the ingredients' total)`);
    else out.cooked_grams = Math.round(raw.cooked_grams * 1000) / 1000;
  }
  if (raw.ingredients !== undefined || create) {
    const list = raw.ingredients;
    if (!Array.isArray(list) || list.length === 0)
      p.add("ingredients", "is required: an array of at least one ingredient");
    else if (list.length > MAX_INGREDIENTS)
      p.add("ingredients", `must have at most ${MAX_INGREDIENTS} ingredients, got ${list.length}`);
    else {
      out.ingredients = [];
      list.forEach((x: unknown, i: number) => {
        const o = (x !== null && typeof x === "object" ? x : {}) as Record<string, unknown>;
        const f = `ingredients.${i}.`;
        if (!Number.isSafeInteger(o.food_id) || (o.food_id as number) < 1)
          p.add(`${f}food_id`, "must be a food id (a positive integer)");
        if (typeof o.quantity !== "number" || !Number.isFinite(o.quantity) || o.quantity <= 0)
          p.add(`${f}quantity`, "must be a number more than 0 (grams, or portions with portion_id)");
        // `portion` as a Recipe shows it ({ id, name, grams }) is taken as its id
        const shown =
          o.portion !== null && typeof o.portion === "object" ? (o.portion as { id?: unknown }).id : undefined;
        const portion = o.portion_id ?? shown ?? null;
        if (portion !== null && (!Number.isSafeInteger(portion) || (portion as number) < 1))
          p.add(`${f}portion_id`, "must be a portion id of the food, or null for grams");
        out.ingredients!.push({
          food_id: o.food_id as number,
          quantity: o.quantity as number,
          portion_id: portion as number | null,
        });
      });
    }
  }
  p.throwIfAny();
  return out;
}
