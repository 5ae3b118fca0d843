/**
 * The food directory: the one place that knows which kind of food an id is. Three sources own
 * disjoint id ranges (catalogue < 1,000,000 ≤ custom < 2,000,000,000 ≤ imported) and answer the same
 * four questions. Search, food detail, meal logging, barcode lookup and photo candidates all ask
 * the directory; one contract test runs over every source (test/food-directory.test.ts).
 */
import { MEAL_NUTRIENT_KEYS } from "../../db/nutrients";
import type { Q } from "../../db/q";
import type { FoodSummaryT, FoodT } from "./model";

export interface LoggablePortion {
  id: number;
  name: string;
  amount: number;
  grams: number;
}

/** What a meal needs of its food: the name, the eight meal nutrients per 100 g, its portions. */
export interface LoggableFood {
  id: number;
  name: string;
  per100g: Record<string, number | null>;
  portion(id: number): LoggablePortion | null;
}

export type FoodSourceName = "usda" | "custom" | "openfoodfacts";

export interface FoodSource {
  readonly name: FoodSourceName;
  /** Is this id in the source's range (whether or not such a food exists)? */
  owns(id: number): boolean;
  /** `userId` null is an anonymous caller; a user's custom food is only ever found for its owner. */
  summary(userId: number | null, id: number): Q<FoodSummaryT | null>;
  detail(userId: number | null, id: number): Q<FoodT | null>;
  loggable(userId: number, id: number): Q<LoggableFood | null>;
}

/** The search-result fields of a full food. */
export function toSummary(f: FoodT): FoodSummaryT {
  const { nutrients: _nutrients, portions: _portions, attribution: _attribution, ...summary } = f;
  return summary;
}

/** The eight meal nutrients of a food's per-100 g values (unknown ones null). */
export const mealValues = (n: Partial<Record<string, number | null>>): Record<string, number | null> =>
  Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, n[k] ?? null]));

/** A full food as a meal sees it. */
export function toLoggable(f: FoodT): LoggableFood {
  return {
    id: f.id,
    name: f.name,
    per100g: mealValues(f.nutrients),
    portion: (id) => f.portions.find((p) => p.id === id) ?? null,
  };
}

export class FoodDirectory {
  constructor(private readonly sources: readonly FoodSource[]) {}

  sourceOf(id: number): FoodSource | null {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    return this.sources.find((s) => s.owns(id)) ?? null;
  }

  *summary(userId: number | null, id: number): Q<FoodSummaryT | null> {
    const source = this.sourceOf(id);
    return source ? yield* source.summary(userId, id) : null;
  }

  *detail(userId: number | null, id: number): Q<FoodT | null> {
    const source = this.sourceOf(id);
    return source ? yield* source.detail(userId, id) : null;
  }

  *loggable(userId: number, id: number): Q<LoggableFood | null> {
    const source = this.sourceOf(id);
    return source ? yield* source.loggable(userId, id) : null;
  }
}
