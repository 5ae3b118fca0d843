/**
 * Personal recognition: a user's confirmed photos, kept as embeddings (never images), and the
 * nearest of them to a new photo. A photo's embedding waits on its `photos` row (24 hours); a
 * meal logged with that photo_id copies it here as the user's example of that food.
 *
 * Bounds: at most MAX_PER_FOOD examples of one food (the oldest goes) and MAX_PER_USER in all
 * (the oldest goes), 5 KB each, so at most ~5 MB per user and a scan of ≤ 1,000 vectors per photo.
 */
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
