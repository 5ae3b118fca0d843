/**
 * Weight shapes from docs/API.md §Weight. Types, ranges and lengths live here; "exactly one of kg
 * or lb" and the date rules are in validate.ts, which checks this same schema first on every
 * path (REST, sync push, import).
 */
import { Type as t } from "@sinclair/typebox";
import { Enum, Int, Nullable, Text } from "../../schema/schemas";
import { KG_PER_LB, SMOOTHING } from "./trend";

export const MIN_KG = 20;
export const MAX_KG = 400;
export const NOTE_MAX = 200;
const MIN_LB = Math.ceil(MIN_KG / KG_PER_LB);
const MAX_LB = Math.floor(MAX_KG / KG_PER_LB);

export const WeightBody = t.Object(
  {
    kg: t.Optional(
      Nullable(
        t.Number({
          minimum: MIN_KG,
          maximum: MAX_KG,
          description: `${MIN_KG}–${MAX_KG}; give kg or lb, not both`,
          errorMessage: `must be a number from ${MIN_KG} to ${MAX_KG} kg`,
        }),
      ),
    ),
    lb: t.Optional(
      Nullable(
        t.Number({
          minimum: MIN_KG / KG_PER_LB,
          maximum: MAX_KG / KG_PER_LB,
          description: `instead of kg: ${MIN_LB}–${MAX_LB}`,
          errorMessage: `must be a number from ${MIN_LB} to ${MAX_LB} lb (${MIN_KG}–${MAX_KG} kg)`,
        }),
      ),
    ),
    note: t.Optional(
      Nullable(
        Text({
          maxLength: NOTE_MAX,
          description: `at most ${NOTE_MAX} characters, or null`,
          errorMessage: `must be a string of at most ${NOTE_MAX} characters, or null`,
        }),
      ),
    ),
  },
  { title: "WeightBody" },
);
export type WeightBodyT = typeof WeightBody.static;

export const PostWeightBody = t.Object(
  {
    date: t.Optional(t.String({ format: "date", description: "YYYY-MM-DD; default: today in the user's time zone" })),
    ...WeightBody.properties,
  },
  { title: "PostWeightBody" },
);

const unit = Enum(["kg", "lb"], { description: "the user's weight_unit (PATCH /me)" });
export { unit as WeightUnit };

export const Weight = t.Object(
  {
    date: t.String({ format: "date" }),
    kg: t.Number(),
    value: t.Number({ description: "the weight in `unit`, to 0.1" }),
    unit,
    note: Nullable(t.String()),
    created_at: t.String({ format: "date-time" }),
    updated_at: t.String({ format: "date-time" }),
  },
  { title: "Weight" },
);

export const DateParams = t.Object({ date: Text({ description: "YYYY-MM-DD, a local date in the user's time zone" }) });

/** GET /weights: the weigh-ins of a range, with the trend and the target. */
export const WeightList = t.Object({
  from: t.String({ format: "date" }),
  to: t.String({ format: "date" }),
  unit,
  smoothing: t.Number({ description: `the trend's smoothing factor (${SMOOTHING})` }),
  items: t.Array(
    t.Object({
      ...Weight.properties,
      trend_kg: t.Number(),
      trend: t.Number({ description: "trend in `unit`" }),
    }),
  ),
  trend_kg: Nullable(t.Number({ description: "the trend on `to`; null before the first weigh-in" })),
  trend: Nullable(t.Number()),
  target: Nullable(
    t.Object(
      {
        kg: t.Number(),
        value: t.Number({ description: "in `unit`" }),
        status: Enum(["reached", "on_track", "moving_away", "flat", "not_enough_data"]),
        eta: Nullable(t.String({ format: "date", description: "when the trend reaches it; null unless on_track" })),
        days: Nullable(Int({ description: "days from the last weigh-in to eta" })),
        rate_kg_per_week: Nullable(t.Number({ description: "the trend's rate over the 28 days to the last weigh-in" })),
        rate_per_week: Nullable(t.Number({ description: "the same in `unit`" })),
      },
      { description: "the target weight (PUT /activity-settings target_kg) and its ETA; null without one" },
    ),
  ),
});
