/** Personal-recognition queries (table photo_examples): each user's confirmed photos as embeddings (examples.ts). */
import { rows, run, type Q } from "../../../db/q";
import { fromBlob, MAX_PER_FOOD, MAX_PER_USER, type Neighbour, nearestFoods } from "./examples";

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
