/** GET /stats/daily and /stats/weekly */
import { apiUnit } from "../weights/trend";
import { Elysia, t } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { Enum, errors, Nullable, Int, Text } from "../../schema/schemas";
import { replyWith } from "../../http/reply";
import { GoalsSchema } from "../goals/service";
import { MealNutrients } from "../meals/model";
import { dailyStats, weeklyStats } from "./service";
import { EXPENDITURE_DAYS, MAX_STATS_DAYS, statsOverDays } from "./range";
import { rangeFields } from "../../schema/date-range";
import { expenditure } from "./lazy";
import { intParam } from "../../schema/validation";

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
    exercise_kcal: t.Number({ description: "the day's exercise kcal (GET /exercises), counted or not" }),
    exercise_in_budget: t.Boolean({ description: "the setting Add exercise to my budget (GET /activity-settings)" }),
    budget: t.Object(
      {
        goal_kcal: Nullable(t.Number()),
        exercise_kcal: t.Number({ description: "what the budget adds: exercise_kcal when the setting is on, else 0" }),
        food_kcal: t.Number(),
        remaining_kcal: Nullable(t.Number({ description: "goal + exercise − food; null without an energy goal" })),
      },
      { description: "the parts of remaining.energy_kcal, so the sum is visible" },
    ),
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
    average_days: Int({
      description: "the days daily_average is over: the logged days before today (today counts once it is over)",
    }),
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

const Counts = t.Object({
  logged_days: Int({ description: "logged days the estimate can use (partly logged days left out)" }),
  weigh_ins: Int(),
  weight_span_days: Int(),
});
const Expenditure = t.Object(
  {
    from: t.String({ format: "date" }),
    to: t.String({ format: "date" }),
    days: Int(),
    enough_data: t.Boolean(),
    reason: Nullable(
      Enum(["not_enough_data", "implausible_weigh_ins", "implausible_estimate"], {
        description:
          "why enough_data is false (null when it is true): too little data; weigh-ins a body cannot produce (two in a row more than 6 kg + 1 kg a day apart, or a line steeper than 3.5 kg a week); an estimate outside 500–9,000 kcal/day",
      }),
    ),
    message: Nullable(
      t.String({ description: "while enough_data is false: what is missing, or which data cannot be right" }),
    ),
    have: Counts,
    needed: Counts,
    expenditure_kcal: Nullable(t.Number({ description: "kcal/day, to the nearest 10" })),
    range_kcal: Nullable(
      t.Object({ low: t.Number(), high: t.Number() }, { description: "90 % interval, cut to 500–9,000 kcal/day" }),
    ),
    intake_kcal: Nullable(
      t.Number({ description: "mean kcal of the days used, weekday by weekday (each weekday weighs one in seven)" }),
    ),
    days_used: Int({ description: "logged days the intake is taken over (have.logged_days)" }),
    days_left_out: t.Object(
      {
        marked_incomplete: Int({ description: "marked incomplete (PUT /days/{date})" }),
        not_marked_complete: Int({ description: "not marked, in a window where some days are marked complete" }),
        implausibly_low: Int({ description: "nothing marked: under half the median kcal of the window's logged days" }),
        one_entry: Int({
          description: "nothing marked: one entry where the person's days have three or more, under 70 % of the median",
        }),
        today_not_over: Int({
          description: "1 when today is in the window, has meals and is not marked (complete or incomplete)",
        }),
      },
      { description: "logged days left out of the intake, per reason" },
    ),
    kcal_per_kg: t.Number({ description: "the energy of a kg of body tissue used (7,700)" }),
    weight_unit: Enum(["kg", "lb"]),
    weight_change_per_week: Nullable(t.Number({ description: "the weight slope, in weight_unit per week" })),
    suggestions: t.Array(
      t.Object({
        rate_per_week: t.Number({ description: "weight_unit per week; negative: loss" }),
        energy_kcal: t.Number({ description: "the daily goal for it (PUT /goals energy_kcal)" }),
      }),
    ),
    trend: t.Array(t.Object({ to: t.String({ format: "date" }), expenditure_kcal: Nullable(t.Number()) }), {
      description: "the estimate at each of the 8 week ends before `to`, then at `to`; oldest first",
    }),
    method: t.String(),
  },
  { title: "Expenditure" },
);

