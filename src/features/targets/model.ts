/**
 * Profile, targets and report shapes (API.md §Nutrient targets). One schema per body: REST, sync
 * push and import check the same one (validate.ts), then what a schema cannot say.
 */
import { t } from "elysia";
import { Enum, Int, Nullable, TextRecord } from "../../schema/schemas";

export const SEXES = ["female", "male"] as const;
export const LIFE_STAGES = ["pregnancy", "lactation"] as const;
/**
 * The activity levels of the goal step (goals/suggest.ts PROFILE_ACTIVITY): the energy reference multiplies resting
 * energy by the same factor, 1.2, 1.375, 1.55, 1.725 or 1.9.
 */
export const ACTIVITIES = ["sedentary", "low_active", "active", "very_active", "extra_active"] as const;
export const MAX_TARGET = 1_000_000;

const opt = <S extends Parameters<typeof Nullable>[0]>(s: S) => t.Optional(Nullable(s));

export const ProfileBody = t.Object(
  {
    sex: opt(
      Enum(SEXES, {
        description: "chooses the DRI group (women's and men's values differ from age 9); unset: the higher of the two",
        errorMessage: `must be ${SEXES.join(" or ")}, or null`,
      }),
    ),
    birth_year: opt(
      Int({
        minimum: 1900,
        description: "chooses the DRI age band (age = this year − birth year); unset: adults 19–30",
        errorMessage: "must be a whole year from 1900 to last year, or null",
      }),
    ),
    height_cm: opt(
      t.Number({
        minimum: 50,
        maximum: 272,
        description:
          "with activity, sex, age and the latest weight: the energy reference (Mifflin–St Jeor × activity factor)",
        errorMessage: "must be a number of centimetres from 50 to 272, or null",
      }),
    ),
    activity: opt(
      Enum(ACTIVITIES, {
        description:
          "activity level of the energy reference, the goal step's: sedentary × 1.2, low_active (light) × 1.375, " +
          "active (moderate) × 1.55, very_active × 1.725, extra_active × 1.9",
        errorMessage: `must be one of ${ACTIVITIES.join(", ")}, or null`,
      }),
    ),
    life_stage: opt(
      Enum(LIFE_STAGES, {
        description: "pregnancy or lactation: their own DRI groups (implies female)",
        errorMessage: `must be ${LIFE_STAGES.join(" or ")}, or null`,
      }),
    ),
    goal_step_dismissed: opt(
      t.Boolean({
        description:
          "true: the person said Not now to the first goal step, so no client of the account asks again; " +
          "left out: kept as it is",
        errorMessage: "must be true, false or null",
      }),
    ),
  },
  {
    title: "ProfileBody",
    description: "Every field is optional; left out or null: not said.",
    errorMessage:
      "must be an object with sex, birth_year, height_cm, activity, life_stage and goal_step_dismissed (each optional)",
  },
);
export type ProfileInput = typeof ProfileBody.static;

export const Profile = t.Object(
  {
    sex: Nullable(Enum(SEXES)),
    birth_year: Nullable(Int()),
    height_cm: Nullable(t.Number()),
    activity: Nullable(Enum(ACTIVITIES)),
    life_stage: Nullable(Enum(LIFE_STAGES)),
    goal_step_dismissed: Nullable(t.Boolean()),
  },
  { title: "Profile" },
);
export type ProfileT = typeof Profile.static;

const bound = (what: string) =>
  opt(
    t.Number({
      minimum: 0,
      maximum: MAX_TARGET,
      description: `your ${what} per day in the nutrient's unit; null or left out: the default`,
      errorMessage: `must be a number from 0 to ${MAX_TARGET}, or null`,
    }),
  );
export const TargetOverride = t.Object(
  { minimum: bound("minimum"), maximum: bound("maximum") },
  { errorMessage: "must be an object with minimum and/or maximum" },
);

export const TargetsBody = t.Object(
  {
    nutrients: opt(
      TextRecord(Nullable(TargetOverride), {
        description: "your own bounds by nutrient key (as in Food.nutrients); a nutrient left out keeps its defaults",
        errorMessage: "must be an object keyed by nutrient",
      }),
    ),
    fiber_per_energy: t.Optional(
      t.Boolean({
        description: "fibre's minimum follows the AI's 14 g per 1,000 kcal of the day's energy goal",
        errorMessage: "must be true or false",
      }),
    ),
  },
  { title: "TargetsBody", errorMessage: "must be an object" },
);
export type TargetsInput = typeof TargetsBody.static;

/** The person's settings as stored, synced and exported. */
export const TargetSettings = t.Object(
  {
    nutrients: TextRecord(t.Object({ minimum: Nullable(t.Number()), maximum: Nullable(t.Number()) })),
    fiber_per_energy: t.Boolean(),
  },
  { title: "TargetSettings" },
);
export type TargetSettingsT = typeof TargetSettings.static;

const Bound = t.Object({
  kind: Enum(["RDA", "AI", "UL", "CDRR"]),
  table: t.String({ description: "the DRI summary table the value is from" }),
  value: t.Number(),
  applies_to: t.Optional(Enum(["total", "supplements", "preformed"])),
  note: t.Optional(t.String()),
});

export const Target = t.Object(
  {
    key: t.String(),
    name: t.String(),
    unit: t.String(),
    minimum: Nullable(t.Number({ description: "the target: at least this much a day" })),
    maximum: Nullable(t.Number({ description: "at most this much a day" })),
    minimum_from: Nullable(Enum(["RDA", "AI", "fiber_per_energy", "you"])),
    maximum_from: Nullable(Enum(["UL", "CDRR", "you"])),
    maximum_applies_to: Nullable(
      Enum(["total", "supplements", "preformed"], {
        description:
          "total: all intake counts (warn above it); supplements: the UL is for supplements and fortified foods only, never a warning for food; preformed: the UL counts preformed vitamin A (retinol_ug) only, so the RAE total above it is no warning",
      }),
    ),
    reference: t.Object({ minimum: Nullable(Bound), maximum: Nullable(Bound) }),
    caveat: Nullable(t.String({ description: "how the catalogue's value differs from the reference's measure" })),
  },
  { title: "Target" },
);
export type TargetT = typeof Target.static;

export const TargetsDocument = t.Object(
  {
    date: t.String({ format: "date" }),
    basis: Enum(["profile", "adult_reference"]),
    basis_note: t.String(),
    groups: t.Array(t.String(), { description: "the DRI life-stage group(s) the defaults are from" }),
    age: Nullable(Int()),
    source: t.Object({ name: t.String(), version: t.String(), url: t.String(), doi: t.String() }),
    fiber_per_energy: t.Boolean(),
    energy_goal_kcal: Nullable(t.Number()),
    energy_reference: Nullable(
      t.Object({
        kcal: t.Number({ description: "resting_kcal × activity_factor: the goal step's maintenance for this profile" }),
        method: t.String(),
        weight_kg: t.Number(),
        resting_kcal: t.Number({ description: "Mifflin–St Jeor 1990 resting energy" }),
        activity_factor: t.Number(),
      }),
    ),
    items: t.Array(Target),
    settings: TargetSettings,
  },
  { title: "TargetsDocument" },
);
export type TargetsDocumentT = typeof TargetsDocument.static;

export const TargetsQuery = t.Object({
  date: t.Optional(t.String({ format: "date", description: "the day whose energy goal fibre follows; default today" })),
});
