/** Recipe queries (tables recipes and recipe_ingredients); every read is scoped to the owner. */
import { asc, eq } from "drizzle-orm";
import { all, exec, row, rows, run, type Q } from "../../db/q";
import type { RawRow } from "../../db/raw-row";
import type { recipes } from "../../db/schema";
import { RECIPE_QUANTUM } from "./model";

/** A recipe's own columns as raw SQL gives them (db/raw-row.ts). */
export type RecipeRow = Omit<RawRow<typeof recipes>, "user_id">;

/** An ingredient joined with its food's name and portion and per-100 g nutrients: a join drizzle does not type. */
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

/**
 * A recipe stored before servings and cooked_grams had their minimums (0.001) may hold 0, which made a
 * serving weigh Infinity grams: it is read as 1 serving, and a cooked weight below the minimum as none
 * (the ingredients' total), until it is saved again.
 */
function readable(r: RecipeRow): RecipeRow {
  const servings = r.servings >= RECIPE_QUANTUM ? r.servings : 1;
  const cooked = r.cooked_grams !== null && r.cooked_grams >= RECIPE_QUANTUM ? r.cooked_grams : null;
  return servings === r.servings && cooked === r.cooked_grams ? r : { ...r, servings, cooked_grams: cooked };
}

export class RecipesRepo {
  *get(userId: number, id: number): Q<RecipeRow | null> {
    const r = yield* row<RecipeRow>(
      "SELECT food_id, servings, cooked_grams FROM recipes WHERE food_id = ? AND user_id = ?",
      id,
      userId,
    );
    return r && readable(r);
  }

  /** Up to `limit` of the user's recipe ids above `after`, ascending. */
  *idsAfter(userId: number, after: number, limit: number): Q<number[]> {
    const found = yield* rows<{ food_id: number }>(
      "SELECT food_id FROM recipes WHERE user_id = ? AND food_id > ? ORDER BY food_id LIMIT ?",
      userId,
      after,
      limit,
    );
    return found.map((r) => r.food_id);
  }

  *ingredients(recipeId: number): Q<IngredientRow[]> {
    const found = yield* all((db, t) =>
      db
        .select()
        .from(t.recipeIngredients)
        .where(eq(t.recipeIngredients.recipeId, recipeId))
        .orderBy(asc(t.recipeIngredients.seq)),
    );
    return found.map((r) => ({
      food_id: r.foodId,
      food_name: r.foodName,
      quantity: r.quantity,
      portion_id: r.portionId,
      portion_name: r.portionName,
      portion_grams: r.portionGrams,
      grams: r.grams,
      per_100g: r.per100g,
    }));
  }

  /** Writes the recipe row and replaces its ingredients. Call inside a transaction. */
  *save(
    userId: number,
    id: number,
    r: { servings: number; cookedGrams: number | null },
    items: IngredientRow[],
  ): Q<void> {
    yield* run(
      "INSERT INTO recipes (food_id, user_id, servings, cooked_grams) VALUES (?, ?, ?, ?) ON CONFLICT (food_id) DO UPDATE SET servings = excluded.servings, cooked_grams = excluded.cooked_grams",
      id,
      userId,
      r.servings,
      r.cookedGrams,
    );
    yield* run("DELETE FROM recipe_ingredients WHERE recipe_id = ?", id);
    if (!items.length) return;
    yield* exec((db, t) =>
      db.insert(t.recipeIngredients).values(
        items.map((i, n) => ({
          recipeId: id,
          seq: n + 1,
          foodId: i.food_id,
          foodName: i.food_name,
          quantity: i.quantity,
          portionId: i.portion_id,
          portionName: i.portion_name,
          portionGrams: i.portion_grams,
          grams: i.grams,
          per100g: i.per_100g,
        })),
      ),
    );
  }

  /** The recipes `id` contains, directly or through other recipes (its ingredient closure). */
  *containedRecipes(id: number): Q<Set<number>> {
    const found = yield* rows<{ id: number }>(
      `WITH RECURSIVE inside(id) AS (
         SELECT i.food_id FROM recipe_ingredients i JOIN recipes r ON r.food_id = i.food_id WHERE i.recipe_id = ?
         UNION
         SELECT i.food_id FROM recipe_ingredients i JOIN recipes r ON r.food_id = i.food_id JOIN inside ON i.recipe_id = inside.id
       ) SELECT id FROM inside`,
      id,
    );
    return new Set(found.map((r) => r.id));
  }
}
