/**
 * Goals shapes from docs/API.md §Goals. Types and ranges live here; validate.ts checks this same
 * body schema first on every path (REST, sync push, import), then what the schema cannot say:
 * weekday names, a real calendar date, at most a year ahead.
 */
import { t } from "elysia";
import { Nullable } from "../../schema/schemas";
import { GOAL_KEYS, type GoalKey, WEEKDAYS } from "./plans";

export const GOAL_MAX: Record<GoalKey, number> = {
  energy_kcal: 20_000,
  protein_g: 2_000,
  fat_g: 2_000,
  carbohydrate_g: 2_000,
};
const unitOf = (k: GoalKey) => (k === "energy_kcal" ? "kcal" : "grams");

const goal = (k: GoalKey) =>
  Nullable(t.Number({ description: `${unitOf(k)} per day, 0–${GOAL_MAX[k]}; null = no goal` }));
const goalFields = Object.fromEntries(GOAL_KEYS.map((k) => [k, goal(k)])) as Record<GoalKey, ReturnType<typeof goal>>;
export const GoalsSchema = t.Object(goalFields, { title: "Goals" });
const weekdays = t.Object(Object.fromEntries(WEEKDAYS.map((d) => [d, t.Optional(GoalsSchema)])), {
  description: "goals that replace the every-day goals on that weekday (only the weekdays that have their own)",
});
const PlanSchema = t.Object(
  {
    from: Nullable(t.String({ format: "date", description: "first day it applies; null = since always" })),
    ...goalFields,
    weekdays,
  },
  { title: "GoalPlan" },
);
export const GoalsDocument = t.Object(
  {
    ...PlanSchema.properties,
    schedule: t.Array(PlanSchema, {
      description: "every plan, oldest first; each applies from its `from` until the next one starts",
    }),
  },
  {
    title: "GoalsDocument",
    description: "The newest plan (the one set last) at the top level, and the whole schedule.",
  },
);

/** One goal as sent: a number in range, or null / left out for no goal. */
const goalIn = (k: GoalKey) =>
  t.Optional(
    Nullable(
      t.Number({
        minimum: 0,
        maximum: GOAL_MAX[k],
        description: `${unitOf(k)} per day, 0–${GOAL_MAX[k]}; null or left out: no goal`,
        errorMessage: `must be a number from 0 to ${GOAL_MAX[k]}, or null`,
      }),
    ),
  );
const goalsIn = Object.fromEntries(GOAL_KEYS.map((k) => [k, goalIn(k)])) as Record<GoalKey, ReturnType<typeof goalIn>>;
export const GoalsInput = t.Object(goalsIn, {
  title: "GoalsInput",
  errorMessage: "must be an object of goals, or null",
});

export const PutGoalsBody = t.Object(
  {
    ...goalsIn,
    weekdays: t.Optional(
      Nullable(
        t.Object(Object.fromEntries(WEEKDAYS.map((d) => [d, t.Optional(Nullable(GoalsInput))])), {
          additionalProperties: false,
          description: "monday … sunday: their own goals; a weekday left out or null uses the every-day goals",
          errorMessage: `must be an object keyed by weekday (${WEEKDAYS.join(", ")})`,
        }),
      ),
    ),
    from: t.Optional(
      Nullable(
        t.String({
          format: "date",
          description:
            "YYYY-MM-DD the plan applies from (default: today in the user's time zone), at most a year ahead; null = since always",
          errorMessage: "must be a real calendar date YYYY-MM-DD",
        }),
      ),
    ),
  },
  { title: "PutGoalsBody" },
);
export type PutGoalsInput = typeof PutGoalsBody.static;
