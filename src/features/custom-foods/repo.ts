/** Custom-food queries; every read and write is scoped to the owner. */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customFoods, customPortions } from "../../db/schema";

/** Ids from here to 2,000,000,000 are custom foods; catalogue NDB numbers are at most 99,999. */
export const CUSTOM_ID_BASE = 1_000_000;
export const isCustomId = (id: number) => id >= CUSTOM_ID_BASE && id < 2_000_000_000;

export type CustomFoodRow = typeof customFoods.$inferSelect;
export type CustomPortionRow = typeof customPortions.$inferSelect;

export class CustomFoodsRepo {
  constructor(readonly db: Db) {}

  get(userId: number, id: number): CustomFoodRow | null {
    return (
      this.db
        .select()
        .from(customFoods)
        .where(and(eq(customFoods.id, id), eq(customFoods.userId, userId)))
        .get() ?? null
    );
  }

  /** Every food of the user, whole rows (export). */
  allRowsOf(userId: number): CustomFoodRow[] {
    return this.db.select().from(customFoods).where(eq(customFoods.userId, userId)).orderBy(asc(customFoods.id)).all();
  }

  /**
   * The user's foods by content (`contentKey`), read once: an import reuses a food with exactly the same
   * content instead of making a twin. One query per import, not one per food (that was quadratic).
   */
  byContent(userId: number): Map<string, number> {
    const rows = this.db
      .select({
        id: customFoods.id,
        name: customFoods.name,
        brand: customFoods.brand,
        barcode: customFoods.barcode,
        nutrients: customFoods.nutrients,
      })
      .from(customFoods)
      .where(eq(customFoods.userId, userId))
      .all();
    return new Map(rows.map((r) => [contentKey(r), r.id]));
  }

  /** The user's most recently changed food with one of these GTIN-14s. */
  byBarcode(userId: number, gtins: string[]): CustomFoodRow | null {
    if (!gtins.length) return null;
    return (
      this.db
        .select()
        .from(customFoods)
        .where(and(eq(customFoods.userId, userId), inArray(customFoods.barcode, gtins)))
        .orderBy(desc(customFoods.updatedAt), desc(customFoods.id))
        .get() ?? null
    );
  }

  portions(foodId: number): CustomPortionRow[] {
    return this.db
      .select()
      .from(customPortions)
      .where(eq(customPortions.foodId, foodId))
      .orderBy(asc(customPortions.seq))
      .all();
  }

  /** Every food of the user, for matching a search (a user has tens to hundreds). */
  allOf(userId: number): Pick<CustomFoodRow, "id" | "name" | "brand">[] {
    return this.db
      .select({ id: customFoods.id, name: customFoods.name, brand: customFoods.brand })
      .from(customFoods)
      .where(eq(customFoods.userId, userId))
      .all();
  }

  portionCounts(userId: number): Map<number, number> {
    const rows = this.db.$client
      .query(
        "SELECT p.food_id AS id, count(*) AS n FROM custom_portions p JOIN custom_foods f ON f.id = p.food_id WHERE f.user_id = ? GROUP BY p.food_id",
      )
      .all(userId) as { id: number; n: number }[];
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  /**
   * The food's portions become the list given. A portion whose name stays keeps its id (its weight may
   * change), so a client holding it (an offline log form, a recipe's serving after an edit) still
   * names a portion of the food; the others are removed and the new ones get new ids.
   */
  replacePortions(foodId: number, portions: { name: string; grams: number }[]): void {
    const unused = this.portions(foodId);
    portions.forEach((p, i) => {
      const k = unused.findIndex((o) => o.name === p.name);
      if (k < 0)
        return void this.db
          .insert(customPortions)
          .values({ foodId, seq: i + 1, name: p.name, amount: 1, grams: p.grams })
          .run();
      const [reused] = unused.splice(k, 1);
      this.db
        .update(customPortions)
        .set({ seq: i + 1, amount: 1, grams: p.grams })
        .where(eq(customPortions.id, reused!.id))
        .run();
    });
    for (const o of unused) this.db.delete(customPortions).where(eq(customPortions.id, o.id)).run();
  }
}

/** A food's identity for an import: name, brand, barcode and nutrients, exactly. */
export function contentKey(f: {
  name?: string;
  brand?: string | null;
  barcode?: string | null;
  nutrients?: unknown;
}): string {
  return JSON.stringify([f.name ?? "", f.brand ?? null, f.barcode ?? null, f.nutrients ?? null]);
}
