/** What a label reading is: its keys and shapes (API.md §Scanner, label), shared by the parser and its checks. */
export const LABEL_KEYS = [
  "energy_kcal",
  "energy_kj",
  "fat_g",
  "saturated_fat_g",
  "trans_fat_g",
  "cholesterol_mg",
  "sodium_mg",
  "carbohydrate_g",
  "fiber_g",
  "sugars_g",
  "added_sugars_g",
  "protein_g",
] as const;
export type LabelKey = (typeof LABEL_KEYS)[number];
export type LabelNutrients = Record<LabelKey, number | null>;

export interface FieldRead {
  /** The OCR line the value was read from, as read. */
  line: string;
  /** What the line says, in the key's unit (per serving on US panels, else per 100 g). */
  value: number | null;
  confidence: number;
  /** "less than 1g": the value is below this, and `value` is null. */
  less_than?: number;
  note?: string;
}

export interface Warning {
  code: "energy_mismatch" | "implausible" | "column_assumed";
  message: string;
}

/** API data, hand-written: built by the label reader, which runs without Elysia; see LabelResult. */
export interface LabelReading {
  format: "us" | "eu" | "au" | null;
  serving: { text: string | null; grams: number | null; millilitres: number | null };
  servings_per_container: number | null;
  per_serving: LabelNutrients;
  per_100g: LabelNutrients | null;
  fields: Partial<Record<LabelKey, FieldRead>>;
  warnings: Warning[];
}

/** Values read with less confidence than this are left null (the line is still in `fields`). */
export const MIN_CONFIDENCE = 0.6;
export const blank = (): LabelNutrients => Object.fromEntries(LABEL_KEYS.map((k) => [k, null])) as LabelNutrients;
export const mapValues = (n: LabelNutrients, f: (v: number | null) => number | null): LabelNutrients =>
  Object.fromEntries(LABEL_KEYS.map((k) => [k, f(n[k])])) as LabelNutrients;
export const round = (x: number) => Math.round(x * 100) / 100;
