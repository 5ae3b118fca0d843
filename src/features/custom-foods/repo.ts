/** Custom-food queries; every read and write is scoped to the owner. */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { all, exec, one, prepared, rows, type Q } from "../../db/q";
import type { customFoods, customPortions } from "../../db/schema";

/** Ids from here to 2,000,000,000 are custom foods; catalogue NDB numbers are at most 99,999. */
export const CUSTOM_ID_BASE = 1_000_000;
export const isCustomId = (id: number) => id >= CUSTOM_ID_BASE && id < 2_000_000_000;

export type CustomFoodRow = typeof customFoods.$inferSelect;
export type CustomPortionRow = typeof customPortions.$inferSelect;
export type NewCustomFood = typeof customFoods.$inferInsert;

// A meal of a custom food reads both (its source's loggable): built once, not on every write (db/q.ts prepared)
const own = prepared((db, t) =>
  db
    .select()
    .from(t.customFoods)
    .where(and(eq(t.customFoods.id, sql.placeholder("id")), eq(t.customFoods.userId, sql.placeholder("userId")))),
);
const portionsOf = prepared((db, t) =>
  db
    .select()
    .from(t.customPortions)
    .where(eq(t.customPortions.foodId, sql.placeholder("foodId")))
    .orderBy(asc(t.customPortions.seq)),
);

export class CustomFoodsRepo {
  get(userId: number, id: number): Q<CustomFoodRow | null> {
    return own.one({ id, userId });
  }

  /** Every food of the user, whole rows (export). */
  allRowsOf(userId: number): Q<CustomFoodRow[]> {
    return all((db, t) =>
      db.select().from(t.customFoods).where(eq(t.customFoods.userId, userId)).orderBy(asc(t.customFoods.id)),
    );
  }

  /**
   * The user's foods by content (`contentKey`), read once: an import reuses a food with exactly the same
   * content instead of making a twin. One query per import, not one per food (that was quadratic).
   */
  *byContent(userId: number): Q<Map<string, number[]>> {
    const found = yield* all((db, t) =>
      db
        .select({
          id: t.customFoods.id,
          name: t.customFoods.name,
          brand: t.customFoods.brand,
          barcode: t.customFoods.barcode,
          nutrients: t.customFoods.nutrients,
        })
        .from(t.customFoods)
        .where(eq(t.customFoods.userId, userId)),
    );
    // every id of a content, oldest first: two recipes of one name and make-up per 100 g may differ in amounts
    const out = new Map<string, number[]>();
    for (const r of found.sort((a, b) => a.id - b.id)) {
      const key = contentKey(r);
      const ids = out.get(key);
      if (ids) ids.push(r.id);
      else out.set(key, [r.id]);
    }
    return out;
  }

  /** The user's most recently changed food with one of these GTIN-14s. */
  *byBarcode(userId: number, gtins: string[]): Q<CustomFoodRow | null> {
    if (!gtins.length) return null;
    return yield* one((db, t) =>
      db
        .select()
        .from(t.customFoods)
        .where(and(eq(t.customFoods.userId, userId), inArray(t.customFoods.barcode, gtins)))
        .orderBy(desc(t.customFoods.updatedAt), desc(t.customFoods.id))
        .limit(1),
    );
  }

  portions(foodId: number): Q<CustomPortionRow[]> {
    return portionsOf.all({ foodId });
  }

  /** Every food of the user, for matching a search (a user has tens to hundreds). */
  allOf(userId: number): Q<Pick<CustomFoodRow, "id" | "name" | "brand">[]> {
    return all((db, t) =>
      db
        .select({ id: t.customFoods.id, name: t.customFoods.name, brand: t.customFoods.brand })
        .from(t.customFoods)
        .where(eq(t.customFoods.userId, userId)),
    );
  }

  *portionCounts(userId: number): Q<Map<number, number>> {
    const found = yield* rows<{ id: number; n: number }>(
      `SELECT p.food_id AS id, CAST(count(*) AS integer) AS n FROM custom_portions p JOIN custom_foods f ON f.id = p.food_id
       WHERE f.user_id = ? GROUP BY p.food_id`,
      userId,
    );
    return new Map(found.map((r) => [r.id, r.n]));
  }

  /** Inserts a food; its row as stored (with the id the database chose). */
  *insert(food: NewCustomFood): Q<CustomFoodRow> {
    return (yield* one((db, t) => db.insert(t.customFoods).values(food).returning()))!;
  }

  /** Changes the user's food; the number of rows changed (0: not theirs). */
  update(userId: number, id: number, set: Partial<NewCustomFood>): Q<number> {
    return exec((db, t) =>
      db
        .update(t.customFoods)
        .set(set)
        .where(and(eq(t.customFoods.id, id), eq(t.customFoods.userId, userId))),
    );
  }

  delete(userId: number, id: number): Q<number> {
    return exec((db, t) =>
      db.delete(t.customFoods).where(and(eq(t.customFoods.id, id), eq(t.customFoods.userId, userId))),
    );
  }

  /**
   * The food's portions become the list given. A portion whose name stays keeps its id (its weight may
   * change), so a client holding it (an offline log form, a recipe's serving after an edit) still
   * names a portion of the food; the others are removed and the new ones get new ids.
   */
  *replacePortions(foodId: number, portions: { name: string; grams: number }[]): Q<void> {
    const unused = yield* this.portions(foodId);
    for (const [i, p] of portions.entries()) {
      const k = unused.findIndex((o) => o.name === p.name);
      if (k < 0) {
        yield* exec((db, t) =>
          db.insert(t.customPortions).values({ foodId, seq: i + 1, name: p.name, amount: 1, grams: p.grams }),
        );
        continue;
      }
      const [reused] = unused.splice(k, 1);
      yield* exec((db, t) =>
        db
          .update(t.customPortions)
          .set({ seq: i + 1, amount: 1, grams: p.grams })
          .where(eq(t.customPortions.id, reused!.id)),
      );
    }
    for (const o of unused) yield* exec((db, t) => db.delete(t.customPortions).where(eq(t.customPortions.id, o.id)));
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
