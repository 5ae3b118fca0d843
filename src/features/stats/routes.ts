/** GET /stats/daily and /stats/weekly */
import { apiUnit } from "../weights/trend";
import { Elysia, t } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { errors, Text } from "../../schema/schemas";
import { replyWith } from "../../http/reply";
import { dailyStats, weeklyStats } from "./service";
import { EXPENDITURE_DAYS, MAX_STATS_DAYS, statsOverDays } from "./range";
import { rangeFields } from "../../schema/date-range";
import { expenditure } from "./lazy";
import { intParam } from "../../schema/validation";
import { DailyStats, Expenditure, StatsDays, WeeklyStats } from "./model";

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
        200: StatsDays,
        ...errors(400, 401),
      },
      detail: {
        ...detail,
        summary: `Energy, macros, goals, weight and trend per day over a range (at most ${MAX_STATS_DAYS} days, default 90)`,
      },
    });
}
