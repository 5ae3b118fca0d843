/** Recipe queries (tables recipes and recipe_ingredients); every read is scoped to the owner. */
import type { Db } from "../../db/client";

export interface RecipeRow {
  food_id: number;
  servings: number;
  cooked_grams: number | null;
}

export interface IngredientRow {
  food_id: number;
  food_name: string;
  quantity: number;
  portion_id: number | null;
  portion_name: string | null;
  portion_grams: number | null;
  grams: number;
  per_100g: Record<string, number | null>;
}

export class RecipesRepo {
  constructor(readonly db: Db) {}

  get(userId: number, id: number): RecipeRow | null {
    return (
      this.db.$client
        .query<RecipeRow, [number, number]>(
          "SELECT food_id, servings, cooked_grams FROM recipes WHERE food_id = ? AND user_id = ?",
        )
        .get(id, userId) ?? null
    );
  }

  /** Up to `limit` (-1: all) of the user's recipe ids above `after`, ascending. */
  idsAfter(userId: number, after: number, limit: number): number[] {
    return this.db.$client
      .query<{ food_id: number }, [number, number, number]>(
        "SELECT food_id FROM recipes WHERE user_id = ? AND food_id > ? ORDER BY food_id LIMIT ?",
      )
      .all(userId, after, limit)
      .map((r) => r.food_id);
  }

  ingredients(recipeId: number): IngredientRow[] {
    const rows = this.db.$client
      .query<Omit<IngredientRow, "per_100g"> & { per_100g: string }, [number]>(
        "SELECT food_id, food_name, quantity, portion_id, portion_name, portion_grams, grams, per_100g FROM recipe_ingredients WHERE recipe_id = ? ORDER BY seq",
      )
      .all(recipeId);
    return rows.map((r) => ({ ...r, per_100g: JSON.parse(r.per_100g) }));
  }

  /** Writes the recipe row and replaces its ingredients. Call inside a transaction. */
  save(userId: number, id: number, r: { servings: number; cookedGrams: number | null }, items: IngredientRow[]): void {
    const c = this.db.$client;
    c.query(
      "INSERT INTO recipes (food_id, user_id, servings, cooked_grams) VALUES (?, ?, ?, ?) ON CONFLICT (food_id) DO UPDATE SET servings = excluded.servings, cooked_grams = excluded.cooked_grams",
    ).run(id, userId, r.servings, r.cookedGrams);
    c.query("DELETE FROM recipe_ingredients WHERE recipe_id = ?").run(id);
    const ins = c.prepare(
      "INSERT INTO recipe_ingredients (recipe_id, seq, food_id, food_name, quantity, portion_id, portion_name, portion_grams, grams, per_100g) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    items.forEach((i, n) =>
      ins.run(
        id,
        n + 1,
        i.food_id,
        i.food_name,
        i.quantity,
        i.portion_id,
        i.portion_name,
        i.portion_grams,
        i.grams,
        JSON.stringify(i.per_100g),
      ),
    );
  }

  /** The recipes `id` contains, directly or through other recipes (its ingredient closure). */
  containedRecipes(id: number): Set<number> {
    const rows = this.db.$client
      .query<{ id: number }, [number]>(
        `WITH RECURSIVE inside(id) AS (
           SELECT i.food_id FROM recipe_ingredients i JOIN recipes r ON r.food_id = i.food_id WHERE i.recipe_id = ?
           UNION
           SELECT i.food_id FROM recipe_ingredients i JOIN recipes r ON r.food_id = i.food_id JOIN inside ON i.recipe_id = inside.id
         ) SELECT id FROM inside`,
      )
      .all(id);
    return new Set(rows.map((r) => r.id));
  }
}
