/** /daily-values — steps, water, active energy and body measurements, one value per date and metric. */
import { Elysia, t } from "elysia";
import { Enum, errors, Text } from "../../lib/schemas";
import { noContent, reply, replyWith } from "../../lib/reply";
import { rangeFields } from "../../lib/date-range";
import { dailyValuesCtx, type DailyValuesDeps } from "./context";
import { DailyValue, DailyValueBody, DailyValueParams, DailyValuesDay, METRIC_RULES, METRICS } from "./model";
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

export function dailyValuesRoutes(deps: DailyValuesDeps) {
  const tags = ["activity"];
  return new Elysia({ prefix: "/daily-values" })
    .use(deps.authn)
    .get(
      "/",
      ({ user, query }) => replyWith(deps, listDailyValues({ ctx: dailyValuesCtx(deps, user), input: query })),
      {
        auth: true,
        query: t.Object({ ...rangeFields(90), metric: t.Optional(Enum(METRICS)) }),
        response: {
          200: t.Object({
            from: t.String({ format: "date" }),
            to: t.String({ format: "date" }),
            items: t.Array(DailyValue),
          }),
          ...errors(400, 401),
        },
        detail: { tags, summary: `Daily values over a range (at most ${MAX_RANGE_DAYS} days), by date and metric` },
      },
    )
    .get(
      "/:date",
      ({ user, params }) => replyWith(deps, dailyValuesOn({ ctx: dailyValuesCtx(deps, user), date: params.date })),
      {
        auth: true,
        params: t.Object({ date: Text({ description: "YYYY-MM-DD" }) }),
        response: { 200: DailyValuesDay, ...errors(400, 401) },
        detail: { tags, summary: "Every metric of one date (null where none)" },
      },
    )
    .get(
      "/:date/:metric",
      ({ user, params }) => replyWith(deps, getDailyValue({ ctx: dailyValuesCtx(deps, user), ...params })),
      {
        auth: true,
        params: DailyValueParams,
        response: { 200: DailyValue, ...errors(400, 401, 404) },
        detail: { tags, summary: "One date's value of a metric" },
      },
    )
    .put(
      "/:date/:metric",
      async ({ user, params, body, set }) => {
        const metric = checkMetric(params.metric);
        const { value, created } = await deps.commit(() =>
          setDailyValue({ ctx: dailyValuesCtx(deps, user), date: params.date, metric, input: body }),
        );
        return reply(deps, value, created ? 201 : 200, undefined, set);
      },
      {
        auth: true,
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
      async ({ user, params }) => {
        await deps.commit(() => deleteDailyValue({ ctx: dailyValuesCtx(deps, user), ...params }));
        return noContent();
      },
      {
        auth: true,
        params: DailyValueParams,
        response: { 204: t.Void(), ...errors(400, 401, 404) },
        detail: { tags, summary: "Delete a date's value of a metric" },
      },
    );
}
