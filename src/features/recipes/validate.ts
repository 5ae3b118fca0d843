/** The recipe validator (REST, sync and import): one validation_failed lists every bad field. */
import { Problems } from "../../lib/problems";
import { checkFoodInput, maxPer100g, type FoodInput } from "../custom-foods/validate";
import { AppError } from "../../lib/errors";
import { computeRecipe, type IngredientSnapshot, type RecipeNutrition } from "./compute";
import { MAX_SERVINGS, RECIPE_QUANTUM, SERVING, type CreateRecipeInput, type PatchRecipeInput } from "./model";

export { MAX_DISH_GRAMS, MAX_INGREDIENTS, MAX_SERVINGS, RECIPE_QUANTUM, SERVING } from "./model";

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

/** `create` requires name, servings and ingredients. */
export function checkRecipeInput(body: CreateRecipeInput | PatchRecipeInput, create: boolean): RecipeInput {
  const p = new Problems();
  let food: FoodInput = {};
  try {
    // name, brand and extra portions follow the custom-food rules; "serving" is the automatic
    // portion, so one sent back (a Recipe read and returned whole) is not taken as the user's own
    const { name, brand } = body;
    const portions = body.portions?.filter((q) => q.name !== SERVING);
    food = checkFoodInput({ name, brand, portions }, false);
    if (create && name === undefined) p.add("name", "is required and must be a string");
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    for (const d of e.details ?? []) p.add(d.field ?? "recipe", d.message);
  }
  const out: RecipeInput = { name: food.name, brand: food.brand, portions: food.portions };
  if (body.servings !== undefined) out.servings = Math.round(body.servings * 1000) / 1000;
  else if (create) p.add("servings", `is required: a number from ${RECIPE_QUANTUM} to ${MAX_SERVINGS}`);
  if (body.cooked_grams !== undefined)
    out.cooked_grams = body.cooked_grams === null ? null : Math.round(body.cooked_grams * 1000) / 1000;
  if (body.ingredients !== undefined) {
    out.ingredients = body.ingredients.map((o) => ({
      food_id: o.food_id,
      quantity: o.quantity,
      // `portion` as a Recipe shows it ({ id, name, grams }) is taken as its id
      portion_id: o.portion_id ?? o.portion?.id ?? null,
    }));
  } else if (create) p.add("ingredients", "is required: an array of at least one ingredient");
  p.throwIfAny();
  return out;
}

/**
 * The recipe's values, or 400 for what its fields allow one by one but not together: a cooked weight
 * so small that a nutrient would pass what any food holds per 100 g, or so many servings that one
 * would weigh less than 0.001 g (its "serving" portion was stored as 0 g). REST, sync and import
 * (before anything is written) check here.
 */
export function recipeNutrition(
  items: readonly IngredientSnapshot[],
  servings: number,
  cookedGrams: number | null,
  prefix = "",
): RecipeNutrition {
  const n = computeRecipe(items, servings, cookedGrams);
  const over = Object.entries(n.per100g).find(([k, v]) => v !== null && v > maxPer100g(k));
  if (over) {
    throw new AppError(
      "validation_failed",
      `${prefix}cooked_grams is too small: it would make ${over[0]} ${over[1]} per 100 g`,
      [{ field: `${prefix}cooked_grams`, message: "is less than what the ingredients could cook down to" }],
    );
  }
  if (!(n.servingGrams >= RECIPE_QUANTUM)) {
    const message = `is too many for a dish of ${cookedGrams ?? n.totalGrams} g: a serving would weigh less than ${RECIPE_QUANTUM} g`;
    throw new AppError("validation_failed", `${prefix}servings ${message}`, [{ field: `${prefix}servings`, message }]);
  }
  return n;
}
