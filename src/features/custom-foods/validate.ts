/** Pure checks for custom-food input; one validation_failed lists every bad field. */
import { NUTRIENTS, type NutrientKey } from "../../db/nutrients";
import { AppError, type ErrorDetail } from "../../lib/errors";
import { parseBarcode } from "../../lib/gtin";
import { checkSchema } from "../../schema/validation";
import { withLabel } from "./label";
import { CreateFoodBody, maxPer100g, PatchFoodBody, PORTION_GRAMS_MAX, PORTION_GRAMS_MIN } from "./model";

export interface FoodInput {
  name?: string;
  brand?: string | null;
  barcode?: string | null;
  nutrients?: Partial<Record<NutrientKey, number | null>>;
  portions?: { name: string; grams: number }[];
}

const KEYS = new Set<string>(NUTRIENTS.map((n) => n.key));
export { maxPer100g };

/** Validates and cleans; `create` requires name and nutrients.energy_kcal (or a label that has it). */
export function checkFoodInput(input: Record<string, unknown>, create: boolean): FoodInput {
  // types, ranges and lengths: the route's own schema, so every path gives REST's messages
  const details: ErrorDetail[] = [];
  const out: FoodInput = {};
  const fail = (field: string, message: string, extra: Record<string, unknown> = {}) =>
    details.push({ field, message, ...extra });
  checkSchema(create ? CreateFoodBody : PatchFoodBody, input);
  const raw = withLabel(input, create, fail);

  if (raw.name !== undefined || create) {
    const n = typeof raw.name === "string" ? raw.name.trim() : "";
    if (typeof raw.name !== "string") fail("name", "is required and must be a string");
    else if (n.length < 1 || n.length > 200) fail("name", "must be 1–200 characters after trimming spaces");
    else out.name = n;
  }
  if (raw.brand !== undefined) {
    if (raw.brand === null || (typeof raw.brand === "string" && raw.brand.trim() === "")) out.brand = null;
    else if (typeof raw.brand !== "string" || raw.brand.trim().length > 100)
      fail("brand", "must be at most 100 characters, or null");
    else out.brand = raw.brand.trim();
  }
  if (raw.barcode !== undefined) {
    if (raw.barcode === null || raw.barcode === "") out.barcode = null;
    else if (typeof raw.barcode !== "string") fail("barcode", "must be a string of digits, or null");
    else {
      const b = parseBarcode(raw.barcode);
      if (b.ok) out.barcode = b.barcode.gtin;
      else fail("barcode", b.message, { reason: b.reason });
    }
  }
  if (raw.nutrients !== undefined || (create && !details.some((d) => d.field?.startsWith("label")))) {
    const n = raw.nutrients;
    if (n === null || typeof n !== "object" || Array.isArray(n))
      fail("nutrients", "must be an object of nutrient values per 100 g");
    else {
      const clean: Partial<Record<NutrientKey, number | null>> = {};
      for (const [k, v] of Object.entries(n as Record<string, unknown>)) {
        if (!KEYS.has(k)) continue; // unknown keys are ignored, like unknown fields
        const max = maxPer100g(k);
        if (v === null) {
          if (k === "energy_kcal") fail("nutrients.energy_kcal", "is required and cannot be null");
          else clean[k as NutrientKey] = null;
        } else if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > max) {
          fail(`nutrients.${k}`, `must be a number from 0 to ${max} per 100 g, or null`);
        } else clean[k as NutrientKey] = Math.round(v * 1000) / 1000;
      }
      if (
        create &&
        clean.energy_kcal === undefined &&
        !details.some((d) => d.field === "nutrients.energy_kcal" || d.field?.startsWith("label"))
      ) {
        fail("nutrients.energy_kcal", "is required");
      }
      if (clean.energy_kcal != null && clean.energy_kj === undefined)
        clean.energy_kj = Math.round(clean.energy_kcal * 4184) / 1000;
      out.nutrients = clean;
    }
  }
  if (raw.portions !== undefined) {
    if (!Array.isArray(raw.portions) || raw.portions.length > 50)
      fail("portions", "must be an array of at most 50 portions");
    else {
      out.portions = [];
      raw.portions.forEach((p: unknown, i: number) => {
        const o = (p ?? {}) as Record<string, unknown>;
        const name = typeof o.name === "string" ? o.name.trim() : "";
        if (name.length < 1 || name.length > 100) fail(`portions.${i}.name`, "must be 1–100 characters");
        if (typeof o.grams !== "number" || !(o.grams >= PORTION_GRAMS_MIN) || o.grams > PORTION_GRAMS_MAX)
          fail(`portions.${i}.grams`, `must be a number from ${PORTION_GRAMS_MIN} to ${PORTION_GRAMS_MAX}`);
        else out.portions!.push({ name, grams: Math.round(o.grams * 1000) / 1000 });
      });
    }
  }
  if (details.length) throw new AppError("validation_failed", `${details[0]!.field} ${details[0]!.message}`, details);
  return out;
}
