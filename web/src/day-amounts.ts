/**
 * How much of each nutrient a set of entries carries, and how many of them say so. The eight meal nutrients come
 * from each meal as stored (the server's own values); every other one from the food's full values per 100 g
 * where this device has them. An entry whose value is not known (a quick add, a food without it, a food not on
 * this device yet) is counted in `of` and not in `known`: a sum over some foods is never shown as the whole.
 */
import { MEAL_NUTRIENT_KEYS } from "../../src/db/nutrients";
import type { Meal } from "./store";

export interface Amount {
  /** The sum over the entries that carry a value. */
  value: number;
  /** Entries that carry a value, of all the entries. */
  known: number;
  of: number;
}

const MEAL_KEYS = new Set<string>(MEAL_NUTRIENT_KEYS);

/** `full`: a food's every value per 100 g by food id (missing: not on this device). */
export function amountsOf(meals: Meal[], full: Map<number, Record<string, number | null>>): Map<string, Amount> {
  const out = new Map<string, Amount>();
  const add = (key: string, v: number | null | undefined) => {
    const a = out.get(key) ?? { value: 0, known: 0, of: meals.length };
    if (v !== null && v !== undefined) {
      a.value += v;
      a.known++;
    }
    out.set(key, a);
  };
  for (const m of meals) {
    for (const k of MEAL_KEYS) add(k, m.nutrients[k]);
    const all = m.food ? full.get(m.food.id) : undefined;
    if (all) for (const [k, v] of Object.entries(all)) if (!MEAL_KEYS.has(k) && v !== null) add(k, (v * m.grams) / 100);
  }
  return out;
}

/** The amount of `key`: none known when no entry carries it (never a zero). */
export const amountOf = (amounts: Map<string, Amount>, key: string, of: number): Amount =>
  amounts.get(key) ?? { value: 0, known: 0, of };
