/**
 * Meal shapes from docs/API.md §Meals. The ranges, formats and lengths live here; what depends on
 * another field or on stored data (grams vs portions, the food) is in validate.ts. REST, sync push
 * and import all pass through validate.ts, which checks these same schemas first.
 */
import { Type as t } from "@sinclair/typebox";
import { MEAL_NUTRIENT_KEYS } from "../../db/nutrients";
import { Nullable, Enum, Int, Text } from "../../schema/schemas";
import { intParam } from "../../schema/validation";
import { rangeFields } from "../../schema/date-range";

export const MEAL_TYPES = ["breakfast", "lunch", "dinner", "snack"] as const;
export type MealType = (typeof MEAL_TYPES)[number];
import { MAX_GRAMS, MAX_PORTIONS } from "./nutrition";

export { MAX_GRAMS, MAX_PORTIONS };
export const NOTE_MAX = 500;
/** Meals one account's day may hold (day-cap.ts checks it on every write). */
export const MAX_MEALS_PER_DAY = 200;

export const MealNutrients = t.Object(Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, Nullable(t.Number())])), {
  title: "Nutrients",
  description: "Totals of the eight meal nutrients; null = not known for any meal that counts (not 0).",
});

const mealType = () => Enum(MEAL_TYPES, { description: "breakfast, lunch, dinner or snack" });

export const QUICK_KCAL_MAX = 10_000;
export const QUICK_MACRO_MAX = 1000;
export const DESCRIPTION_MAX = 200;
export const QUICK_ADD_NAME = "Quick add";
const macro = (what: string) =>
  t.Optional(
    Nullable(
      t.Number({ minimum: 0, maximum: QUICK_MACRO_MAX, description: `${what}, grams; null or left out: not known` }),
    ),
  );
const quickFields = {
  energy_kcal: t.Number({
    minimum: 0,
    maximum: QUICK_KCAL_MAX,
    description: `kcal of the whole entry, 0–${QUICK_KCAL_MAX}`,
  }),
  protein_g: macro("protein"),
  fat_g: macro("fat"),
  carbohydrate_g: macro("carbohydrate"),
  description: t.Optional(
    Nullable(
      Text({
        maxLength: DESCRIPTION_MAX,
        description: `what it was, at most ${DESCRIPTION_MAX} characters; blank: "${QUICK_ADD_NAME}"`,
      }),
    ),
  ),
};
/** A meal without a food: the kcal (and macros) of the whole entry, typed in. */
export const QuickAdd = t.Object(quickFields, { title: "QuickAdd" });
export const QuickAddPatch = t.Partial(t.Object(quickFields), {
  title: "QuickAddPatch",
  description: "a quick add's fields to change",
});

export const Meal = t.Object(
  {
    id: t.String({ format: "uuid" }),
    /** null: a quick add (no food; see description) */
    food: Nullable(t.Object({ id: Int(), name: t.String() })),
    description: Nullable(t.String({ description: "a quick add's description; null for a meal of a food" })),
    meal_type: mealType(),
    quantity: t.Number(),
    portion: Nullable(
      t.Object({ id: Int(), name: t.String(), grams: t.Number({ description: "grams of one portion" }) }),
    ),
    measure: Nullable(
      t.String({
        description:
          'the amount as the person said it, when it was logged by a regional volume ("1 pint (568 ml)"); null: quantity and portion say it',
      }),
    ),
    grams: t.Number(),
    date: t.String({ format: "date", description: "YYYY-MM-DD in the user's time zone" }),
    eaten_at: t.String({ format: "date-time", description: "RFC 3339 UTC" }),
    note: Nullable(t.String()),
    nutrients: MealNutrients,
    created_at: t.String({ format: "date-time" }),
    updated_at: t.String({ format: "date-time" }),
  },
  { title: "Meal" },
);

const quantity = () =>
  t.Number({
    exclusiveMinimum: 0,
    maximum: MAX_GRAMS,
    description: `grams, or a count of portions when portion_id is given; more than 0, at most ${MAX_GRAMS} g or ${MAX_PORTIONS} portions, and not so small that it rounds to 0 g`,
  });
const date = (description: string) => t.String({ format: "date", description });
const eatenAt = (description: string) => t.String({ format: "date-time", description });
export const MEASURE_MAX = 60;
const measure = () =>
  Nullable(
    Text({
      maxLength: MEASURE_MAX,
      description: `the amount in the person's words, as search and parse give it in serving.measure ("1 pint (568 ml)"), at most ${MEASURE_MAX} characters; blank is stored as null. A change of quantity or portion_id without it clears it`,
    }),
  );
