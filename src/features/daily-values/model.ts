/**
 * Daily-value shapes (API.md §Daily values): one value per date and metric. Each metric has its stored unit,
 * the units it is taken in, and its range (in the stored unit). The same schema and ranges hold on every path.
 */
import { t } from "elysia";
import { Enum, Nullable, Text } from "../../schema/schemas";
import { SOURCE_PATTERN } from "../exercises/model";

export const METRICS = ["steps", "water_ml", "active_kcal", "body_fat_pct", "waist_cm", "hips_cm", "neck_cm"] as const;
export type Metric = (typeof METRICS)[number];

export const ML_PER_FL_OZ = 29.5735295625;
export const CM_PER_IN = 2.54;
export const KJ_PER_KCAL = 4.184;

/** Stored unit, the other units taken (and their factor to the stored unit), range, whole numbers only. */
export const METRIC_RULES: Record<
  Metric,
  { unit: string; units: Record<string, number>; min: number; max: number; integer?: true }
> = {
  steps: { unit: "count", units: { count: 1 }, min: 0, max: 200_000, integer: true },
  water_ml: { unit: "ml", units: { ml: 1, fl_oz: ML_PER_FL_OZ }, min: 0, max: 20_000 },
  active_kcal: { unit: "kcal", units: { kcal: 1, kJ: 1 / KJ_PER_KCAL }, min: 0, max: 20_000 },
  body_fat_pct: { unit: "%", units: { "%": 1 }, min: 2, max: 75 },
  waist_cm: { unit: "cm", units: { cm: 1, in: CM_PER_IN }, min: 20, max: 300 },
  hips_cm: { unit: "cm", units: { cm: 1, in: CM_PER_IN }, min: 20, max: 300 },
  neck_cm: { unit: "cm", units: { cm: 1, in: CM_PER_IN }, min: 10, max: 100 },
};

export const DailyValueBody = t.Object(
  {
    value: t.Number({ description: "in `unit` (default the metric's own: count, ml, kcal, %, cm)" }),
    unit: t.Optional(
      Enum(["count", "ml", "fl_oz", "kcal", "kJ", "%", "cm", "in"], {
        description: "water_ml: ml or fl_oz; active_kcal: kcal or kJ; waist/hips/neck_cm: cm or in",
      }),
    ),
    source: t.Optional(
      t.String({
        pattern: SOURCE_PATTERN,
        description: 'where it came from: "manual" (default) or a bridge\'s name',
        errorMessage: "must be 1–40 characters of a–z, 0–9, _ . - (starting with a letter or digit)",
      }),
    ),
  },
  { title: "DailyValueBody" },
);
export type DailyValueBodyT = typeof DailyValueBody.static;

export const DailyValue = t.Object(
  {
    date: t.String({ format: "date" }),
    metric: Enum(METRICS),
    value: t.Number({ description: "in `unit`" }),
    unit: Text({ description: "the metric's stored unit" }),
    source: Text(),
    created_at: t.String({ format: "date-time" }),
    updated_at: t.String({ format: "date-time" }),
  },
  { title: "DailyValue" },
);
export type DailyValueT = typeof DailyValue.static;

export const DailyValueParams = t.Object({
  date: Text({ description: "YYYY-MM-DD, a local date" }),
  metric: Text({ description: METRICS.join(", ") }),
});

export const DailyValuesDay = t.Object(
  {
    date: t.String({ format: "date" }),
    values: t.Object({
      steps: Nullable(t.Number()),
      water_ml: Nullable(t.Number()),
      active_kcal: Nullable(t.Number()),
      body_fat_pct: Nullable(t.Number()),
      waist_cm: Nullable(t.Number()),
      hips_cm: Nullable(t.Number()),
      neck_cm: Nullable(t.Number()),
    }),
  },
  { title: "DailyValuesDay", description: "every metric of one date, null where there is none" },
);

/** GET /daily-values: the values of a range. */
export const DailyValueList = t.Object({
  from: t.String({ format: "date" }),
  to: t.String({ format: "date" }),
  items: t.Array(DailyValue),
});
