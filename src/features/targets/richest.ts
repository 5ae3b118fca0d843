/**
 * The foods richest in a nutrient per 100 kcal: first among the foods this person eats (in the report's
 * range and the 90 days before its end: GET /foods/recent's history, at most its 500 most frequent), then among
 * the catalogue's everyday foods (foods/ranking-data.ts EVERYDAY_FOODS, the catalogue's common
 * entries). Per 100 kcal, not per 100 g: what a day's energy buys of the nutrient. Foods under
 * MIN_KCAL per 100 g (water, black coffee, salt) are left out: per 100 kcal they would rank on noise.
 */
import type { Catalogue } from "../../db/catalogue";
import { EVERYDAY_FOODS } from "../foods/ranking-data";
import type { FoodValues } from "./intake";

export const MIN_KCAL = 10;
export const FROM_YOURS = 3;
export const FROM_CATALOGUE = 3;

export interface Suggestion {
  food_id: number;
  name: string;
  per_100kcal: number;
  per_100g: number;
  from: "yours" | "catalogue";
}

const r2 = (x: number) => Math.round(x * 100) / 100;

function ranked(
  key: string,
  foods: Iterable<[number, string, Record<string, number | null>]>,
  from: Suggestion["from"],
): Suggestion[] {
  const out: Suggestion[] = [];
  for (const [id, name, n] of foods) {
    const kcal = n.energy_kcal;
    const v = n[key];
    if (kcal === null || kcal === undefined || kcal < MIN_KCAL || v === null || v === undefined || v <= 0) continue;
    out.push({ food_id: id, name, per_100kcal: r2((v * 100) / kcal), per_100g: r2(v), from });
  }
  return out.sort((a, b) => b.per_100kcal - a.per_100kcal || a.food_id - b.food_id);
}

/** Everyday catalogue foods with their values, read once per report. */
export function everydayFoods(catalogue: Catalogue): [number, string, Record<string, number | null>][] {
  const out: [number, string, Record<string, number | null>][] = [];
  for (const id of EVERYDAY_FOODS) {
    const f = catalogue.food(id);
    if (f) out.push([f.id, f.short_name || f.name, f.nutrients]);
  }
  return out;
}

export function richestIn(
  key: string,
  yours: FoodValues,
  everyday: [number, string, Record<string, number | null>][],
): Suggestion[] {
  const mine = ranked(
    key,
    [...yours].flatMap(([id, f]) => (f ? [[id, f.name, f.nutrients] as [number, string, typeof f.nutrients]] : [])),
    "yours",
  ).slice(0, FROM_YOURS);
  const seen = new Set(mine.map((s) => s.food_id));
  const common = ranked(key, everyday, "catalogue")
    .filter((s) => !seen.has(s.food_id))
    .slice(0, FROM_CATALOGUE);
  return [...mine, ...common];
}
