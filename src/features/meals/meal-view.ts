/** A stored meal row as the API's Meal, and the row columns a meal's values fill. */
import type { LoggablePortion } from "../foods/directory";
import type { MealT, MealType } from "./model";
import { round3, type MealNutrients } from "./nutrition";
import type { MealRow } from "./repo";

export function nutrientsOf(row: MealRow): MealNutrients {
  return {
    energy_kcal: row.energyKcal,
    protein_g: row.proteinG,
    fat_g: row.fatG,
    carbohydrate_g: row.carbohydrateG,
    fiber_g: row.fiberG,
    sugars_g: row.sugarsG,
    saturated_fat_g: row.saturatedFatG,
    sodium_mg: row.sodiumMg,
  };
}

export function nutrientColumns(n: MealNutrients) {
  return {
    energyKcal: n.energy_kcal,
    proteinG: n.protein_g,
    fatG: n.fat_g,
    carbohydrateG: n.carbohydrate_g,
    fiberG: n.fiber_g,
    sugarsG: n.sugars_g,
    saturatedFatG: n.saturated_fat_g,
    sodiumMg: n.sodium_mg,
  };
}

export function toMeal(row: MealRow): MealT {
  return {
    id: row.id,
    food: row.foodId === null ? null : { id: row.foodId, name: row.foodName },
    description: row.foodId === null ? row.foodName : null,
    meal_type: row.mealType as MealType,
    quantity: row.quantity,
    portion: row.portionId === null ? null : { id: row.portionId, name: row.portionName!, grams: row.portionGrams! },
    measure: row.measure,
    grams: row.grams,
    date: row.date,
    eaten_at: row.eatenAt,
    note: row.note,
    nutrients: nutrientsOf(row),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function portionFields(p: LoggablePortion | null) {
  return p
    ? { portionId: p.id, portionName: p.name, portionGrams: round3(p.grams / p.amount) }
    : { portionId: null, portionName: null, portionGrams: null };
}
