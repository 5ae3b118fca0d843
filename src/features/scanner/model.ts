/** Scanner shapes from API.md §Scanner. */
import { t } from "elysia";
import { Food, FoodSummary } from "../foods/model";
import { Nullable, Enum, Int } from "../../lib/schemas";

export const BarcodeSchema = t.Object(
  {
    input: t.String({ description: "what was sent or read" }),
    gtin: t.String({ description: "zero-padded GTIN-14" }),
    format: Enum(["EAN-13", "EAN-8", "UPC-A", "UPC-E", "GTIN-14"]),
    issuer: Nullable(t.String({ description: "GS1 member organisation that issued the prefix (not the country of origin)" })),
  },
  { title: "Barcode" },
);

export const BarcodeBody = t.Object({
  barcode: t.String({ description: "digits; spaces and hyphens ignored; 8, 12, 13 or 14 digits, or a 6–8 digit UPC-E" }),
});

export const BarcodeResponse = t.Object({
  barcode: BarcodeSchema,
  food: Food,
  source: Enum(["custom", "imported", "openfoodfacts"], {
    description: "custom: your own food (always wins); imported: an Open Food Facts dump imported on this server; openfoodfacts: the optional online lookup",
  }),
});

export const PhotoBody = t.Object({
  image: t.Optional(t.File({ description: "JPEG, PNG or WebP (judged by content), at most 10 MB and 40 megapixels" })),
});

export const PhotoResponse = t.Object({
  photo_id: t.String({ description: "valid 24 hours; send it with POST /meals to confirm what the photo showed" }),
  barcode: Nullable(BarcodeSchema),
  food: Nullable(Food),
  candidates: t.Array(
    t.Object({
      label: t.String(),
      confidence: t.Number({ minimum: 0, maximum: 1 }),
      source: Enum(["model", "personal"]),
      confident: t.Boolean({ description: "at the calibrated operating point; below it, a suggestion for a picker" }),
      food: Nullable(FoodSummary),
    }),
    { maxItems: 5 },
  ),
  model: t.Object({ name: t.String(), version: t.String() }),
  elapsed_ms: Int(),
});
