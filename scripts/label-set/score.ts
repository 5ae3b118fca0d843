/**
 * Scores a label reading against the set's truth (scripts/build-label-set.ts), per field:
 * kcal exact; grams and milligrams within ±0.5 or ±1 %, whichever is larger. Shared by
 * bench/label.ts and test/scanner-label.test.ts.
 */
import type { Truth } from "./panels";

export const SCORED = [
  "energy_kcal",
  "fat_g",
  "saturated_fat_g",
  "carbohydrate_g",
  "sugars_g",
  "protein_g",
  "sodium_mg",
  "fiber_g",
] as const;
export type Scored = (typeof SCORED)[number];

export interface Reading {
  per_serving: Record<string, number | null>;
  per_100g: Record<string, number | null> | null;
  fields: Record<string, { confidence: number } | undefined>;
}

export type Outcome = "right" | "wrong" | "missing" | "absent";

/** right / wrong / missing (null although printed) / absent (not on the label, so not scored). */
export function score(truth: Truth, r: Reading): Record<Scored, Outcome> {
  const read = truth.column === "serving" ? r.per_serving : r.per_100g;
  const out = {} as Record<Scored, Outcome>;
  for (const k of SCORED) {
    const want = truth[k];
    const got = read?.[k] ?? null;
    if (want === null) out[k] = got === null ? "absent" : "wrong";
    else if (got === null) out[k] = "missing";
    else if (k === "energy_kcal") out[k] = got === want ? "right" : "wrong";
    else out[k] = Math.abs(got - want) <= Math.max(0.5, Math.abs(want) * 0.01) ? "right" : "wrong";
  }
  return out;
}
