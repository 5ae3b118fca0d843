/**
 * Meal arithmetic: grams of a quantity, scaling per-100 g values, and summing with "unknown" kept
 * apart from 0. Pure, so the web app bundles it and shows the numbers the server will store.
 */
import { MEAL_NUTRIENT_KEYS, type MealNutrientKey } from "../../db/nutrients";

export type MealNutrients = Record<MealNutrientKey, number | null>;

/** A meal's quantity is at most this many grams, or this many portions (API.md §Meals). */
export const MAX_GRAMS = 5000;
export const MAX_PORTIONS = 100;

/** Grams and portion weights are kept to 0.001 g. */
export const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Grams of `quantity` in the unit: a portion (its grams per one) or grams. */
export const gramsOf = (quantity: number, portion: { grams: number; amount: number } | null) =>
  round3(portion ? (quantity * portion.grams) / portion.amount : quantity);

/** kcal to whole numbers, the rest to 2 decimals (the contract's example: 118 g banana → 105 kcal, 1.29 g protein). */
export function roundNutrient(key: MealNutrientKey, v: number): number {
  return key === "energy_kcal" ? Math.round(v) : Math.round(v * 100) / 100;
}

export function scale(per100g: Record<string, number | null | undefined>, grams: number): MealNutrients {
  const out = {} as MealNutrients;
  for (const k of MEAL_NUTRIENT_KEYS) {
    const v = per100g[k];
    out[k] = v === null || v === undefined ? null : roundNutrient(k, (v * grams) / 100);
  }
  return out;
}

export function zeros(): MealNutrients {
  return Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, 0])) as MealNutrients;
}

/** SQL sums → contract totals: no meals → 0; meals but none knows the nutrient → null. */
export function fromSums(count: number, sums: Record<string, number | null>): MealNutrients {
  if (count === 0) return zeros();
  const out = {} as MealNutrients;
  for (const k of MEAL_NUTRIENT_KEYS) {
    const v = sums[k];
    out[k] = v === null || v === undefined ? null : Math.round(v * 100) / 100;
  }
  return out;
}

/** The SELECT list that sums the eight nutrient columns. */
export const SUM_COLUMNS = MEAL_NUTRIENT_KEYS.map((k) => `sum(${k}) AS ${k}`).join(", ");
