/**
 * Activity-settings shapes (API.md §Activity settings). One schema checks REST, sync push and import alike
 * (service.ts checkActivitySettings).
 */
import { t } from "elysia";
import { Enum, Int, Nullable } from "../../lib/schemas";

export const WATER_UNITS = ["ml", "fl_oz"] as const;
export const LENGTH_UNITS = ["cm", "in"] as const;
export const GLASS_ML = { min: 20, max: 2000, default: 250 };
export const WATER_GOAL_MAX_ML = 20_000;
export const STEPS_GOAL_MAX = 200_000;

export const ActivitySettingsBody = t.Object(
  {
    exercise_in_budget: t.Optional(
      t.Boolean({
        description: "Add exercise to my budget: the day's remaining kcal = goal + exercise − food",
        errorMessage: "must be true or false",
      }),
    ),
    water_unit: t.Optional(Enum(WATER_UNITS, { description: "how water is shown; stored in ml" })),
    length_unit: t.Optional(Enum(LENGTH_UNITS, { description: "how waist, hips and neck are shown; stored in cm" })),
    glass_ml: t.Optional(
      t.Number({
        minimum: GLASS_ML.min,
        maximum: GLASS_ML.max,
        description: `one glass (Add a glass), ${GLASS_ML.min}–${GLASS_ML.max} ml`,
        errorMessage: `must be a number from ${GLASS_ML.min} to ${GLASS_ML.max} (ml)`,
      }),
    ),
    water_goal_ml: t.Optional(
      Nullable(
        t.Number({
          minimum: 0,
          maximum: WATER_GOAL_MAX_ML,
          description: `ml a day, 0–${WATER_GOAL_MAX_ML}; null: no goal`,
          errorMessage: `must be a number from 0 to ${WATER_GOAL_MAX_ML} (ml), or null`,
        }),
      ),
    ),
    steps_goal: t.Optional(
      Nullable(
        Int({
          minimum: 0,
          maximum: STEPS_GOAL_MAX,
          description: `steps a day, 0–${STEPS_GOAL_MAX}; null: no goal`,
          errorMessage: `must be a whole number from 0 to ${STEPS_GOAL_MAX}, or null`,
        }),
      ),
    ),
    target_kg: t.Optional(
      Nullable(
        t.Number({
          minimum: 20,
          maximum: 400,
          description: "target weight, 20–400 kg; null: none",
          errorMessage: "must be a number from 20 to 400 (kg), or null",
        }),
      ),
    ),
  },
  { title: "ActivitySettingsBody", description: "Only the fields given change." },
);
export type ActivitySettingsBodyT = typeof ActivitySettingsBody.static;

export const ActivitySettings = t.Object(
  {
    exercise_in_budget: t.Boolean(),
    water_unit: Enum(WATER_UNITS),
    length_unit: Enum(LENGTH_UNITS),
    glass_ml: t.Number(),
    water_goal_ml: Nullable(t.Number()),
    steps_goal: Nullable(Int()),
    target_kg: Nullable(t.Number()),
    updated_at: Nullable(t.String({ format: "date-time", description: "null: never changed (the defaults)" })),
  },
  { title: "ActivitySettings" },
);
export type ActivitySettingsT = typeof ActivitySettings.static;
