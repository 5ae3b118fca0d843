/** Pieces of the Food shape shared by its three sources (catalogue, custom, imported). */
import { NUTRIENT_KEYS } from "../../db/nutrients";

type Values = Partial<Record<string, number | null | undefined>>;

/** The four headline nutrients of a FoodSummary (per 100 g; null = not known). */
export function macros(n: Values) {
  return {
    energy_kcal: n.energy_kcal ?? null,
    protein_g: n.protein_g ?? null,
    fat_g: n.fat_g ?? null,
    carbohydrate_g: n.carbohydrate_g ?? null,
  };
}

/** Every nutrient key of the vocabulary, unknown ones as null. */
export function allNutrients(n: Values): Record<string, number | null> {
  return Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, n[k] ?? null]));
}
