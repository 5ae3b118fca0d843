/** The recipe validator (REST, sync and import): one validation_failed lists every bad field. */
import { Problems } from "../../lib/problems";
import { checkFoodInput, type FoodInput } from "../custom-foods/validate";
import { AppError } from "../../lib/errors";
import { checkSchema } from "../../lib/validation";
import { CreateRecipeBody, MAX_SERVINGS, PatchRecipeBody, SERVING } from "./model";

export { MAX_DISH_GRAMS, MAX_INGREDIENTS, MAX_SERVINGS, SERVING } from "./model";

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
export function checkRecipeInput(raw: unknown, create: boolean): RecipeInput {
  const body = checkSchema(create ? CreateRecipeBody : PatchRecipeBody, raw);
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
  else if (create) p.add("servings", `is required: a number more than 0 and at most ${MAX_SERVINGS}`);
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
