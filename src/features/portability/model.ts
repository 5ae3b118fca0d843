/** The JSON export, version 1 (docs/API.md §Data portability): the shape import checks first. */
import { t } from "elysia";
import { Enum, Int, Nullable, Text, TextRecord } from "../../schema/schemas";
import { MealNutrients, MEAL_TYPES, MEASURE_MAX, NOTE_MAX } from "../meals/model";
import { GoalsDocument } from "../goals/service";
import { Profile, TargetSettings } from "../targets/model";
import { ExportedRecipe, ExportedWeight } from "./diary";
import { ExportedDay } from "../days/model";
import { SavedMeal } from "../saved-meals/model";
import { Exercise } from "../exercises/model";
import { DailyValue } from "../daily-values/model";
import { ActivitySettings } from "../activity-settings/model";
import { MAX_LISTED_SKIPS } from "./trackers/entries";
import { TRACKER_FORMATS } from "./trackers/formats";

export const EXPORT_FORMAT = "morsel-export" as const;
export const EXPORT_VERSION = 1 as const;

/** A meal as exported: GET /meals/:id's fields, plus the food id and name and the per-100 g values. */
export const ExportedMeal = t.Object(
  {
    id: t.String({ format: "uuid" }),
    food_id: Nullable(Int({ minimum: 1 })),
    food_name: Text({ minLength: 1, maxLength: 300 }),
    description: t.Optional(Nullable(Text({ maxLength: 300 }))),
    meal_type: Enum(MEAL_TYPES),
    quantity: t.Number({ exclusiveMinimum: 0 }),
    portion: Nullable(
      t.Object({
        id: Int({ minimum: 1 }),
        name: Text({ minLength: 1, maxLength: 300 }),
        grams: t.Number({ exclusiveMinimum: 0, maximum: 100_000 }),
      }),
    ),
    grams: t.Number({ minimum: 0, maximum: 500_000, description: "0 only for a quick add" }),
    date: t.String({ format: "date" }),
    eaten_at: t.String({ format: "date-time" }),
    note: Nullable(Text({ maxLength: NOTE_MAX })),
    measure: t.Optional(Nullable(Text({ maxLength: MEASURE_MAX }))),
    nutrients: MealNutrients,
    per_100g: MealNutrients,
    created_at: t.Optional(t.String({ format: "date-time" })),
    updated_at: t.Optional(t.String({ format: "date-time" })),
  },
  { title: "ExportedMeal" },
);

export const ExportedFood = t.Object(
  {
    id: Int({ minimum: 1_000_000 }),
    name: Text(),
    brand: Nullable(Text()),
    barcode: Nullable(Text()),
    nutrients: TextRecord(Nullable(t.Number()), { description: "per 100 g, keys as in Food.nutrients" }),
    portions: t.Array(t.Object({ name: Text(), grams: t.Number() })),
    deleted: t.Optional(
      t.Literal(true, {
        description: "deleted after it was logged; rebuilt from a meal's snapshot so its meals import again",
      }),
    ),
  },
  { title: "ExportedFood" },
);

export const ExportDocument = t.Object(
  {
    format: t.Literal(EXPORT_FORMAT),
    version: t.Literal(EXPORT_VERSION),
    exported_at: t.String({ format: "date-time" }),
    profile: t.Object({
      email: Text(),
      name: Text(),
      timezone: Text(),
      region: t.Optional(Text({ description: "the account's region (GET /me); absent in files from before it" })),
    }),
    goals: GoalsDocument,
    target_profile: t.Optional(Profile),
    targets: t.Optional(TargetSettings),
    custom_foods: t.Array(ExportedFood),
    recipes: t.Array(ExportedRecipe),
    meals: t.Array(ExportedMeal),
    weights: t.Array(ExportedWeight),
    days: t.Optional(
      t.Array(ExportedDay, {
        description: "the days marked complete (true) or incomplete (false); an older file may have none",
      }),
    ),
    saved_meals: t.Optional(
      t.Array(SavedMeal, { description: "saved meals as GET /saved-meals gives them; an older file may have none" }),
    ),
    exercises: t.Optional(t.Array(Exercise, { description: "as GET /exercises gives them; an older file has none" })),
    daily_values: t.Optional(
      t.Array(DailyValue, { description: "steps, water, active energy, body measurements; an older file has none" }),
    ),
    activity_settings: t.Optional(ActivitySettings),
    checksum: Text({ description: "sha256: and the hex digest of the JSON of every other field, in this order" }),
  },
  { title: "Export", description: "Everything the user owns, version 1. POST /import takes it back." },
);