export function statsRoutes(deps: RouteDeps) {
  const detail = { tags: ["stats"] };
  return new Elysia({ prefix: "/stats" })
    .use(deps.authn)
    .get("/daily", ({ query, ctx }) => replyWith(deps, dailyStats({ ctx, input: query })), {
      auth: "read",
      query: t.Object({
        date: t.Optional(Text({ description: "YYYY-MM-DD, default today in the user's time zone" })),
      }),
      response: { 200: DailyStats, ...errors(400, 401) },
      detail: {
        ...detail,
        summary: "A day's totals, per meal type, goals, what remains, and the energy split",
        description:
          "energy_split_pct uses 4/9/4 kcal per gram of protein/fat/carbohydrate; it is null for a day without macro energy.",
      },
    })
    .get("/weekly", ({ query, ctx }) => replyWith(deps, weeklyStats({ ctx, input: query })), {
      auth: "read",
      query: t.Object({ end: t.Optional(Text({ description: "YYYY-MM-DD, default today" })) }),
      response: { 200: WeeklyStats, ...errors(400, 401) },
      detail: {
        ...detail,
        summary: "The 7 days ending on `end`, both included",
        description:
          "Empty days are zero-filled; daily_average is over the logged days before today, average_days of them (null when none): today counts once it is over.",
      },
    })
    .get(
      "/expenditure",
      ({ user, query, ctx }) => replyWith(deps, expenditure({ ctx, unit: apiUnit(user.weightUnit), input: query })),
      {
        auth: "read",
        query: t.Object({
          to: t.Optional(t.String({ format: "date", description: "the window's last day, included; default today" })),
          days: t.Optional(
            intParam("days", {
              minimum: EXPENDITURE_DAYS.min,
              maximum: EXPENDITURE_DAYS.max,
              default: EXPENDITURE_DAYS.default,
              description: `the window, ${EXPENDITURE_DAYS.min}–${EXPENDITURE_DAYS.max} days`,
            }),
          ),
        }),
        response: { 200: Expenditure, ...errors(400, 401) },
        detail: {
          ...detail,
          summary: "Estimated daily energy expenditure from logged intake and the weight trend, with goal suggestions",
          description:
            "Energy balance over the window: the mean kcal of the whole logged days, weekday by weekday (a day without meals is not counted as zero; where days are marked complete with PUT /days/{date} only those are used, and a day marked incomplete never is; where none are marked, a day under half the window's median kcal, or with one entry where the person's days have three or more and under 70 % of it, is left out; today counts only once it is marked complete: days_used and days_left_out say so), minus the weight trend's slope × 7,700 kcal/kg. The slope: generalised least squares with water weight as AR(1) noise (0.6 a day), a glycogen term fading over 3 days from the window's start, and a prior of 0 ± 0.07 kg a day. range_kcal is a 90 % interval from that model's standard errors. With fewer than 10 whole logged days, 3 weigh-ins or 14 days between the first and last weigh-in, enough_data is false, the estimate null and message says what is missing (reason not_enough_data). Weigh-ins a body cannot produce (two in a row more than 6 kg + 1 kg per day between them apart, or their own slope steeper than 3.5 kg a week) give enough_data false with reason implausible_weigh_ins and a message naming them; an estimate outside 500–9,000 kcal/day, reason implausible_estimate. suggestions: the daily kcal for a weekly change in the account's weight unit (none below 1,200 kcal). trend: the estimate at each of the 8 week ends before `to`, each over its own window. The estimate is in the calories you log: food you never log lowers it by as much, so a goal set from it still moves your weight at the chosen rate.",
        },
      },
    )
    .get("/days", ({ query, ctx }) => replyWith(deps, statsOverDays({ ctx, input: query })), {
      auth: "read",
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
              fiber_g: Nullable(
                t.Number({ description: "for net carbs (carbohydrate − fibre) when the goals count them" }),
              ),
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
