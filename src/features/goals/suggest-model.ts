/** POST /goals/suggest shapes (API.md §Goals): the body and the proposal with its arithmetic. */
import { t } from "elysia";
import { Enum, Int, Nullable, Text } from "../../schema/schemas";
import { MAX_KG, MIN_KG } from "../weights/model";
import { ACTIVITY_FACTORS, ACTIVITY_LEVELS, FLOOR_KCAL, GOAL_AIMS, HEIGHT_RANGE, SEXES } from "./suggest";

const factors = ACTIVITY_LEVELS.map((a) => `${a} ${ACTIVITY_FACTORS[a]}`).join(", ");

export const SuggestBody = t.Object(
  {
    sex: Enum(SEXES, { description: "female or male (the equation has one term for each)" }),
    birth_year: Int({ description: "the age is this year (user's time zone) − birth_year; adults 18–100" }),
    height_cm: t.Number({
      minimum: HEIGHT_RANGE.min,
      maximum: HEIGHT_RANGE.max,
      description: `${HEIGHT_RANGE.min}–${HEIGHT_RANGE.max}`,
      errorMessage: `must be a number from ${HEIGHT_RANGE.min} to ${HEIGHT_RANGE.max} cm`,
    }),
    weight_kg: t.Number({
      minimum: MIN_KG,
      maximum: MAX_KG,
      description: `${MIN_KG}–${MAX_KG}`,
      errorMessage: `must be a number from ${MIN_KG} to ${MAX_KG} kg`,
    }),
    activity: Enum(ACTIVITY_LEVELS, { description: `activity factor: ${factors}` }),
    goal: Enum(GOAL_AIMS, { description: "lose, keep or gain weight" }),
    rate_per_week: t.Optional(
      Nullable(t.Number({ description: "lose or gain: 0.25–1 kg or 0.5–2 lb a week; keep: left out or null" })),
    ),
    rate_unit: t.Optional(Enum(["kg", "lb"], { description: "the unit of rate_per_week; default kg" })),
  },
  { title: "SuggestGoalBody" },
);
export type SuggestBodyT = typeof SuggestBody.static;

export const GoalSuggestion = t.Object(
  {
    age: Int(),
    resting_kcal: Int({ description: "Mifflin–St Jeor 1990 resting energy, whole kcal" }),
    activity_factor: t.Number(),
    maintenance_kcal: Int({ description: "resting_kcal × activity_factor, whole kcal" }),
    rate_kg_per_week: t.Number({ description: "negative: loss; 0: keep" }),
    adjustment_kcal: Int({ description: "rate_kg_per_week × 7700 ÷ 7, whole kcal (negative: a deficit)" }),
    floor_kcal: Int({ description: `the least it proposes: ${FLOOR_KCAL.female} women, ${FLOOR_KCAL.male} men` }),
    below_floor: t.Boolean({ description: "maintenance + adjustment fell below the floor; energy_kcal is the floor" }),
    energy_kcal: Int({
      description: "the proposed goal: maintenance + adjustment to the nearest 10, at least the floor",
    }),
    protein_g: Int({ description: "1.6 g per kg of body weight, at most 35 % of energy_kcal" }),
    fat_g: Int({ description: "30 % of energy_kcal ÷ 9" }),
    carbohydrate_g: Int({ description: "the rest of energy_kcal ÷ 4" }),
    steps: t.Array(t.Object({ name: Text(), formula: Text(), kcal: Int() }), {
      description: "the arithmetic, in order, as the app shows it",
    }),
    note: Nullable(Text({ description: "why the goal is the floor, when it is" })),
    method: Text(),
  },
  { title: "GoalSuggestion" },
);
