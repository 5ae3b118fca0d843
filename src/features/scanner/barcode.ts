/** POST /scanner/barcode: normalise, then ask each source in order; the user's own food wins. */
import { AppError } from "../../lib/errors";
import { parseBarcode, type Barcode, type ParsedBarcode } from "../../lib/gtin";
import type { FoodT } from "../foods/model";
import type { BarcodeSource, SourceName } from "./sources";

export interface BarcodeHit {
  barcode: Barcode;
  food: FoodT;
  source: SourceName;
}

const RESTRICTION_TEXT: Record<string, string> = {
  restricted_circulation:
    "a restricted-circulation code (in-store or variable-measure, often with a price or weight inside), not a global product",
  isbn: "an ISBN (a book), not a food product",
  issn: "an ISSN (a periodical), not a food product",
  coupon: "a coupon or refund code, not a product",
  demo: "a GS1 demonstration number, not a real product",
};

export function toBarcode(b: ParsedBarcode | Barcode): Barcode {
  return { input: b.input, gtin: b.gtin, format: b.format, issuer: b.issuer };
}

/** Parses or throws 400 invalid_barcode with the reason. */
export function parseOrThrow(raw: string): ParsedBarcode {
  const r = parseBarcode(raw);
  if (!r.ok)
    throw new AppError("invalid_barcode", r.message, [{ field: "barcode", message: r.message, reason: r.reason }]);
  return r.barcode;
}

/** Looks a parsed code up; null when no source knows it. Restricted codes never go online. */
export async function findBarcode(
  parsed: ParsedBarcode,
  sources: readonly BarcodeSource[],
  userId: number,
): Promise<BarcodeHit | null> {
  const readings: Barcode[] = [toBarcode(parsed), ...parsed.alternates];
  const gtins = readings.map((r) => r.gtin);
  for (const source of sources) {
    if (source.name === "openfoodfacts" && parsed.restriction) continue;
    const food = await source.lookup(gtins, userId);
    if (food) {
      const reading = readings.find((r) => r.gtin === food.barcode) ?? readings[0]!;
      return { barcode: reading, food, source: source.name };
    }
  }
  return null;
}

/**
 * 404 barcode_not_found, with the normalised GTIN so a client can offer "create this food", and
 * `online`: whether Open Food Facts was asked (`asked`), may be asked (`not_asked`: send
 * `online: true`), or the admin has the online lookup off (`off`).
 */
export function notFound(parsed: ParsedBarcode, online: "asked" | "not_asked" | "off" = "off"): AppError {
  const why = parsed.restriction ? RESTRICTION_TEXT[parsed.restriction] : undefined;
  const message = why
    ? `${parsed.gtin} is ${why}`
    : `no product with barcode ${parsed.gtin} in your foods or the imported products`;
  return new AppError("barcode_not_found", message, [
    {
      field: "barcode",
      message: why ?? "not found; you can create a custom food with this barcode",
      gtin: parsed.gtin,
      format: parsed.format,
      online,
      ...(parsed.restriction ? { restriction: parsed.restriction } : {}),
      ...(parsed.alternates.length ? { also_tried: parsed.alternates.map((a) => a.gtin) } : {}),
    },
  ]);
}
