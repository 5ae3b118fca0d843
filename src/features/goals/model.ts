/**
 * Goals shapes from docs/API.md §Goals. Types and ranges live here; validate.ts checks this same
 * body schema first on every path (REST, sync push, import), then what the schema cannot say:
 * weekday names, a real calendar date, at most a year ahead.
 */
import { t } from "elysia";
import { Nullable, Text } from "../../lib/schemas";
import { GOAL_KEYS, type GoalKey, GRAMS_OF, PCT_KEYS, type PctKey, WEEKDAYS } from "./plans";

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
const pctOut = (k: PctKey) =>
  Nullable(
    t.Number({
      description: `given as % of the energy goal (its grams: % × kcal ÷ ${GRAMS_OF[k].kcalPerGram}); null: given in grams or not set`,
    }),
  );
const pctFields = Object.fromEntries(PCT_KEYS.map((k) => [k, pctOut(k)])) as Record<PctKey, ReturnType<typeof pctOut>>;
export const GoalsBalance = t.Object(
  {
    macro_kcal: t.Number({ description: "4 × protein g + 9 × fat g + 4 × carbohydrate g" }),
    energy_kcal: t.Number(),
    difference_kcal: t.Number({ description: "macro_kcal − energy_kcal" }),
    difference_pct: Nullable(t.Number({ description: "the difference as % of the energy goal" })),
    warning: Nullable(
      Text({
        description:
          "set when the three macro goals differ from the energy goal by 1 kcal or more, or when those set already exceed it",
      }),
    ),
  },
  {
    title: "GoalsBalance",
    description: "whether the every-day macro goals add up to the energy goal; null without both",
  },
);
const WeekdayGoals = t.Object(
  {
    ...goalFields,
    ...Object.fromEntries(PCT_KEYS.map((k) => [k, t.Optional(t.Number())])),
    balance: Nullable(GoalsBalance),
  },
  {
    title: "WeekdayGoals",
    description: "the weekday's goals (a macro given in % also has its % here) and whether they add up",
  },
);
const weekdays = t.Object(Object.fromEntries(WEEKDAYS.map((d) => [d, t.Optional(WeekdayGoals)])), {
  description: "goals that replace the every-day goals on that weekday (only the weekdays that have their own)",
});
const PlanSchema = t.Object(
  {
    from: Nullable(t.String({ format: "date", description: "first day it applies; null = since always" })),
    ...goalFields,
    ...pctFields,
    net_carbs: t.Boolean({ description: "the carbohydrate goal counts net carbs (carbohydrate − fibre)" }),
    balance: Nullable(GoalsBalance),
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
/** A macro goal as % of the energy goal beside it. */
const pctIn = (k: PctKey) =>
  t.Optional(
    Nullable(
      t.Number({
        minimum: 0,
        maximum: 100,
        description: `% of energy_kcal; its grams = % × kcal ÷ ${GRAMS_OF[k].kcalPerGram} (replaces ${GRAMS_OF[k].key})`,
        errorMessage: "must be a number from 0 to 100, or null",
      }),
    ),
  );
const goalsIn = {
  ...(Object.fromEntries(GOAL_KEYS.map((k) => [k, goalIn(k)])) as Record<GoalKey, ReturnType<typeof goalIn>>),
  ...(Object.fromEntries(PCT_KEYS.map((k) => [k, pctIn(k)])) as Record<PctKey, ReturnType<typeof pctIn>>),
};
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
    net_carbs: t.Optional(
      t.Boolean({
        description: "the carbohydrate goal counts net carbs (carbohydrate − fibre); default false",
        errorMessage: "must be true or false",
      }),
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
