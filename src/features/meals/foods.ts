/**
 * The food a meal logs, from either source: the catalogue (any user) or the caller's own custom
 * foods. Another user's custom food is reported as unknown, never revealed.
 */
import type { Catalogue } from "../../db/catalogue";
import { MEAL_NUTRIENT_KEYS } from "../../db/nutrients";
import { type CustomFoodsRepo, isCustomId } from "../custom-foods/repo";
import { type ImportedRepo, isImportedId, servingPortionId } from "../imported/repo";

export interface LoggablePortion {
  id: number;
  name: string;
  amount: number;
  grams: number;
}

export interface LoggableFood {
  id: number;
  name: string;
  per100g: Record<string, number | null>;
  portion(id: number): LoggablePortion | null;
}

const pick = (n: Record<string, number | null | undefined>) =>
  Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, n[k] ?? null])) as Record<string, number | null>;

export interface FoodSources {
  catalogue: Catalogue;
  customFoods: CustomFoodsRepo;
  imported: ImportedRepo;
}

export function resolveFood(sources: FoodSources, userId: number, foodId: number): LoggableFood | null {
  const { catalogue, customFoods: custom, imported } = sources;
  if (isImportedId(foodId)) {
    const p = imported.byId(foodId);
    if (!p) return null;
    return {
      id: p.id,
      name: p.name,
      per100g: pick(p.nutrients),
      portion: (id) =>
        id === servingPortionId(p.id) && p.servingGrams ? { id, name: p.servingName ?? "serving", amount: 1, grams: p.servingGrams } : null,
    };
  }
  if (isCustomId(foodId)) {
    const f = custom.get(userId, foodId);
    if (!f) return null;
    const portions = custom.portions(f.id);
    return {
      id: f.id,
      name: f.name,
      per100g: pick(f.nutrients),
      portion: (id) => portions.find((p) => p.id === id) ?? null,
    };
  }
  const f = catalogue.food(foodId);
  if (!f) return null;
  return {
    id: f.id,
    name: f.name,
    per100g: pick(f.nutrients),
    portion: (id) => {
      const p = catalogue.portion(id);
      return p && p.food_id === f.id ? p : null;
    },
  };
}
