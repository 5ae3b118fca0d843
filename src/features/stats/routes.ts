/** GET /stats/daily and /stats/weekly */
import { Elysia, t } from "elysia";
import type { MealsDeps } from "../meals/context";
import { errors, Nullable, Int } from "../../lib/schemas";
import { reply } from "../../lib/reply";
import { GoalsSchema } from "../goals/service";
import { MealNutrients } from "../meals/model";
import { mealsCtx } from "../meals/context";
import { dailyStats, weeklyStats } from "./service";
import { MAX_STATS_DAYS, statsOverDays } from "./range";
import { rangeFields } from "../../lib/date-range";

const DailyStats = t.Object(
  {
    date: t.String(),
    meal_count: Int(),
    totals: MealNutrients,
    by_meal_type: t.Object({
      breakfast: MealNutrients,
      lunch: MealNutrients,
      dinner: MealNutrients,
      snack: MealNutrients,
    }),
    goals: GoalsSchema,
    remaining: GoalsSchema,
    energy_split_pct: t.Object({
      protein: Nullable(t.Number()),
      fat: Nullable(t.Number()),
      carbohydrate: Nullable(t.Number()),
    }),
  },
  { title: "DailyStats" },
);

const WeeklyStats = t.Object(
  {
    start: t.String(),
    end: t.String(),
    days: t.Array(t.Object({ date: t.String(), meal_count: Int(), totals: MealNutrients, goals: GoalsSchema })),
    totals: MealNutrients,
    daily_average: MealNutrients,
    logged_days: Int(),
    goals: t.Object(GoalsSchema.properties, { description: "the goals of `end` (each day carries its own)" }),
    days_within_energy_goal: Nullable(
      Int({
        description: "logged days within ±10 % of their own day's energy goal; null when no day of the week has one",
      }),
    ),
    weight_change_kg: Nullable(
      t.Number({
        description: "the weight trend on `end` minus the trend the day before `start`; null without weigh-ins by then",
      }),
    ),
  },
  { title: "WeeklyStats" },
);

export function statsRoutes(deps: MealsDeps) {
  const detail = { tags: ["stats"] };
  return new Elysia({ prefix: "/stats" })
    .use(deps.authn)
    .get("/daily", ({ user, query }) => reply(deps, dailyStats({ ctx: mealsCtx(deps, user), input: query })), {
      auth: true,
      query: t.Object({
        date: t.Optional(t.String({ description: "YYYY-MM-DD, default today in the user's time zone" })),
      }),
      response: { 200: DailyStats, ...errors(400, 401) },
      detail: {
        ...detail,
        summary: "A day's totals, per meal type, goals, what remains, and the energy split",
        description:
          "energy_split_pct uses 4/9/4 kcal per gram of protein/fat/carbohydrate; it is null for a day without macro energy.",
      },
    })
    .get("/weekly", ({ user, query }) => reply(deps, weeklyStats({ ctx: mealsCtx(deps, user), input: query })), {
      auth: true,
      query: t.Object({ end: t.Optional(t.String({ description: "YYYY-MM-DD, default today" })) }),
      response: { 200: WeeklyStats, ...errors(400, 401) },
      detail: {
        ...detail,
        summary: "The 7 days ending on `end`, both included",
        description: "Empty days are zero-filled; daily_average is over logged days (null when none).",
      },
    })
    .get("/days", ({ user, query }) => reply(deps, statsOverDays({ ctx: mealsCtx(deps, user), input: query })), {
      auth: true,
      query: t.Object(rangeFields(90)),
      response: {
        200: t.Object({
          from: t.String({ format: "date" }),
          to: t.String({ format: "date" }),
          days: t.Array(
            t.Object({
              date: t.String({ format: "date" }),
              meal_count: Int(),
              energy_kcal: Nullable(t.Number()),
              protein_g: Nullable(t.Number()),
              fat_g: Nullable(t.Number()),
              carbohydrate_g: Nullable(t.Number()),
              goals: GoalsSchema,
              within_energy_goal: Nullable(
                t.Boolean({ description: "within ±10 % of that day's energy goal; null without a goal or meals" }),
              ),
              weight_kg: Nullable(t.Number({ description: "that day's weigh-in" })),
              trend_kg: Nullable(t.Number({ description: "the weight trend (see GET /weights)" })),
            }),
          ),
        }),
        ...errors(400, 401),
      },
      detail: {
        ...detail,
        summary: `Energy, macros, goals, weight and trend per day over a range (at most ${MAX_STATS_DAYS} days, default 90)`,
      },
    });
}
