/** Meal shapes from API.md §Meals. Ranges and dates are checked in validate.ts. */
import { t } from "elysia";
import { MEAL_NUTRIENT_KEYS } from "../../db/nutrients";
import { Nullable } from "../../lib/schemas";

export const MEAL_TYPES = ["breakfast", "lunch", "dinner", "snack"] as const;
export type MealType = (typeof MEAL_TYPES)[number];

export const MealNutrients = t.Object(Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, Nullable(t.Number())])), {
  title: "Nutrients",
  description: "Totals of the eight meal nutrients; null = not known for any meal that counts (not 0).",
});

export const Meal = t.Object(
  {
    id: t.String({ format: "uuid" }),
    food: t.Object({ id: t.Integer(), name: t.String() }),
    meal_type: t.UnionEnum([...MEAL_TYPES]),
    quantity: t.Number(),
    portion: Nullable(t.Object({ id: t.Integer(), name: t.String(), grams: t.Number({ description: "grams of one portion" }) })),
    grams: t.Number(),
    date: t.String({ description: "YYYY-MM-DD in the user's time zone" }),
    eaten_at: t.String({ description: "RFC 3339 UTC" }),
    note: Nullable(t.String()),
    nutrients: MealNutrients,
    created_at: t.String(),
    updated_at: t.String(),
  },
  { title: "Meal" },
);

const uuid = t.String({ description: "a UUID; the client may create it offline" });
export const CreateMealBody = t.Object({
  food_id: t.Integer({ minimum: 1 }),
  quantity: t.Number({ description: "grams, or a count of portions when portion_id is given; > 0, at most 5000 g or 100 portions" }),
  meal_type: t.UnionEnum([...MEAL_TYPES]),
  portion_id: t.Optional(Nullable(t.Integer())),
  photo_id: t.Optional(Nullable(t.String())),
  date: t.Optional(t.String({ description: "YYYY-MM-DD; default: the date of eaten_at, else today in the user's time zone" })),
  eaten_at: t.Optional(t.String({ description: "RFC 3339; default: now for today, else a typical time for meal_type on that date" })),
  note: t.Optional(Nullable(t.String({ description: "at most 500 characters" }))),
  id: t.Optional(uuid),
});

export const PatchMealBody = t.Object({
  quantity: t.Optional(t.Number()),
  portion_id: t.Optional(Nullable(t.Integer({ description: "null switches the meal to grams" }))),
  meal_type: t.Optional(t.UnionEnum([...MEAL_TYPES])),
  date: t.Optional(t.String()),
  eaten_at: t.Optional(t.String({ description: "RFC 3339; when date is not also given, date follows it" })),
  note: t.Optional(Nullable(t.String())),
});

export const MealIdParams = t.Object({ id: t.String({ description: "meal UUID" }) });
export const DayQuery = t.Object({ date: t.Optional(t.String({ description: "YYYY-MM-DD, default today" })) });
export const DailyMeals = t.Object({ date: t.String(), meals: t.Array(Meal), totals: MealNutrients });

export type MealT = typeof Meal.static;
