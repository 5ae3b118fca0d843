/**
 * A recipe's nutrients from its ingredients (pure). Each ingredient contributes its per-100 g
 * values × grams / 100; the sum is spread over the cooked weight (or, when not given, the
 * ingredients' total weight). A nutrient is known only when every ingredient knows it: one unknown
 * makes the recipe's value null, never a low guess, and `unknown` names the ingredients that lack it.
 */
import { NUTRIENTS } from "../../db/nutrients";

export interface IngredientSnapshot {
  foodId: number;
  grams: number;
  per100g: Record<string, number | null>;
}

export interface RecipeNutrition {
  totalGrams: number;
  servingGrams: number;
  /** per 100 g of the dish; keys no ingredient knows are left out */
  per100g: Record<string, number | null>;
  perServing: Record<string, number | null>;
  /** nutrient → food ids of the ingredients that lack it (only nutrients some ingredient knows) */
  unknown: Record<string, number[]>;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

export function computeRecipe(
  items: readonly IngredientSnapshot[],
  servings: number,
  cookedGrams: number | null,
): RecipeNutrition {
  const totalGrams = r3(items.reduce((a, i) => a + i.grams, 0));
  const dish = cookedGrams ?? totalGrams;
  const per100g: Record<string, number | null> = {};
  const perServing: Record<string, number | null> = {};
  const unknown: Record<string, number[]> = {};
  for (const { key } of NUTRIENTS) {
    const lacking = items.filter((i) => i.per100g[key] === null || i.per100g[key] === undefined);
    if (lacking.length === items.length) continue; // nobody knows it: not part of the recipe
    if (lacking.length) {
      unknown[key] = [...new Set(lacking.map((i) => i.foodId))];
      per100g[key] = null;
      perServing[key] = null;
      continue;
    }
    const sum = items.reduce((a, i) => a + (i.per100g[key]! * i.grams) / 100, 0);
    per100g[key] = dish > 0 ? r3((sum * 100) / dish) : null;
    perServing[key] = r3(sum / servings);
  }
  return { totalGrams, servingGrams: r3(dish / servings), per100g, perServing, unknown };
}
