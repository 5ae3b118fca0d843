/** /days — whether a day's log is complete (`Day complete`), by date. */
import { Elysia, t } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { errors } from "../../schema/schemas";
import { noContent, reply, replyWith } from "../../http/reply";
import { rangeFields } from "../../schema/date-range";
import { deleteDay, getDay, listDays, putDay } from "./service";
import { DateParams, DayBody, DayMark, DayMarkList } from "./model";

export function daysRoutes(deps: RouteDeps) {
  const tags = ["days"];
  return new Elysia({ prefix: "/days" })
    .use(deps.authn)
    .get("/", ({ query, ctx }) => replyWith(deps, listDays({ ctx, input: query })), {
      auth: "read",
      query: t.Object(rangeFields(90)),
      response: {
        200: DayMarkList,
        ...errors(400, 401),
      },
      detail: { tags, summary: "The days marked complete or incomplete over a range (at most 366 days), oldest first" },
    })
    .get("/:date", ({ params, ctx }) => replyWith(deps, getDay({ ctx, date: params.date })), {
      auth: "read",
      params: DateParams,
      response: { 200: DayMark, ...errors(400, 401, 404) },
      detail: { tags, summary: "Whether a date is marked complete; 404 when it is not marked" },
    })
    .put(
      "/:date",
      async ({ params, body, ctx }) => {
        const { day, created } = await deps.commit(() => putDay({ ctx, date: params.date, input: body, alone: true }));
        return reply(deps, day, { status: created ? 201 : 200 });
      },
      {
        auth: "write",
        params: DateParams,
        body: DayBody,
        response: { 200: DayMark, 201: DayMark, ...errors(400, 401, 413, 415) },
        detail: {
          tags,
          summary: "Mark a date's log complete (`Day complete`) or incomplete",
          description:
            "A date from 1970 to tomorrow. 201 when the date was not marked, 200 when it replaced its mark. The expenditure estimate (GET /stats/expenditure) uses the days marked complete where there are any in its window, and never a day marked incomplete.",
        },
      },
    )
    .delete(
      "/:date",
      async ({ params, ctx }) => {
        await deps.commit(() => deleteDay({ ctx, date: params.date, alone: true }));
        return noContent();
      },
      {
        auth: "write",
        params: DateParams,
        response: { 204: t.Void(), ...errors(400, 401, 404) },
        detail: { tags, summary: "Unmark a date (neither complete nor incomplete)" },
      },
    );
}
