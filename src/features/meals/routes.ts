/** /meals — log, read, change and delete meals; every route needs a token. */
import { Elysia, t } from "elysia";
import { errors } from "../../schema/schemas";
import { noContent, reply, replyWith } from "../../http/reply";

import {
  CopyMealsBody,
  CreateMealBody,
  DailyMeals,
  DayQuery,
  Meal,
  MealIdParams,
  MealsPage,
  PatchMealBody,
  RangeQuery,
  CopiedMeals,
} from "./model";
import { copyMeals } from "./copy";
import { MAX_RANGE_DAYS, mealsInRange } from "./range";
import { createMeal, deleteMeal, getMeal, updateMeal } from "./service";
import { dailyMeals } from "./daily";
import { MAX_MEALS_PER_DAY } from "./day-cap";
import type { RouteDeps } from "../../http/auth";

export function mealsRoutes(deps: RouteDeps) {
  const tags = ["meals"];
  return new Elysia({ prefix: "/meals" })
    .use(deps.authn)
    .post(
      "/",
      async ({ body, set, ctx }) => {
        const { meal, created } = await deps.commit(() => createMeal({ ctx, input: body, alone: true }));
        return created
          ? reply(deps, meal, { status: 201, headers: { location: `/api/v1/meals/${meal.id}` }, set })
          : reply(deps, meal);
      },
      {
        auth: "write",
        body: CreateMealBody,
        response: { 200: Meal, 201: Meal, ...errors(400, 401, 404, 409, 413, 415) },
        detail: {
          tags,

          summary: "Log a meal",
          description: `201 with Location. \`quantity\` is grams unless \`portion_id\` names one of the food's portions (then it counts portions). With a client \`id\`, the same request again returns 200 with the stored meal; the same id with other content is 409 id_conflict. Unknown food (or another user's custom food): 404 food_not_found; a portion of another food: 400. A day holds at most ${MAX_MEALS_PER_DAY} meals: a meal more is 400 validation_failed naming date.`,
        },
      },
    )
    .get("/", ({ query, ctx }) => replyWith(deps, mealsInRange({ ctx, input: query })), {
      auth: "read",
      query: RangeQuery,
      response: { 200: MealsPage, ...errors(400, 401) },
      detail: {
        tags,
        summary: "Meals over a date range, cursor-paginated",
        description: `from..to (both included, at most ${MAX_RANGE_DAYS} days; default the 30 days ending today), newest first unless order=asc. Pass next_cursor back as cursor for the next page; null = the last page.`,
      },
    })
    .post(
      "/copy",
      async ({ body, ctx }) => {
        const out = await deps.commit(() => copyMeals({ ctx, input: body }));
        return reply(deps, out, { status: out.created ? 201 : 200 });
      },
      {
        auth: "write",
        body: CopyMealsBody,
        response: {
          200: CopiedMeals,
          201: CopiedMeals,
          ...errors(400, 401, 404, 409, 413, 415),
        },
        detail: {
          tags,
          summary: "Copy meals to another date (one meal, one meal type of a day, or a whole day)",
          description: `Copies keep the values the originals were logged with and their time of day. With a client \`id\`, the same copy sent again returns the same meals (200, created 0) and never doubles them. 201 when anything was created. A from_date with more than ${MAX_MEALS_PER_DAY} meals, or copies that would put more than ${MAX_MEALS_PER_DAY} on to_date: 400 validation_failed naming the field.`,
        },
      },
    )
    .get("/daily", ({ query, ctx }) => replyWith(deps, dailyMeals({ ctx, input: query })), {
      auth: "read",
      query: DayQuery,
      response: { 200: DailyMeals, ...errors(400, 401) },
      detail: {
        tags,
        summary: "A day's meals in eating order, with totals (default: today in the user's time zone)",
        description: `At most ${MAX_MEALS_PER_DAY} meals (a day holds no more). A day stored before that cap with more has truncated true, its first ${MAX_MEALS_PER_DAY} meals by eaten_at and the whole day's totals.`,
      },
    })
    .get("/:id", ({ params, ctx }) => replyWith(deps, getMeal({ ctx, id: params.id })), {
      auth: "read",
      params: MealIdParams,
      response: { 200: Meal, ...errors(400, 401, 404) },
      detail: { tags, summary: "One meal" },
    })
    .patch(
      "/:id",
      async ({ params, body, ctx }) =>
        reply(deps, await deps.commit(() => updateMeal({ ctx, id: params.id, input: body, alone: true }))),
      {
        auth: "write",
        params: MealIdParams,
        body: PatchMealBody,
        response: { 200: Meal, ...errors(400, 401, 404, 413, 415) },
        detail: {
          tags,

          summary: "Change a meal",
          description: `Grams and nutrients are recomputed from the per-100 g values stored with the meal, so a later edit of the food does not change it. Moving a meal to a date that already has ${MAX_MEALS_PER_DAY} meals: 400 validation_failed naming date.`,
        },
      },
    )
    .delete(
      "/:id",
      async ({ params, ctx }) => {
        await deps.commit(() => deleteMeal({ ctx, id: params.id, alone: true }));
        return noContent();
      },
      {
        auth: "write",
        params: MealIdParams,
        response: { 204: t.Void(), ...errors(400, 401, 404) },
        detail: { tags, summary: "Delete a meal" },
      },
    );
}
