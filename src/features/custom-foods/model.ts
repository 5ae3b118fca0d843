/** POST/PATCH /foods bodies (API.md §Foods). Values are checked in validate.ts. */
import { t } from "elysia";
import { intParam } from "../../lib/validation";

const NutrientsIn = t.Record(t.String(), t.Any(), {
  description:
    "Per 100 g, keys as in Food.nutrients. energy_kcal is required on create; each value a number ≥ 0 or null. energy_kj is derived from energy_kcal when not given. Unknown keys are ignored.",
});
const PortionIn = t.Object({
  name: t.String({ description: "1–100 characters" }),
  grams: t.Number({ description: "weight of one portion, more than 0 and at most 5000" }),
});

export const CreateFoodBody = t.Object({
  name: t.String({ description: "1–200 characters after trimming" }),
  brand: t.Optional(t.Union([t.String({ description: "at most 100 characters" }), t.Null()])),
  barcode: t.Optional(
    t.Union([t.String({ description: "EAN-13, EAN-8, UPC-A, UPC-E or GTIN-14; stored as GTIN-14" }), t.Null()]),
  ),
  nutrients: t.Optional(NutrientsIn),
  portions: t.Optional(t.Array(PortionIn, { maxItems: 50 })),
  label: t.Optional(
    t.Unknown({
      description:
        'what POST /scanner/label returned (LabelReading), to make this food from a photographed label: nutrients come from its per_100g (nutrients, when also sent, win key by key) and a portion "serving (…)" from its serving size unless portions are sent. Required unless nutrients is sent.',
    }),
  ),
});

export const PatchFoodBody = t.Object({
  name: t.Optional(t.String()),
  brand: t.Optional(t.Union([t.String(), t.Null()])),
  barcode: t.Optional(t.Union([t.String(), t.Null()])),
  nutrients: t.Optional(NutrientsIn),
  portions: t.Optional(t.Array(PortionIn, { maxItems: 50, description: "replaces every portion" })),
});

export const CustomFoodIdParams = t.Object({ id: intParam("id", { minimum: 1 }) });
