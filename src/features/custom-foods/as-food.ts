/** Custom foods in the contract's FoodSummary and Food shapes. */
import { allNutrients, macros } from "../foods/food-parts";
import type { FoodT, FoodSummaryT } from "../foods/model";
import type { CustomFoodRow, CustomFoodsRepo } from "./repo";

export function customSummary(repo: CustomFoodsRepo, f: CustomFoodRow): FoodSummaryT {
  const first = repo.portions(f.id)[0];
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

export function customDetail(repo: CustomFoodsRepo, f: CustomFoodRow): FoodT {
  return {
    ...customSummary(repo, f),
    nutrients: allNutrients(f.nutrients),
    portions: repo.portions(f.id).map((p) => ({ id: p.id, name: p.name, amount: p.amount, grams: p.grams })),
    attribution: { source: "custom", licence: "Your own data", notice: "Entered by you; visible only to you." },
  };
}
