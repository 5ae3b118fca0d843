/** The JSON export, version 1 (docs/API.md §Data portability): the shape import checks first. */
import { t } from "elysia";
import { Enum, Int, Nullable } from "../../lib/schemas";
import { MealNutrients, MEAL_TYPES, NOTE_MAX } from "../meals/model";

export const EXPORT_FORMAT = "morsel-export";
export const EXPORT_VERSION = 1;

/** A meal as exported: GET /meals/:id's fields, plus the food id and name and the per-100 g values. */
export const ExportedMeal = t.Object(
  {
    id: t.String({ format: "uuid" }),
    food_id: Int({ minimum: 1 }),
    food_name: t.String({ minLength: 1, maxLength: 300 }),
    meal_type: Enum(MEAL_TYPES),
    quantity: t.Number({ exclusiveMinimum: 0 }),
    portion: Nullable(t.Object({ id: Int({ minimum: 1 }), name: t.String({ minLength: 1, maxLength: 300 }), grams: t.Number({ exclusiveMinimum: 0, maximum: 100_000 }) })),
    grams: t.Number({ exclusiveMinimum: 0, maximum: 500_000 }),
    date: t.String({ format: "date" }),
    eaten_at: t.String({ format: "date-time" }),
    note: Nullable(t.String({ maxLength: NOTE_MAX })),
    nutrients: MealNutrients,
    per_100g: MealNutrients,
    created_at: t.Optional(t.String({ format: "date-time" })),
  },
  { title: "ExportedMeal" },
);

export type ExportedMealT = typeof ExportedMeal.static;