export const ImportSummary = t.Object(
  {
    meals: t.Object({ added: Int(), unchanged: Int() }),
    custom_foods: t.Object({ added: Int(), unchanged: Int() }),
    recipes: t.Object({ added: Int(), unchanged: Int() }),
    weights: t.Object(
      { added: Int(), unchanged: Int() },
      { description: "added counts the dates written (new or changed)" },
    ),
    days: t.Object(
      { added: Int(), unchanged: Int() },
      { description: "day marks; added counts the dates written (new or changed)" },
    ),
    saved_meals: t.Object(
      { added: Int(), unchanged: Int() },
      { description: "saved meals; one you already have (the same id) is left as it is" },
    ),
    exercises: t.Optional(
      t.Object({ added: Int(), unchanged: Int() }, { description: "one you already have (the same id) stays" }),
    ),
    daily_values: t.Optional(
      t.Object({ added: Int(), unchanged: Int() }, { description: "added counts the values written (new or changed)" }),
    ),
    activity_settings: t.Optional(Enum(["updated", "unchanged"])),
    goals: Enum(["updated", "unchanged"]),
    target_profile: t.Optional(
      Enum(["updated", "unchanged"], { description: "a Morsel export's profile for targets" }),
    ),
    targets: t.Optional(Enum(["updated", "unchanged"], { description: "a Morsel export's own nutrient bounds" })),
    format: t.Optional(Enum(TRACKER_FORMATS, { description: "another tracker's import: which" })),
    preview: t.Optional(t.Boolean({ description: "true: nothing was written; the counts say what would be" })),
    first_date: t.Optional(Nullable(t.String({ format: "date" }))),
    last_date: t.Optional(Nullable(t.String({ format: "date" }))),
    matched: t.Optional(Int({ description: "meals logged as a catalogue food with the exported amount" })),
    quick_adds: t.Optional(Int({ description: "meals logged as a quick add with the exported energy and macros" })),
    skipped: t.Optional(
      t.Array(
        t.Object({
          file: t.String(),
          line: Nullable(Int()),
          column: Nullable(Int()),
          message: t.String(),
        }),
        { description: `rows and files that could not be read (the first ${MAX_LISTED_SKIPS})` },
      ),
    ),
    skipped_count: t.Optional(Int()),
    ignored_files: t.Optional(
      t.Array(t.String(), { description: "files of the upload this format does not read (a ZIP's profile.csv)" }),
    ),
    weigh_ins: t.Optional(
      t.Array(
        t.Object({
          date: t.String({ format: "date" }),
          value: t.Number({ description: "as the file has it" }),
          unit: Enum(["kg", "lb"], { description: "the unit it is read in" }),
          kg: t.Number(),
          unit_stated: t.Boolean({ description: "the file names the unit; false: weight_unit gave it" }),
        }),
        { description: "the file's weigh-ins as read, one a day, the first 100 by date" },
      ),
    ),
    weigh_ins_count: t.Optional(Int({ description: "weigh-ins in the file, one a day" })),
    not_imported: t.Optional(
      t.Array(
        t.Object({
          kind: Enum(["exercise", "body_fat", "day_note", "strength"], {
            description:
              "strength: strength-training rows (sets, reps, a load) without minutes, which an exercise needs",
          }),
          rows: Int(),
          file: t.String(),
        }),
        {
          description:
            "rows Morsel has nowhere to put yet: body-fat readings, day notes of a day without meals, strength rows without minutes",
        },
      ),
    ),
    names_not_searched: t.Optional(
      Int({
        description:
          "distinct food names past the 1,000 an import searches the catalogue for: their entries are quick adds",
      }),
    ),
  },
  {
    title: "ImportSummary",
    description: "format … ignored_files: only for another tracker's export (format other than morsel)",
  },
);

export type ExportedMealT = typeof ExportedMeal.static;
export type ExportedFoodT = typeof ExportedFood.static;

export const ImportQuery = t.Object({
  format: t.Optional(
    Enum(["morsel", ...TRACKER_FORMATS], {
      default: "morsel",
      description: "morsel: a JSON export of this or another Morsel; else the tracker whose export the body is",
    }),
  ),
  preview: t.Optional(
    t.Boolean({ default: false, description: "with another tracker's export: write nothing, answer what would be" }),
  ),
  weight_unit: t.Optional(
    Enum(["kg", "lb"], {
      description: "the unit of the tracker's weigh-ins where its file does not say; default the account's",
    }),
  ),
  skip_invalid: t.Optional(
    t.Boolean({
      default: false,
      description:
        "with another tracker's export: import the rows that can be read and list the rest in skipped; by default a file with any bad line is refused whole",
    }),
  ),
});
