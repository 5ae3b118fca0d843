/**
 * Exercise shapes (API.md §Exercise). Types and ranges live here; validate.ts checks this same schema first on
 * every path (REST, sync push, import), then what a schema cannot say (a known activity, a time of day).
 */
import { t } from "elysia";
import { Enum, Int, Nullable, Text } from "../../schema/schemas";
import { MAX_KCAL } from "./kcal";

export const MAX_MINUTES = 1440;
export { MAX_KCAL };
export const NAME_MAX = 100;
export const NOTE_MAX = 200;
export const KCAL_FROM = ["computed", "entered", "imported"] as const;
/** Where a record came from: "manual" (typed in), or a bridge's name ("apple_health", "myfitnesspal", …). */
export const SOURCE_PATTERN = "^[a-z0-9][a-z0-9_.-]{0,39}$";

const fields = {
  date: t.Optional(t.String({ format: "date", description: "local date, YYYY-MM-DD; default today" })),
  start_time: t.Optional(
    Nullable(Text({ description: "local time it started, HH:MM (24 h); null: not known", maxLength: 5 })),
  ),
  activity: t.Optional(
    Nullable(Text({ maxLength: 40, description: "a code from GET /activities; null: an activity of your own" })),
  ),
  name: t.Optional(
    Text({
      minLength: 1,
      maxLength: NAME_MAX,
      description: `1–${NAME_MAX} characters; default: the activity's name (required without an activity)`,
      errorMessage: `must be text of 1–${NAME_MAX} characters`,
    }),
  ),
  minutes: t.Optional(
    t.Number({
      exclusiveMinimum: 0,
      maximum: MAX_MINUTES,
      description: `duration, more than 0 and at most ${MAX_MINUTES}`,
      errorMessage: `must be a number of minutes above 0 and at most ${MAX_MINUTES}`,
    }),
  ),
  distance_km: t.Optional(
    Nullable(
      t.Number({
        minimum: 0,
        maximum: 1000,
        description: "0–1000 km; null: none",
        errorMessage: "must be a number from 0 to 1000 (km), or null",
      }),
    ),
  ),
  kcal: t.Optional(
    Nullable(
      t.Number({
        minimum: 0,
        maximum: MAX_KCAL,
        description: `kcal burned, 0–${MAX_KCAL} (a watch's figure); left out or null: computed from the activity's MET and your weight`,
        errorMessage: `must be a number from 0 to ${MAX_KCAL} (kcal), or null to compute it`,
      }),
    ),
  ),
  sets: t.Optional(Nullable(Int({ minimum: 1, maximum: 100, errorMessage: "must be a whole number from 1 to 100" }))),
  reps: t.Optional(Nullable(Int({ minimum: 1, maximum: 1000, errorMessage: "must be a whole number from 1 to 1000" }))),
  note: t.Optional(
    Nullable(
      Text({
        maxLength: NOTE_MAX,
        description: `at most ${NOTE_MAX} characters, or null`,
        errorMessage: `must be text of at most ${NOTE_MAX} characters, or null`,
      }),
    ),
  ),
};

export const CreateExerciseBody = t.Object(
  {
    id: t.Optional(t.String({ format: "uuid", description: "a UUID the client made (it may log offline)" })),
    ...fields,
    source: t.Optional(
      t.String({
        pattern: SOURCE_PATTERN,
        description: 'where it came from: "manual" (default) or a bridge\'s name, e.g. "apple_health"',
        errorMessage: "must be 1–40 characters of a–z, 0–9, _ . - (starting with a letter or digit)",
      }),
    ),
    source_id: t.Optional(
      Nullable(
        Text({
          minLength: 1,
          maxLength: 200,
          description: "the source's own id for it: the same source and source_id again updates that exercise",
          errorMessage: "must be text of 1–200 characters, or null",
        }),
      ),
    ),
  },
  { title: "CreateExercise", description: "minutes is required; activity or name too" },
);
export type CreateExerciseT = typeof CreateExerciseBody.static;

export const PatchExerciseBody = t.Object(fields, {
  title: "PatchExercise",
  description: "Only the fields given change; kcal null computes it again from the activity and your weight.",
});
export type PatchExerciseT = typeof PatchExerciseBody.static;

export const Exercise = t.Object(
  {
    id: t.String({ format: "uuid" }),
    date: t.String({ format: "date" }),
    start_time: Nullable(Text()),
    activity: Nullable(Text({ description: "its code in GET /activities" })),
    name: Text(),
    minutes: t.Number(),
    distance_km: Nullable(t.Number()),
    kcal: t.Number({ description: "what the day counts" }),
    kcal_from: Enum(KCAL_FROM, {
      description: "computed: MET × kg × hours; entered: typed in; imported: a bridge's or file's figure",
    }),
    met: Nullable(t.Number({ description: "the activity's MET when kcal was computed" })),
    sets: Nullable(Int()),
    reps: Nullable(Int()),
    source: Text(),
    source_id: Nullable(Text()),
    note: Nullable(Text()),
    created_at: t.String({ format: "date-time" }),
    updated_at: t.String({ format: "date-time" }),
  },
  { title: "Exercise" },
);
export type ExerciseT = typeof Exercise.static;
export const ExerciseIdParams = t.Object({ id: t.String({ format: "uuid", description: "exercise UUID" }) });

/** GET /exercises: the exercises of a range. */
export const ExerciseList = t.Object({
  from: t.String({ format: "date" }),
  to: t.String({ format: "date" }),
  items: t.Array(Exercise),
  kcal: t.Number({ description: "the items' kcal added up, to 1 kcal" }),
});
