/**
 * The person's own foods and recipes, written local first like meals (records.ts): the change is in
 * IndexedDB at once and goes out as a `food` or `recipe` sync mutation. One made offline has a
 * negative id until the server gives it one (sync.ts renames it). A recipe's values are computed
 * here with the server's own arithmetic (recipes/compute.ts), so it can be logged before it syncs;
 * the server computes them again from its snapshots and its answer replaces these.
 */
import { computeRecipe } from "../../src/features/recipes/compute";
import { enqueue, mealValues as meal, serverIds } from "./records";
import { writeAll, type FoodRec, type Ingredient, type RecipeRec } from "./store";
import type { Sync } from "./sync";

/** The custom-food form's fields, which records.ts turns into the API's CreateFood body (checked by checks.ts with the server's validator). */
export interface FoodFields {
  name: string;
  brand: string | null;
  barcode: string | null;
  /** per 100 g; every key given (a label reading may carry more than the four the form shows) */
  per100g: Record<string, number | null>;
  portions: { name: string; grams: number }[];
}

/** The recipe form's fields, which records.ts turns into the API's CreateRecipe body (checked as above). */
export interface RecipeFields {
  name: string;
  servings: number;
  cooked_grams: number | null;
  ingredients: Ingredient[];
}

const newId = () => -Date.now() - Math.floor(Math.random() * 1000);

export class OwnFoods {
  constructor(private readonly sync: Sync) {}

  /** A custom food; until the server gives it an id it has a negative one here. */
  async createFood(f: FoodFields): Promise<FoodRec> {
    const id = newId();
    const rec: FoodRec = {
      id,
      name: f.name,
      brand: f.brand,
      barcode: f.barcode,
      per100g: meal(f.per100g),
      all: f.per100g,
      portions: f.portions.map((p, i) => ({ id: id - i - 1, name: p.name, amount: 1, grams: p.grams })),
      custom: true,
      version: null,
    };
    const nutrients = Object.fromEntries(Object.entries(f.per100g).filter(([, v]) => v !== null));
    const data = { name: f.name, brand: f.brand, barcode: f.barcode, nutrients, portions: f.portions };
    await enqueue(this.sync, { entity: "food", id, op: "upsert", base_version: null, data }, (tx) =>
      tx.objectStore("foods").put(rec),
    );
    return rec;
  }

  /**
   * A custom food changed: its values replace the old ones (a key the form cleared is sent as null),
   * and its portions are the list given. Meals already logged keep their values (the server's rule).
   */
  async updateFood(food: FoodRec, f: FoodFields): Promise<void> {
    const cleared = Object.fromEntries(Object.keys(food.all ?? food.per100g).map((k) => [k, null]));
    const nutrients = { ...cleared, ...f.per100g, energy_kj: f.per100g.energy_kj ?? null };
    // a portion keeps its id where its name stays (as on the server), so a form open on it still logs
    // the same serving; a new one has a temporary negative id until the server's answer replaces it
    const temp = newId();
    const portions = f.portions.map((p, i) => ({
      id: food.portions.find((o) => o.name === p.name)?.id ?? temp - i,
      name: p.name,
      amount: 1,
      grams: p.grams,
    }));
    const rec: FoodRec = {
      ...food,
      name: f.name,
      brand: f.brand,
      barcode: f.barcode,
      per100g: meal(nutrients),
      all: nutrients,
      portions,
    };
    const data = { name: f.name, brand: f.brand, barcode: f.barcode, nutrients, portions: f.portions };
    await enqueue(this.sync, { entity: "food", id: food.id, op: "upsert", base_version: food.version, data }, (tx) =>
      tx.objectStore("foods").put(rec),
    );
  }

  /** A custom food or a recipe deleted (meals logged from it keep their values). */
  async deleteFood(food: FoodRec, recipe: RecipeRec | null): Promise<void> {
    const entity = recipe ? "recipe" : "food";
    await enqueue(
      this.sync,
      { entity, id: food.id, op: "delete", base_version: (recipe ?? food).version, data: null },
      async (tx) => {
        await tx.objectStore("foods").delete(food.id);
        if (recipe) await tx.objectStore("recipes").delete(food.id);
      },
    );
  }

  /** A new recipe (`old` null) or a change to one; its food is written beside it, so it is found and logged offline. */
  async saveRecipe(old: { recipe: RecipeRec; food: FoodRec | null } | null, r: RecipeFields): Promise<FoodRec> {
    const id = old?.recipe.id ?? newId();
    const n = computeRecipe(
      r.ingredients.map((i) => ({ foodId: i.food_id, grams: i.grams, per100g: i.per_100g })),
      r.servings,
      r.cooked_grams,
    );
    const serving = old?.food?.portions.find((p) => p.name === "serving");
    const food: FoodRec = {
      id,
      name: r.name,
      brand: old?.food?.brand ?? null,
      barcode: null,
      per100g: meal(n.per100g),
      all: n.per100g,
      portions: [{ id: serving?.id ?? id - 1, name: "serving", amount: 1, grams: n.servingGrams }],
      default_portion_id: serving?.id ?? id - 1,
      custom: true,
      version: old?.food?.version ?? null,
    };
    const recipe: RecipeRec = {
      id,
      name: r.name,
      servings: r.servings,
      cooked_grams: r.cooked_grams,
      ingredients: r.ingredients,
      version: old?.recipe.version ?? null,
    };
    const tx = writeAll(this.sync.db);
    // an ingredient made offline and renamed since the form opened goes out under its real id
    const ingredients = [];
    for (const i of r.ingredients) {
      const ids = await serverIds(tx, i.food_id, i.portion?.id ?? null);
      ingredients.push(
        ids.portionId === null
          ? { food_id: ids.foodId, quantity: i.quantity }
          : { food_id: ids.foodId, quantity: i.quantity, portion_id: ids.portionId },
      );
    }
    const data = { name: r.name, servings: r.servings, cooked_grams: r.cooked_grams, ingredients };
    await enqueue(
      this.sync,
      { entity: "recipe", id, op: "upsert", base_version: recipe.version, data },
      async (tx) => {
        await tx.objectStore("foods").put(food);
        await tx.objectStore("recipes").put(recipe);
      },
      tx,
    );
    return food;
  }
}
