/**
 * API bodies as the browser keeps them: sync data, conflicts and lookups come in as the server sends them and are
 * put in IndexedDB in the store's shapes (store.ts). Meal arithmetic is the server's own (meals/nutrition.ts), so an
 * entry logged offline shows the kcal the server will store.
 */
import { MEAL_NUTRIENT_KEYS } from "../../../src/db/nutrients";
import { scale } from "../../../src/features/meals/nutrition";
import type { DayMark, FoodRec, Meal, Portion, RecipeRec, SavedMealRec, WeighIn } from "../store";

/** The eight meal nutrients of a set of values (every other key left out; a missing one is null). */
export const mealValues = (values: Record<string, number | null> | undefined) =>
  Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, values?.[k] ?? null]));

export const nutrientsOf = (food: FoodRec, grams: number) =>
  scale(food.per100g, grams) as Record<string, number | null>;

export function fromMeal(d: Record<string, unknown>, version: number | null): Meal {
  const m = d as unknown as Meal;
  return {
    id: m.id,
    food: m.food,
    description: m.description ?? null,
    meal_type: m.meal_type,
    quantity: m.quantity,
    portion: m.portion,
    measure: m.measure ?? null,
    grams: m.grams,
    date: m.date,
    eaten_at: m.eaten_at,
    note: m.note,
    nutrients: m.nutrients,
    version,
  };
}

/** A Food (API shape) as the log form needs it. */
export function fromFood(d: Record<string, unknown>, version: number | null): FoodRec {
  const f = d as {
    id: number;
    name: string;
    short_name?: string;
    brand: string | null;
    barcode: string | null;
    source: string;
    nutrients: Record<string, number | null>;
    portions: Portion[];
    default_portion?: { id: number } | null;
  };
  return {
    id: f.id,
    name: f.name,
    ...(f.short_name ? { short_name: f.short_name } : {}),
    brand: f.brand,
    barcode: f.barcode,
    per100g: mealValues(f.nutrients),
    portions: f.portions ?? [],
    default_portion_id: f.default_portion?.id ?? null,
    all: f.nutrients ?? undefined,
    custom: f.source === "custom",
    version,
  };
}

/** A weigh-in as the server sends it (sync data and conflicts: `{ kg, note }`) under its date. */
export const fromWeight = (date: string, d: Record<string, unknown>, version: number | null): WeighIn => ({
  date,
  kg: Number(d.kg),
  note: (d.note as string | null | undefined) ?? null,
  version,
});

/** A day mark as the server sends it (`{ date, complete, … }`) under its date. */
export const fromDay = (date: string, d: Record<string, unknown>, version: number | null): DayMark => ({
  date,
  complete: d.complete === true,
  version,
});

/** A Recipe (API shape) as the recipe form needs it. */
export function fromRecipe(d: Record<string, unknown>, version: number | null): RecipeRec {
  const r = d as unknown as RecipeRec;
  return {
    id: r.id,
    name: r.name,
    servings: r.servings,
    cooked_grams: r.cooked_grams ?? null,
    ingredients: r.ingredients ?? [],
    version,
  };
}

/** A SavedMeal (API shape) as kept here. */
export function fromSavedMeal(d: Record<string, unknown>, version: number | null): SavedMealRec {
  const r = d as unknown as SavedMealRec;
  return { id: r.id, name: r.name, entries: r.entries ?? [], energy_kcal: r.energy_kcal ?? null, version };
}

/** What a new meal names: its food, quantity and portion, or a quick add's values. */
export function mealData(meal: Meal): Record<string, unknown> {
  if (!meal.food) {
    const n = meal.nutrients;
    return {
      quick_add: {
        energy_kcal: n.energy_kcal ?? 0,
        protein_g: n.protein_g ?? null,
        fat_g: n.fat_g ?? null,
        carbohydrate_g: n.carbohydrate_g ?? null,
        description: meal.description ?? null,
      },
    };
  }
  const data: Record<string, unknown> = meal.portion
    ? { food_id: meal.food.id, quantity: meal.quantity, portion_id: meal.portion.id }
    : { food_id: meal.food.id, quantity: meal.quantity };
  if (meal.measure) data.measure = meal.measure; // a copy or an undo says the amount as the original did
  return data;
}
