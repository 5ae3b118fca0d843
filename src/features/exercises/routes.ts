/** /exercises — logged exercise, with kcal computed from the activity's MET and the weight, or given. */
import type { RouteDeps } from "../../http/auth";
import { Elysia, t } from "elysia";
import { errors } from "../../schema/schemas";
import { noContent, reply, replyWith } from "../../http/reply";
import { rangeFields } from "../../schema/date-range";
import { CreateExerciseBody, Exercise, ExerciseIdParams, PatchExerciseBody, ExerciseList } from "./model";
import { createExercise, deleteExercise, getExercise, listExercises, MAX_RANGE_DAYS, updateExercise } from "./service";

export function exercisesRoutes(deps: RouteDeps) {
  const tags = ["activity"];
  return new Elysia({ prefix: "/exercises" })
    .use(deps.authn)
    .get("/", ({ ctx, query }) => replyWith(deps, listExercises({ ctx: ctx, input: query })), {
      auth: "read",
      query: t.Object(rangeFields(1)),
      response: {
        200: ExerciseList,
        ...errors(400, 401),
      },
      detail: { tags, summary: `Exercise over a range (default today; at most ${MAX_RANGE_DAYS} days), oldest first` },
    })
    .post(
      "/",
      async ({ ctx, body, set }) => {
        const { exercise, created } = await deps.commit(() => createExercise({ ctx: ctx, input: body, alone: true }));
        return created
          ? reply(deps, exercise, { status: 201, headers: { location: `/api/v1/exercises/${exercise.id}` }, set })
          : reply(deps, exercise);
      },
      {
        auth: "write",
        body: CreateExerciseBody,
        response: { 200: Exercise, 201: Exercise, ...errors(400, 401, 409, 413, 415) },
        detail: {
          tags,
          summary: "Log exercise",
          description:
            "minutes, and an activity (GET /activities) or a name. Without kcal, kcal = MET × kg × hours (gross, resting included) from your latest weigh-in on or before the date; with no weigh-in then, 400 naming kcal (log a weight or give kcal). With a source_id you already have for that source, that exercise is updated (200). With a client id already yours, 200 with the stored one; another account's id is 409.",
        },
      },
    )
    .get("/:id", ({ ctx, params }) => replyWith(deps, getExercise({ ctx: ctx, id: params.id })), {
      auth: "read",
      params: ExerciseIdParams,
      response: { 200: Exercise, ...errors(400, 401, 404) },
      detail: { tags, summary: "One exercise" },
    })
    .patch(
      "/:id",
      async ({ ctx, params, body }) =>
        reply(deps, await deps.commit(() => updateExercise({ ctx: ctx, id: params.id, input: body, alone: true }))),
      {
        auth: "write",
        params: ExerciseIdParams,
        body: PatchExerciseBody,
        response: { 200: Exercise, ...errors(400, 401, 404, 413, 415) },
        detail: {
          tags,
          summary: "Change an exercise (only the fields given)",
          description:
            "A computed kcal is computed again when activity, minutes or date change; kcal null computes it again.",
        },
      },
    )
    .delete(
      "/:id",
      async ({ ctx, params }) => {
        await deps.commit(() => deleteExercise({ ctx: ctx, id: params.id, alone: true }));
        return noContent();
      },
      {
        auth: "write",
        params: ExerciseIdParams,
        response: { 204: t.Void(), ...errors(400, 401, 404) },
        detail: { tags, summary: "Delete an exercise" },
      },
    );
}
