/**
 * POST/PATCH /foods bodies (API.md §Foods). Types, ranges and lengths live here, each with the
 * message validate.ts gives; validate.ts checks this same schema first on every path (REST, sync
 * push, import), then what the schema cannot say (trimmed lengths, the barcode's check digit,
 * energy_kcal required on create, a label's values).
 */
import { Type as t } from "@sinclair/typebox";
import { NUTRIENTS } from "../../db/nutrients";
import { Nullable, Text, TextRecord } from "../../schema/schemas";
import { intParam } from "../../schema/validation";

const UNIT_MAX: Record<string, number> = {
  kcal: 1000,
  kJ: 4184,
  g: 100,
  mg: 100_000,
  ug: 100_000_000,
  IU: 100_000_000,
};
const UNIT_OF = new Map<string, string>(NUTRIENTS.map((n) => [n.key, n.unit]));
/** The most a nutrient can be per 100 g of any food (1000 kcal, 100 g, …). */
export const maxPer100g = (key: string): number => UNIT_MAX[UNIT_OF.get(key) ?? "g"]!;
export const NAME_MAX = 200;
export const BRAND_MAX = 100;
export const PORTION_NAME_MAX = 100;
export const PORTION_GRAMS_MAX = 5000;
/** Portion weights are kept to 0.001 g (validate.ts rounds them): a lighter one was stored as 0 g. */
export const PORTION_GRAMS_MIN = 0.001;
export const MAX_FOOD_PORTIONS = 50;

const per100 = (key: string, unit: string) =>
  t.Optional(
    Nullable(
      t.Number({
        minimum: 0,
        maximum: maxPer100g(key),
        description: `${unit} per 100 g, 0–${maxPer100g(key)}; null: not known`,
        errorMessage: `must be a number from 0 to ${maxPer100g(key)} per 100 g, or null`,
      }),
    ),
  );
export const NutrientsIn = t.Object(Object.fromEntries(NUTRIENTS.map((n) => [n.key, per100(n.key, n.unit)])), {
  title: "NutrientsIn",
  description:
    "Per 100 g, keys as in Food.nutrients. energy_kcal is required on create; each value a number ≥ 0 or null. energy_kj is derived from energy_kcal when not given. Unknown keys are ignored.",
  errorMessage: "must be an object of nutrient values per 100 g",
});

export const PortionIn = t.Object(
  {
    name: Text({
      minLength: 1,
      maxLength: PORTION_NAME_MAX,
      description: `1–${PORTION_NAME_MAX} characters`,
      errorMessage: `must be 1–${PORTION_NAME_MAX} characters`,
    }),
    grams: t.Number({
      minimum: PORTION_GRAMS_MIN,
      maximum: PORTION_GRAMS_MAX,
      description: `weight of one portion, ${PORTION_GRAMS_MIN}–${PORTION_GRAMS_MAX} g, kept to ${PORTION_GRAMS_MIN} g`,
      errorMessage: `must be a number from ${PORTION_GRAMS_MIN} to ${PORTION_GRAMS_MAX}`,
    }),
  },
  { title: "PortionIn" },
);
export const PortionsIn = t.Array(PortionIn, {
  maxItems: MAX_FOOD_PORTIONS,
  errorMessage: `must be an array of at most ${MAX_FOOD_PORTIONS} portions`,
});

/** What POST /scanner/label returned; only per_100g and serving are read, the rest is ignored. */
const LabelIn = t.Object(
  {
    per_100g: t.Optional(
      Nullable(
        TextRecord(Nullable(t.Number()), {
          errorMessage: "must be an object of values per 100 g, or null",
        }),
      ),
    ),
    serving: t.Optional(
      Nullable(
        t.Object({
          text: t.Optional(Nullable(Text())),
          grams: t.Optional(Nullable(t.Number())),
          millilitres: t.Optional(Nullable(t.Number())),
        }),
      ),
    ),
  },
  {
    title: "LabelIn",
    description:
      'what POST /scanner/label returned (LabelReading), to make this food from a photographed label: nutrients come from its per_100g (nutrients, when also sent, win key by key) and a portion "serving (…)" from its serving size unless portions are sent. Required unless nutrients is sent.',
    errorMessage: "must be the object POST /scanner/label returned",
  },
);

export const FoodFields = {
  name: Text({
    minLength: 1,
    maxLength: NAME_MAX,
    description: `1–${NAME_MAX} characters after trimming`,
    errorMessage: `is required and must be a string of 1–${NAME_MAX} characters`,
  }),
  brand: t.Optional(
    Nullable(
      Text({
        maxLength: BRAND_MAX,
        description: `at most ${BRAND_MAX} characters`,
        errorMessage: `must be at most ${BRAND_MAX} characters, or null`,
      }),
    ),
  ),
  barcode: t.Optional(
    Nullable(
      Text({
        description: "EAN-13, EAN-8, UPC-A, UPC-E or GTIN-14; stored as GTIN-14",
        errorMessage: "must be a string of digits, or null",
      }),
    ),
  ),
  nutrients: t.Optional(NutrientsIn),
  portions: t.Optional(PortionsIn),
};

export const CreateFoodBody = t.Object(
  { ...FoodFields, label: t.Optional(LabelIn) },
  { title: "CreateFood", description: "name is required; nutrients.energy_kcal too unless a label gives it" },
);

export const PatchFoodBody = t.Object(
  {
    ...FoodFields,
    name: t.Optional(FoodFields.name),
    portions: t.Optional(t.Array(PortionIn, { ...PortionsIn, description: "replaces every portion" })),
  },
  { title: "PatchFood" },
);

export const CustomFoodIdParams = t.Object({ id: intParam("id", { minimum: 1 }) });
