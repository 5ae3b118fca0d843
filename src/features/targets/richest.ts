/**
 * The foods richest in a nutrient per 100 kcal: first among the foods this person eats (in the report's
 * range and the 90 days before its end: GET /foods/recent's history, at most its 500 most frequent), then among
 * the catalogue's everyday foods (foods/ranking-data.ts EVERYDAY_FOODS, the catalogue's common
 * entries), the two together ranked by richness with the person's own marked. Per 100 kcal, not per 100 g: what a day's energy buys of the nutrient. Foods under
 * MIN_KCAL per 100 g (water, black coffee, salt) are left out: per 100 kcal they would rank on noise.
 *
 * A suggestion must give a meaningful amount: at least MIN_SHARE (10 %) of the target per 100 kcal, twice the
 * density a day of 2,000 kcal needs to reach the target (a food that gives less is no answer to "eat more of
 * it"). Catalogue suggestions leave out what nobody eats 100 kcal of: the food groups of spices and herbs (02) and
 * baby foods (03), and supplements, leavening, yeast, gelatin and powders by name.
 */
import type { Catalogue } from "../../db/catalogue";
import { EVERYDAY_FOODS } from "../foods/ranking-data";
import type { FoodValues } from "./intake";

export const MIN_KCAL = 10;
export const FROM_YOURS = 3;
export const FROM_CATALOGUE = 3;
/** The least share of the target a suggestion gives per 100 kcal. */
export const MIN_SHARE = 0.1;
/** USDA SR food groups never suggested: spices and herbs, baby foods. */
export const NOT_SUGGESTED_GROUPS: readonly string[] = ["02", "03"];
const NOT_SUGGESTED_NAME = /supplement|leavening|baking (powder|soda)|yeast|gelatin|powder|formula|babyfood/i;

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
  least: number,
  foods: Iterable<[number, string, Record<string, number | null>]>,
  from: Suggestion["from"],
): Suggestion[] {
  const out: Suggestion[] = [];
  for (const [id, name, n] of foods) {
    const kcal = n.energy_kcal;
    const v = n[key];
    if (kcal === null || kcal === undefined || kcal < MIN_KCAL || v === null || v === undefined || v <= 0) continue;
    if ((v * 100) / kcal < least) continue;
    out.push({ food_id: id, name, per_100kcal: r2((v * 100) / kcal), per_100g: r2(v), from });
  }
  return out.sort((a, b) => b.per_100kcal - a.per_100kcal || a.food_id - b.food_id);
}

/** Everyday catalogue foods with their values, read once per report. */
export function everydayFoods(catalogue: Catalogue): [number, string, Record<string, number | null>][] {
  const out: [number, string, Record<string, number | null>][] = [];
  for (const id of EVERYDAY_FOODS) {
    const f = catalogue.food(id);
    if (!f || NOT_SUGGESTED_GROUPS.includes(f.group_code) || NOT_SUGGESTED_NAME.test(f.name)) continue;
    out.push([f.id, f.short_name || f.name, f.nutrients]);
  }
  return out;
}

/** `minimum`: the nutrient's target; a food under MIN_SHARE of it per 100 kcal is not suggested. */
export function richestIn(
  key: string,
  minimum: number,
  yours: FoodValues,
  everyday: [number, string, Record<string, number | null>][],
): Suggestion[] {
  const least = MIN_SHARE * minimum;
  const mine = ranked(
    key,
    least,
    [...yours].flatMap(([id, f]) => (f ? [[id, f.name, f.nutrients] as [number, string, typeof f.nutrients]] : [])),
    "yours",
  ).slice(0, FROM_YOURS);
  const seen = new Set(mine.map((s) => s.food_id));
  const common = ranked(key, least, everyday, "catalogue")
    .filter((s) => !seen.has(s.food_id))
    .slice(0, FROM_CATALOGUE);
  // one list by richness: a food of the person's own (marked `yours`) is not put above a far richer one for being
  // theirs (baked potato, 10 mg vitamin C per 100 kcal, above peppers' 412 mg told them the wrong thing to eat)
  return [...mine, ...common].sort((a, b) => b.per_100kcal - a.per_100kcal || a.food_id - b.food_id);
}
