/** /weights — body weight by date, with the trend. */
import { Elysia, t } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { errors } from "../../schema/schemas";
import { noContent, reply, replyWith } from "../../http/reply";
import { deleteWeight, getWeight, listWeights, MAX_RANGE_DAYS, putWeight } from "./service";
import { DateParams, MAX_KG, MIN_KG, PostWeightBody, Weight, WeightBody, WeightList } from "./model";
import { SMOOTHING } from "./trend";
import { rangeFields } from "../../schema/date-range";
import { localDate } from "../../lib/time";

export function weightsRoutes(deps: RouteDeps) {
  const tags = ["weight"];
  return new Elysia({ prefix: "/weights" })
    .use(deps.authn)
    .get("/", ({ query, ctx }) => replyWith(deps, listWeights({ ctx, input: query })), {
      auth: "read",
      query: t.Object(rangeFields(90)),
      response: {
        200: WeightList,
        ...errors(400, 401),
      },
      detail: {
        tags,
        summary: "Weigh-ins over a range (oldest first) with the trend",
        description: `At most ${MAX_RANGE_DAYS} days. The trend is an exponentially smoothed moving average (The Hacker's Diet): each day it moves ${SMOOTHING} of the way towards that day's weight (days without a weigh-in use the weight interpolated between their neighbours), computed from the first weigh-in ever, so it does not depend on the range asked.`,
      },
    })
    .post(
      "/",
      async ({ body, set, ctx }) => {
        const { date, ...input } = body;
        const { weight, created } = await deps.commit(() =>
          putWeight({ ctx, date: date ?? localDate(ctx.now, ctx.timezone), input }),
        );
        return reply(deps, weight, {
          status: created ? 201 : 200,
          headers: { location: `/api/v1/weights/${weight.date}` },
          set,
        });
      },
      {
        auth: "write",
        body: PostWeightBody,
        response: { 200: Weight, 201: Weight, ...errors(400, 401, 413, 415) },
        detail: { tags, summary: "Log a weight (today by default); the same as PUT /weights/{date}" },
      },
    )
    .get("/:date", ({ params, ctx }) => replyWith(deps, getWeight({ ctx, date: params.date })), {
      auth: "read",
      params: DateParams,
      response: { 200: Weight, ...errors(400, 401, 404) },
      detail: { tags, summary: "The weight of one date" },
    })
    .put(
      "/:date",
      async ({ params, body, ctx }) => {
        const { weight, created } = await deps.commit(() => putWeight({ ctx, date: params.date, input: body }));
        return reply(deps, weight, { status: created ? 201 : 200 });
      },
      {
        auth: "write",
        params: DateParams,
        body: WeightBody,
        response: { 200: Weight, 201: Weight, ...errors(400, 401, 413, 415) },
        detail: {
          tags,
          summary: "Log the weight of a date (replaces that date's weight)",
          description: `kg (${MIN_KG}–${MAX_KG}) or lb, not both; a date at most tomorrow. 201 when the date had none, 200 when it replaced one.`,
        },
      },
    )
    .delete(
      "/:date",
      async ({ params, ctx }) => {
        await deps.commit(() => deleteWeight({ ctx, date: params.date }));
        return noContent();
      },
      {
        auth: "write",
        params: DateParams,
        response: { 204: t.Void(), ...errors(400, 401, 404) },
        detail: { tags, summary: "Delete the weight of a date" },
      },
    );
}
