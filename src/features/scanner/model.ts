/** Scanner shapes from API.md §Scanner. */
import { t } from "elysia";
import { Food, FoodSummary } from "../foods/model";
import { Nullable, Enum, Int, Text } from "../../schema/schemas";
import { LABEL_KEYS, MIN_CONFIDENCE } from "./label/keys";

export const BarcodeSchema = t.Object(
  {
    input: t.String({ description: "what was sent or read" }),
    gtin: t.String({ description: "zero-padded GTIN-14" }),
    format: Enum(["EAN-13", "EAN-8", "UPC-A", "UPC-E", "GTIN-14"]),
    issuer: Nullable(
      t.String({ description: "GS1 member organisation that issued the prefix (not the country of origin)" }),
    ),
  },
  { title: "Barcode" },
);

export const BarcodeBody = t.Object({
  barcode: Text({
    description: "digits; spaces and hyphens ignored; 8, 12, 13 or 14 digits, or a 6–8 digit UPC-E",
  }),
  online: t.Optional(
    t.Boolean({
      description:
        "false: look only on this server (a client may ask the person before a barcode leaves the machine); default true: Open Food Facts online too, when the admin allows it",
    }),
  ),
});

export const BarcodeResponse = t.Object({
  barcode: BarcodeSchema,
  food: Food,
  source: Enum(["custom", "imported", "openfoodfacts"], {
    description:
      "custom: your own food (always wins); imported: an Open Food Facts dump imported on this server; openfoodfacts: the optional online lookup",
  }),
});

export const PhotoBody = t.Object({
  image: t.Optional(t.File({ description: "JPEG, PNG or WebP (judged by content), at most 10 MB and 40 megapixels" })),
  online: t.Optional(
    Enum(["true", "false"], {
      description:
        "as in POST /scanner/barcode: false looks up a barcode in the photo on this server only; default true",
    }),
  ),
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

const LabelNutrients = t.Object(Object.fromEntries(LABEL_KEYS.map((k) => [k, Nullable(t.Number())])), {
  title: "LabelNutrients",
  description:
    "What a nutrition label states; null = not on the label, not read, or not trusted (see fields). added_sugars_g is read but foods do not store it.",
});

const FieldRead = t.Object(
  {
    line: t.String({ description: "the OCR line it was read from, as read" }),
    value: Nullable(
      t.Number({
        description:
          "the amount on that line, in the key's unit, in the column used (per serving on US panels, per 100 g/ml on tables that have it)",
      }),
    ),
    confidence: t.Number({
      minimum: 0,
      maximum: 1,
      description: `OCR confidence of the line, lowered for repaired characters and missing units; below ${MIN_CONFIDENCE} the value is not used`,
    }),
    less_than: t.Optional(t.Number({ description: '"less than 1g": an upper bound; value is then null' })),
    note: t.Optional(
      t.String({
        description: 'e.g. "first of 2 columns", "salt 0.75 g → sodium ×400", "does not agree with the macronutrients"',
      }),
    ),
  },
  { title: "LabelField" },
);

export const LabelResponse = t.Object(
  {
    format: Nullable(
      Enum(["us", "eu", "au"], {
        description:
          "us: Nutrition Facts; eu: per 100 g/ml table (EU/UK); au: Australian/NZ panel; null: no panel recognised",
      }),
    ),
    serving: t.Object({
      text: Nullable(t.String({ description: 'as printed, e.g. "2/3 cup (55g)"' })),
      grams: Nullable(t.Number()),
      millilitres: Nullable(t.Number()),
    }),
    servings_per_container: Nullable(t.Number()),
    per_serving: LabelNutrients,
    per_100g: t.Union([LabelNutrients, t.Null()], {
      description:
        "per 100 g (or 100 ml for drinks); null when neither a per-100 column nor the serving size in g or ml was read",
    }),
    fields: t.Partial(t.Object(Object.fromEntries(LABEL_KEYS.map((k) => [k, FieldRead]))), {
      description: "for each nutrient found on the label, the line and how sure we are",
    }),
    warnings: t.Array(
      t.Object({
        code: Enum(["energy_mismatch", "implausible", "column_assumed"]),
        message: t.String(),
      }),
      {
        description:
          "energy_mismatch: stated energy and 4/4/9 from fat, carbohydrate and protein are more than 20% apart (energy is then left null); implausible: over 900 kcal per 100 g (left null); column_assumed: an EU table whose headings were not read, its first column taken as per 100 g",
      },
    ),
    lines: t.Array(t.String(), {
      description: "every line of text read, top to bottom, exactly as read (data, never markup)",
    }),
    elapsed_ms: Int(),
    timings_ms: t.Object({
      decode: Int(),
      detect: Int(),
      recognise: Int(),
      passes: Int({
        description:
          "detection passes: 2 when the label was small in the photo and a crop around its text was read instead; 3 when that crop read nothing and the whole photo was read after all",
      }),
    }),
  },
  { title: "LabelReading" },
);
