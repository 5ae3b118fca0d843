/** /saved-meals — named sets of entries the caller logs again in one request. */
import { Elysia, t } from "elysia";
import { errors } from "../../schema/schemas";
import { noContent, reply, replyWith } from "../../http/reply";
import { MAX_MEALS_PER_DAY } from "../meals/day-cap";
import type { RouteDeps } from "../../http/auth";
import {
  CreateSavedMealBody,
  LogSavedMealBody,
  MAX_SAVED_ENTRIES,
  MAX_SAVED_MEALS,
  PatchSavedMealBody,
  SAVED_NAME_MAX,
  SavedMeal,
  SavedMealIdParams,
  Logged,
  SavedMealList,
} from "./model";
import {
  createSavedMeal,
  deleteSavedMeal,
  getSavedMeal,
  savedMealList,
  logSavedMeal,
  updateSavedMeal,
} from "./service";

export function savedMealsRoutes(deps: RouteDeps) {
  const tags = ["saved-meals"];
  return new Elysia({ prefix: "/saved-meals" })
    .use(deps.authn)
    .get("/", ({ ctx }) => replyWith(deps, savedMealList(ctx)), {
      auth: "read",
      response: { 200: SavedMealList, ...errors(401) },
      detail: { tags, summary: `Your saved meals (at most ${MAX_SAVED_MEALS}), by name` },
    })
    .post(
      "/",
      async ({ body, set, ctx }) => {
        const { saved, created } = await deps.commit(() => createSavedMeal({ ctx, input: body, alone: true }));
        return created
          ? reply(deps, saved, { status: 201, headers: { location: `/api/v1/saved-meals/${saved.id}` }, set })
          : reply(deps, saved);
      },
      {
        auth: "write",
        body: CreateSavedMealBody,
        response: { 200: SavedMeal, 201: SavedMeal, ...errors(400, 401, 404, 409, 413, 415) },
        detail: {
          tags,
          summary: "Save a meal: a name and its entries",
          description: `name (1–${SAVED_NAME_MAX} characters) and 1–${MAX_SAVED_ENTRIES} entries, each as POST /meals takes it (food_id, quantity, portion_id) or a quick_add. "Save as meal": instead of entries, meal_ids (your logged meals) or from_date with meal_type (one meal region; without meal_type, the whole day) make the entries from what was logged; another account's meal is 404 meal_not_found. A food you may not log is 400 naming entries.N.food_id. With a client id already saved, 200 with the stored one.`,
        },
      },
    )
    .get("/:id", ({ params, ctx }) => replyWith(deps, getSavedMeal({ ctx, id: params.id })), {
      auth: "read",
      params: SavedMealIdParams,
      response: { 200: SavedMeal, ...errors(400, 401, 404) },
      detail: { tags, summary: "One saved meal" },
    })
    .patch(
      "/:id",
      async ({ params, body, ctx }) =>
        reply(deps, await deps.commit(() => updateSavedMeal({ ctx, id: params.id, input: body, alone: true }))),
      {
        auth: "write",
        params: SavedMealIdParams,
        body: PatchSavedMealBody,
        response: { 200: SavedMeal, ...errors(400, 401, 404, 413, 415) },
        detail: { tags, summary: "Rename a saved meal or replace its entries" },
      },
    )
    .delete(
      "/:id",
      async ({ params, ctx }) => {
        await deps.commit(() => deleteSavedMeal({ ctx, id: params.id, alone: true }));
        return noContent();
      },
      {
        auth: "write",
        params: SavedMealIdParams,
        response: { 204: t.Void(), ...errors(400, 401, 404) },
        detail: { tags, summary: "Delete a saved meal (meals logged from it stay)" },
      },
    )
    .post(
      "/:id/log",
      async ({ params, body, ctx }) => {
        const out = await deps.commit(() => logSavedMeal({ ctx, id: params.id, input: body }));
        return reply(deps, out, { status: out.created ? 201 : 200 });
      },
      {
        auth: "write",
        params: SavedMealIdParams,
        body: LogSavedMealBody,
        response: { 200: Logged, 201: Logged, ...errors(400, 401, 404, 409, 413, 415) },
        detail: {
          tags,
          summary: "Log every entry of a saved meal into a day and meal type",
          description: `One meal per entry, in one transaction: all are logged or none. date defaults to today. With a request id (a UUID the client makes per tap), the same request again logs nothing more and answers 200 with the same meals; without one, each request logs again. A day holds at most ${MAX_MEALS_PER_DAY} meals: past it, 400 naming date. An entry whose food you may no longer log: 400 naming entries.N.food_id.`,
        },
      },
    );
}
