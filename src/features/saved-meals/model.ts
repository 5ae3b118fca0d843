/**
 * Saved-meal shapes (API.md §Saved meals). The ranges and lengths live here; validate.ts checks this same
 * schema first on every path (REST, sync push, import), then what depends on stored foods.
 */
import { t } from "elysia";
import { Int, Nullable, Text } from "../../schema/schemas";
import { Meal, QuickAdd, MEAL_TYPES, MEASURE_MAX } from "../meals/model";
import { Enum } from "../../schema/schemas";

export const MAX_SAVED_ENTRIES = 50;
export const SAVED_NAME_MAX = 100;
/** Saved meals one account may keep. */
export const MAX_SAVED_MEALS = 200;

const EntryIn = t.Object(
  {
    food_id: t.Optional(Int({ minimum: 1, description: "required, unless quick_add is sent instead" })),
    food: t.Optional(
      Nullable(t.Object({ id: Int({ minimum: 1 }) }, { description: "as a SavedMeal shows it: taken as food_id" })),
    ),
    quantity: t.Optional(
      t.Number({
        exclusiveMinimum: 0,
        description: "grams, or a count of portions with portion_id (as POST /meals takes it)",
      }),
    ),
    portion_id: t.Optional(Nullable(Int({ minimum: 1, description: "one of the food's portions; null: grams" }))),
    portion: t.Optional(
      Nullable(t.Object({ id: Int({ minimum: 1 }) }, { description: "as a SavedMeal shows it: taken as its id" })),
    ),
    quick_add: t.Optional(Nullable(QuickAdd)),
    measure: t.Optional(
      Nullable(
        Text({
          maxLength: MEASURE_MAX,
          description: `the amount in the person's words ("1 pint (568 ml)"), as a meal keeps it; logged with the entry. At most ${MEASURE_MAX} characters; blank is none`,
        }),
      ),
    ),
  },
  { title: "SavedMealEntryIn", description: "food_id and quantity (and portion_id), or quick_add" },
);

const name = Text({
  minLength: 1,
  maxLength: SAVED_NAME_MAX,
  description: `1–${SAVED_NAME_MAX} characters, trimmed`,
  errorMessage: `must be text of 1–${SAVED_NAME_MAX} characters`,
});
const entries = t.Array(EntryIn, {
  minItems: 1,
  maxItems: MAX_SAVED_ENTRIES,
  description: `1–${MAX_SAVED_ENTRIES} entries, logged in this order`,
  errorMessage: `must be an array of 1–${MAX_SAVED_ENTRIES} entries`,
});

export const CreateSavedMealBody = t.Object(
  {
    id: t.Optional(t.String({ format: "uuid", description: "a UUID the client made (it may save meals offline)" })),
    name: t.Optional(name),
    entries: t.Optional(entries),
    meal_ids: t.Optional(
      t.Array(t.String({ format: "uuid" }), {
        minItems: 1,
        maxItems: MAX_SAVED_ENTRIES,
        description: "Save as meal: these logged meals of yours become the entries (instead of entries)",
        errorMessage: `must be an array of 1–${MAX_SAVED_ENTRIES} meal UUIDs`,
      }),
    ),
    from_date: t.Optional(
      t.String({
        format: "date",
        description:
          "Save as meal: this day's meals (of meal_type, when given) become the entries (instead of entries)",
      }),
    ),
    meal_type: t.Optional(Enum(MEAL_TYPES, { description: "with from_date: the meal region to save" })),
  },
  {
    title: "CreateSavedMeal",
    description: "name is required, and one of entries, meal_ids or from_date (with meal_type: one meal's entries)",
  },
);
export const PatchSavedMealBody = t.Object(
  { name: t.Optional(name), entries: t.Optional(entries) },
  { title: "PatchSavedMeal", description: "Only the fields given change; entries replaces the whole list." },
);

export const SavedMealEntry = t.Object(
  {
    food: Nullable(t.Object({ id: Int(), name: Text() }, { description: "null: a quick add" })),
    quantity: t.Number(),
    portion: Nullable(t.Object({ id: Int(), name: Text(), grams: t.Number({ description: "of one portion" }) })),
    grams: t.Number(),
    quick_add: Nullable(QuickAdd),
    energy_kcal: Nullable(t.Number({ description: "when saved; null = the food does not know it" })),
    measure: Nullable(Text({ description: "the amount in the person's words, logged with the entry; null: none" })),
  },
  { title: "SavedMealEntry" },
);
export const SavedMeal = t.Object(
  {
    id: t.String({ format: "uuid" }),
    name: Text(),
    entries: t.Array(SavedMealEntry),
    energy_kcal: Nullable(t.Number({ description: "the entries' kcal added up; null = some entry does not know" })),
    created_at: t.String({ format: "date-time" }),
    updated_at: t.String({ format: "date-time" }),
  },
  { title: "SavedMeal" },
);
export type SavedMealT = typeof SavedMeal.static;
export type SavedEntryT = typeof SavedMealEntry.static;

export const LogSavedMealBody = t.Object(
  {
    meal_type: Enum(MEAL_TYPES, { description: "breakfast, lunch, dinner or snack" }),
    date: t.Optional(t.String({ format: "date", description: "YYYY-MM-DD; default today in your time zone" })),
    id: t.Optional(
      t.String({
        format: "uuid",
        description: "a UUID the client made for this log request; the same request again logs nothing more",
      }),
    ),
  },
  { title: "LogSavedMeal" },
);
export const SavedMealIdParams = t.Object({ id: t.String({ format: "uuid", description: "saved meal UUID" }) });

/** POST /saved-meals/{id}/log: the meals logged, and how many are new (201) or none (200, a replay). */
export const Logged = t.Object({ meals: t.Array(Meal), created: t.Integer() });

/** GET /saved-meals: the caller's saved meals. */
export const SavedMealList = t.Object({ items: t.Array(SavedMeal) });
