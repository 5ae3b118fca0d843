/** Custom foods in the contract's FoodSummary and Food shapes. */
import type { Q } from "../../db/q";
import { allNutrients, macros } from "../foods/food-parts";
import type { FoodT, FoodSummaryT } from "../foods/model";
import type { CustomFoodRow, CustomFoodsRepo, CustomPortionRow } from "./repo";

/**
 * A portion that weighs a finite amount above 0 g. A recipe saved with 0 servings (before the minimum)
 * stored its "serving" as Infinity g, and one whose serving rounded to nothing as 0 g: such a portion
 * is left out of the food until the recipe is saved again, so it is neither shown nor logged.
 */
export const usable = (p: { grams: number; amount: number }) => Number.isFinite(p.grams) && p.grams > 0 && p.amount > 0;

function summaryOf(f: CustomFoodRow, portions: CustomPortionRow[]): FoodSummaryT {
  const first = portions[0];
  return {
    id: f.id,
    name: f.name,
    short_name: f.name,
    origin: null,
    source: "custom",
    brand: f.brand,
    barcode: f.barcode,
    group: null,
    ...macros(f.nutrients),
    default_portion: first ? { id: first.id, name: first.name, amount: first.amount, grams: first.grams } : null,
  };
}

export function* customSummary(repo: CustomFoodsRepo, f: CustomFoodRow): Q<FoodSummaryT> {
  return summaryOf(f, (yield* repo.portions(f.id)).filter(usable));
}

export function* customDetail(repo: CustomFoodsRepo, f: CustomFoodRow): Q<FoodT> {
  const portions = (yield* repo.portions(f.id)).filter(usable);
  return {
    ...summaryOf(f, portions),
    nutrients: allNutrients(f.nutrients),
    portions: portions.map((p) => ({ id: p.id, name: p.name, amount: p.amount, grams: p.grams })),
    attribution: { source: "custom", licence: "Your own data", notice: "Entered by you; visible only to you." },
  };
}
