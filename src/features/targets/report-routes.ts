/** GET /report and GET /report/csv */
import type { RouteDeps } from "../../http/auth";
import { Elysia, t } from "elysia";
import { errors } from "../../schema/schemas";
import { replyWith } from "../../http/reply";
import { buildDay, buildReport, reportCsv } from "./lazy";
import { DayReport, Report, ReportQuery } from "./report-model";

export function reportRoutes(deps: RouteDeps) {
  const tags = ["targets"];
  const description =
    "The average per day of each nutrient with a target, over the days that count: days with meals up to today, never one marked incomplete, today only once marked complete, and only the days marked complete where the range has any. `from`..`to` is at most 93 days (default: the week, or with period=month the 30 days, ending today).";
  return new Elysia({ prefix: "/report" })
    .use(deps.authn)
    .get("/", ({ ctx, query }) => replyWith(deps, buildReport({ ctx, input: query })), {
      auth: "read",
      query: ReportQuery,
      response: { 200: Report, ...errors(400, 401) },
      detail: {
        tags,
        summary: "A week or month report: the average per day against each target and goal, and what is lowest",
        description,
      },
    })
    .get("/day", ({ ctx, query }) => replyWith(deps, buildDay({ ctx, input: query })), {
      auth: "read",
      query: t.Object({
        date: t.Optional(t.String({ format: "date", description: "YYYY-MM-DD in your time zone; default today" })),
      }),
      response: { 200: DayReport, ...errors(400, 401) },
      detail: {
        tags,
        summary: "One day's total of every nutrient, how many entries carry it, and each against its target",
        description:
          "The day view's bars: `total` ÷ `minimum` is `percent_of_minimum`. The eight meal nutrients are the meals' own (as GET /meals/daily); the others come from each food's per-100 g values. Today is included.",
      },
    })
    .get(
      "/csv",
      async ({ ctx, query }) => {
        const r = await deps.store.run(buildReport({ ctx, input: query }));
        return new Response(reportCsv(r), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="morsel-report-${r.from}-${r.to}.csv"`,
          },
        });
      },
      {
        auth: "read",
        query: ReportQuery,
        response: {
          200: t.String({ description: "text/csv; one header row, then a row per goal and nutrient" }),
          ...errors(400, 401),
        },
        detail: {
          tags,
          summary: "The report as CSV: one row per goal (energy, macros) and per nutrient with a target",
          description,
        },
      },
    );
}
