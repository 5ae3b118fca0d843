/** /daily-values — steps, water, active energy and body measurements, one value per date and metric. */
import type { RouteDeps } from "../../http/auth";
import { Elysia, t } from "elysia";
import { Enum, errors, Text } from "../../schema/schemas";
import { noContent, reply, replyWith } from "../../http/reply";
import { rangeFields } from "../../schema/date-range";
import {
  DailyValue,
  DailyValueBody,
  DailyValueParams,
  DailyValuesDay,
  METRIC_RULES,
  METRICS,
  DailyValueList,
} from "./model";
import {
  checkMetric,
  dailyValuesOn,
  deleteDailyValue,
  getDailyValue,
  listDailyValues,
  MAX_RANGE_DAYS,
  setDailyValue,
} from "./service";

const ranges = METRICS.map((m) => `${m} ${METRIC_RULES[m].min}–${METRIC_RULES[m].max} ${METRIC_RULES[m].unit}`).join(
  "; ",
);

export function dailyValuesRoutes(deps: RouteDeps) {
  const tags = ["activity"];
  return new Elysia({ prefix: "/daily-values" })
    .use(deps.authn)
    .get("/", ({ ctx, query }) => replyWith(deps, listDailyValues({ ctx: ctx, input: query })), {
      auth: "read",
      query: t.Object({ ...rangeFields(90), metric: t.Optional(Enum(METRICS)) }),
      response: {
        200: DailyValueList,
        ...errors(400, 401),
      },
      detail: { tags, summary: `Daily values over a range (at most ${MAX_RANGE_DAYS} days), by date and metric` },
    })
    .get("/:date", ({ ctx, params }) => replyWith(deps, dailyValuesOn({ ctx: ctx, date: params.date })), {
      auth: "read",
      params: t.Object({ date: Text({ description: "YYYY-MM-DD" }) }),
      response: { 200: DailyValuesDay, ...errors(400, 401) },
      detail: { tags, summary: "Every metric of one date (null where none)" },
    })
    .get("/:date/:metric", ({ ctx, params }) => replyWith(deps, getDailyValue({ ctx: ctx, ...params })), {
      auth: "read",
      params: DailyValueParams,
      response: { 200: DailyValue, ...errors(400, 401, 404) },
      detail: { tags, summary: "One date's value of a metric" },
    })
    .put(
      "/:date/:metric",
      async ({ ctx, params, body }) => {
        const metric = checkMetric(params.metric);
        const { value, created } = await deps.commit(() =>
          setDailyValue({ ctx: ctx, date: params.date, metric, input: body, alone: true }),
        );
        return reply(deps, value, { status: created ? 201 : 200 });
      },
      {
        auth: "write",
        params: DailyValueParams,
        body: DailyValueBody,
        response: { 200: DailyValue, 201: DailyValue, ...errors(400, 401, 413, 415) },
        detail: {
          tags,
          summary: "Set a date's value of a metric (replaces it)",
          description: `Ranges, in the stored unit: ${ranges}. A date from 1970 to tomorrow. 201 when the date had none.`,
        },
      },
    )
    .delete(
      "/:date/:metric",
      async ({ ctx, params }) => {
        await deps.commit(() => deleteDailyValue({ ctx: ctx, ...params, alone: true }));
        return noContent();
      },
      {
        auth: "write",
        params: DailyValueParams,
        response: { 204: t.Void(), ...errors(400, 401, 404) },
        detail: { tags, summary: "Delete a date's value of a metric" },
      },
    );
}
