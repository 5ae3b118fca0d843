/**
 * Personal recognition: a user's confirmed photos, kept as embeddings (never images), and the
 * nearest of them to a new photo. A photo's embedding waits on its `photos` row (24 hours); a
 * meal logged with that photo_id copies it here as the user's example of that food.
 *
 * Bounds: at most MAX_PER_FOOD examples of one food (the oldest goes) and MAX_PER_USER in all
 * (the oldest goes), 5 KB each, so at most ~5 MB per user and a scan of ≤ 1,000 vectors per photo.
 */
import { rows, run, type Q } from "../../../db/q";

export const MAX_PER_FOOD = 20;
export const MAX_PER_USER = 1000;

export interface Neighbour {
  foodId: number;
  /** Cosine similarity of the best example of that food, −1…1. */
  similarity: number;
}

/** The foods of `examples` ranked by their best example's similarity to `embedding`. */
export function nearestFoods(
  embedding: Float32Array,
  examples: Iterable<{ foodId: number; embedding: Float32Array }>,
  limit: number,
): Neighbour[] {
  const best = new Map<number, number>();
  for (const e of examples) {
    const sim = cosine(embedding, e.embedding);
    if (sim > (best.get(e.foodId) ?? -Infinity)) best.set(e.foodId, sim);
  }
  return [...best]
    .map(([foodId, similarity]) => ({ foodId, similarity }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, limit);
}

export function toBlob(v: Float32Array): Uint8Array {
  return new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));
}

export function fromBlob(b: Uint8Array): Float32Array {
  const copy = b.slice(); // aligned
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return -1;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s; // both unit length
}

/** The user's examples past the newest `keep` (of one food, when `food` is true), in each dialect. */
const beyond = (food: boolean) => {
  const pick = `SELECT id FROM photo_examples WHERE user_id = ?${food ? " AND food_id = ?" : ""} ORDER BY created_at DESC, id DESC`;
  return {
    sqlite: `DELETE FROM photo_examples WHERE id IN (${pick} LIMIT -1 OFFSET ?)`,
    pg: `DELETE FROM photo_examples WHERE id IN (${pick} OFFSET ?)`,
  };
};
const BEYOND_FOOD = beyond(true);
const BEYOND_USER = beyond(false);

export class ExamplesRepo {
  /** Keeps this photo's embedding as the user's example of `foodId`, confirmed by `mealId`; a repeat is a no-op. */
  *add(userId: number, photoId: string, foodId: number, mealId: string, now: Date): Q<boolean> {
    // a photo without an embedding (recognition was unavailable for it) adds nothing
    const added = yield* run(
      `INSERT INTO photo_examples (user_id, food_id, photo_id, meal_id, embedding, created_at)
       SELECT user_id, ?, id, ?, embedding, ? FROM photos WHERE id = ? AND user_id = ? AND embedding IS NOT NULL
       ON CONFLICT DO NOTHING`,
      foodId,
      mealId,
      now.toISOString(),
      photoId,
      userId,
    );
    if (!added) return false;
    yield* run(BEYOND_FOOD, userId, foodId, MAX_PER_FOOD);
    yield* run(BEYOND_USER, userId, MAX_PER_USER);
    return true;
  }

  /** A deleted meal takes back what it confirmed. */
  withdraw(userId: number, mealId: string): Q<number> {
    return run("DELETE FROM photo_examples WHERE user_id = ? AND meal_id = ?", userId, mealId);
  }

  deleteAll(userId: number): Q<number> {
    return run("DELETE FROM photo_examples WHERE user_id = ?", userId);
  }

  /** The user's foods ranked by their best example's similarity to `embedding`. */
  *nearest(userId: number, embedding: Float32Array, limit: number): Q<Neighbour[]> {
    const found = yield* rows<{ food_id: number; embedding: Uint8Array }>(
      "SELECT food_id, embedding FROM photo_examples WHERE user_id = ?",
      userId,
    );
    return nearestFoods(
      embedding,
      found.map((r) => ({ foodId: r.food_id, embedding: fromBlob(r.embedding) })),
      limit,
    );
  }
}
