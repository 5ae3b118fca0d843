/**
 * Weight shapes from docs/API.md §Weight. Types, ranges and lengths live here; "exactly one of kg
 * or lb" and the date rules are in validate.ts, which checks this same schema first on every
 * path (REST, sync push, import).
 */
import { Type as t } from "@sinclair/typebox";
import { Enum, Nullable, Text } from "../../schema/schemas";
import { KG_PER_LB } from "./trend";

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
