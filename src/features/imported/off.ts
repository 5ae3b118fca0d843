/**
 * Open Food Facts product → our imported-product record. Shared by the dump importer and the
 * online lookup. Pure. Traps handled (research/anchors.md §2.1): kJ-only energy, numbers sent as
 * strings, per-serving-only values, salt without sodium, absurd values, free-text serving sizes.
 */
import { parseBarcode } from "../../lib/gtin";

export const OFF_ATTRIBUTION =
  "Data from Open Food Facts (openfoodfacts.org), made available under the Open Database License (ODbL 1.0) by its contributors.";

export interface ImportedRecord {
  gtin: string;
  name: string;
  brand: string | null;
  nutrients: Record<string, number | null>;
  servingName: string | null;
  servingGrams: number | null;
}

export type MapResult = { ok: true; record: ImportedRecord } | { ok: false; reason: string };

const num = (v: unknown): number | null => {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && v.trim() !== "") {
    const n = Number(v.trim().replace(",", "."));
    return Number.isFinite(n) ? n : null;
  }
  return null;
};
const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** OFF nutriment key → [our key, factor from OFF's unit, max per 100 g in our unit]. */
const MAP: [string, string, number, number][] = [
  ["proteins", "protein_g", 1, 100],
  ["fat", "fat_g", 1, 100],
  ["saturated-fat", "saturated_fat_g", 1, 100],
  ["trans-fat", "trans_fat_g", 1, 100],
  ["carbohydrates", "carbohydrate_g", 1, 100],
  ["sugars", "sugars_g", 1, 100],
  ["fiber", "fiber_g", 1, 100],
  ["alcohol", "alcohol_g", 1, 100],
  ["cholesterol", "cholesterol_mg", 1000, 100_000],
  ["calcium", "calcium_mg", 1000, 100_000],
  ["iron", "iron_mg", 1000, 100_000],
  ["potassium", "potassium_mg", 1000, 100_000],
  ["vitamin-c", "vitamin_c_mg", 1000, 100_000],
  ["caffeine", "caffeine_mg", 1000, 100_000],
];

/** A flat `nutriments` object and the serving quantity in grams (or null). */
function per100(nutriments: Record<string, unknown>, key: string, servingGrams: number | null): number | null {
  const v = num(nutriments[`${key}_100g`]);
  if (v !== null) return v;
  const s = num(nutriments[`${key}_serving`]);
  return s !== null && servingGrams ? (s * 100) / servingGrams : null;
}

/** Maps one product (a JSONL line, a CSV row turned object, or an API `product`). */
/**
 * Open Food Facts text without U+0000: PostgreSQL's text cannot hold it (a product with one was a 500
 * there, and stored on SQLite). Their data, not the caller's input, so it is dropped, not refused.
 */
const text = (v: unknown): unknown => (typeof v === "string" ? v.replaceAll("\0", "") : v);

export function mapOffProduct(product: Record<string, unknown>): MapResult {
  const p = { ...product };
  for (const k of ["product_name", "product_name_en", "generic_name", "brands", "serving_size"]) p[k] = text(p[k]);
  const code = typeof p.code === "string" || typeof p.code === "number" ? String(p.code).trim() : "";
  if (!code) return { ok: false, reason: "no code" };
  const parsed = parseBarcode(code);
  if (!parsed.ok) return { ok: false, reason: `code ${code.slice(0, 20)}: ${parsed.reason}` };
  const nameRaw = [p.product_name, p.product_name_en, p.generic_name].find(
    (x) => typeof x === "string" && x.trim() !== "",
  ) as string | undefined;
  if (!nameRaw) return { ok: false, reason: "no product name" };
  const brandRaw = typeof p.brands === "string" ? p.brands.split(",")[0]!.trim() : "";

  // CSV exports carry nutriments as top-level "<key>_100g" columns; the API and JSONL nest them.
  const nutriments = (p.nutriments && typeof p.nutriments === "object" ? p.nutriments : p) as Record<string, unknown>;
  let servingGrams = num(p.serving_quantity);
  if (servingGrams !== null && (servingGrams <= 0 || servingGrams > 5000)) servingGrams = null;

  let kcal = per100(nutriments, "energy-kcal", servingGrams);
  let kj = per100(nutriments, "energy-kj", servingGrams) ?? per100(nutriments, "energy", servingGrams); // OFF "energy" is kJ
  if (kcal === null && kj !== null) kcal = kj / 4.184;
  if (kj === null && kcal !== null) kj = kcal * 4.184;
  if (kcal === null) return { ok: false, reason: "no energy value" };
  if (kcal < 0 || kcal > 1000) return { ok: false, reason: `energy ${r3(kcal)} kcal/100 g is impossible` };

  const nutrients: Record<string, number | null> = { energy_kcal: r3(kcal), energy_kj: r3(kj!) };
  for (const [off, ours, factor, max] of MAP) {
    const v = per100(nutriments, off, servingGrams);
    nutrients[ours] = v === null || v < 0 || v * factor > max ? null : r3(v * factor);
  }
  const sodium = per100(nutriments, "sodium", servingGrams);
  const salt = per100(nutriments, "salt", servingGrams);
  const sodiumMg = sodium !== null ? sodium * 1000 : salt !== null ? salt * 400 : null; // salt g / 2.5 = sodium g
  nutrients.sodium_mg = sodiumMg === null || sodiumMg < 0 || sodiumMg > 100_000 ? null : r3(sodiumMg);

  const servingText =
    typeof p.serving_size === "string" && p.serving_size.trim() ? p.serving_size.trim().slice(0, 100) : null;
  return {
    ok: true,
    record: {
      gtin: parsed.barcode.gtin,
      name: nameRaw.trim().replace(/\s+/g, " ").slice(0, 200),
      brand: brandRaw ? brandRaw.slice(0, 100) : null,
      nutrients,
      servingName: servingGrams ? (servingText ?? "serving") : null,
      servingGrams: servingGrams ? r3(servingGrams) : null,
    },
  };
}