const note = () =>
  Nullable(Text({ maxLength: NOTE_MAX, description: `at most ${NOTE_MAX} characters; blank is stored as null` }));

export const CreateMealBody = t.Object(
  {
    food_id: t.Optional(Int({ minimum: 1, description: "required, unless quick_add is sent instead" })),
    quantity: t.Optional(quantity()),
    quick_add: t.Optional(QuickAdd),
    meal_type: mealType(),
    portion_id: t.Optional(Nullable(Int({ minimum: 1 }))),
    photo_id: t.Optional(Nullable(Text({ description: "from POST /scanner/photo, within 24 hours" }))),
    date: t.Optional(date("YYYY-MM-DD; default: the date of eaten_at, else today in the user's time zone")),
    eaten_at: t.Optional(
      eatenAt("RFC 3339 with an offset; default: now for today, else a typical time for meal_type on that date"),
    ),
    note: t.Optional(note()),
    measure: t.Optional(measure()),
    id: t.Optional(t.String({ format: "uuid", description: "a UUID the client made (it may create meals offline)" })),
  },
  { title: "CreateMeal" },
);

export const PatchMealBody = t.Object(
  {
    quantity: t.Optional(quantity()),
    portion_id: t.Optional(Nullable(Int({ minimum: 1, description: "null switches the meal to grams" }))),
    meal_type: t.Optional(mealType()),
    date: t.Optional(date("YYYY-MM-DD")),
    eaten_at: t.Optional(eatenAt("RFC 3339; when date is not also given, date follows it")),
    note: t.Optional(note()),
    measure: t.Optional(measure()),
    quick_add: t.Optional(QuickAddPatch),
  },
  { title: "PatchMeal", description: "Only the fields given change." },
);

export const RangeQuery = t.Object({
  ...rangeFields(30),
  order: t.Optional(Enum(["desc", "asc"], { description: "desc (newest first, the default) or asc" })),
  cursor: t.Optional(Text({ description: "next_cursor from the previous page" })),
  limit: t.Optional(intParam("limit", { minimum: 1, maximum: 500, default: 100 })),
});
export const MealsPage = t.Object(
  {
    from: t.String({ format: "date" }),
    to: t.String({ format: "date" }),
    order: Enum(["desc", "asc"]),
    items: t.Array(Meal),
    next_cursor: Nullable(t.String({ description: "pass as cursor for the next page; null = no more" })),
  },
  { title: "MealsPage" },
);
export const CopyMealsBody = t.Object(
  {
    to_date: t.String({ format: "date", description: "the date to copy onto, at most a year ahead" }),
    meal_ids: t.Optional(
      t.Array(t.String({ format: "uuid" }), {
        minItems: 1,
        maxItems: MAX_MEALS_PER_DAY,
        description: "the meals to copy; or from_date",
      }),
    ),
    from_date: t.Optional(t.String({ format: "date", description: "copy this day's meals (all, or meal_type's)" })),
    meal_type: t.Optional(mealType()),
    to_meal_type: t.Optional(mealType()),
    id: t.Optional(
      t.String({ format: "uuid", description: "a UUID the client made for this copy; a retry with it never doubles" }),
    ),
  },
  { title: "CopyMeals" },
);

export const MealIdParams = t.Object({ id: t.String({ format: "uuid", description: "meal UUID" }) });
export const DayQuery = t.Object({
  date: t.Optional(t.String({ format: "date", description: "YYYY-MM-DD, default today" })),
});
export const DailyMeals = t.Object(
  {
    date: t.String({ format: "date" }),
    meals: t.Array(Meal, { description: `in eating order; at most ${MAX_MEALS_PER_DAY}` }),
    totals: MealNutrients,
    truncated: t.Boolean({
      description: `true when the day holds more than ${MAX_MEALS_PER_DAY} meals (stored before the cap): meals has the first ${MAX_MEALS_PER_DAY} by eaten_at (meals of one time in no set order), totals count them all; GET /meals?from=date&to=date pages through every one`,
    }),
  },
  { title: "DailyMeals" },
);

export type MealT = typeof Meal.static;
export type CreateMealInput = typeof CreateMealBody.static;
export type PatchMealInput = typeof PatchMealBody.static;

/** POST /meals/copy: the copies, and how many are new (201) or none (200, a replay). */
export const CopiedMeals = t.Object({ meals: t.Array(Meal), created: t.Integer() });
