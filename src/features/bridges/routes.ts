/** POST /import/health and POST /health/auto-export (API.md §Health bridges). */
import { rmSync } from "node:fs";
import { Elysia } from "elysia";
import { bodyOf, SpooledFile } from "../../http/body-spec";
import { AppError } from "../../lib/errors";
import { reply } from "../../lib/reply";
import { errors } from "../../lib/schemas";
import {
  AUTO_EXPORT_DEADLINE,
  AUTO_EXPORT_LIMIT,
  HEALTH_UPLOAD_DEADLINE,
  HEALTH_UPLOAD_LIMIT,
  healthCtx,
  type BridgesDeps,
} from "./context";
import { HaePayload } from "./hae";
import { AutoExportQuery, HealthImportQuery, HealthImportSummary } from "./model";
import { importHealthFile, receiveAutoExport } from "./service";
import { t } from "elysia";

export function bridgesRoutes(deps: BridgesDeps) {
  const detail = { tags: ["health bridges"] };
  return new Elysia()
    .use(deps.authn)
    .post(
      "/import/health",
      async ({ user, body, query, request }) => {
        try {
          if (!(body instanceof SpooledFile) || body.size === 0)
            throw new AppError("validation_failed", "the body is empty: send the export file as the body", [
              { field: "file", message: "send export.zip (or the Takeout ZIP) as the request body" },
            ]);
          const input = {
            format: query.format,
            path: body.path,
            dietaryEnergy: query.dietary_energy ?? false,
            idKey: deps.importIdKey,
            signal: request.signal,
          };
          return reply(deps, await importHealthFile({ ctx: healthCtx(deps, user), input }));
        } finally {
          // the slot and the temporary file go as soon as the work is done, not only when the answer has gone
          deps.imports.leave(request);
          if (body instanceof SpooledFile) rmSync(body.path, { force: true });
        }
      },
      {
        auth: true,
        body: t.Unknown({ description: "the export file itself (application/zip), not multipart" }),
        query: HealthImportQuery,
        response: { 200: HealthImportSummary, ...errors(400, 401, 403, 408, 413, 429) },
        detail: {
          ...detail,
          ...bodyOf({ kind: "file", limit: HEALTH_UPLOAD_LIMIT, gate: "imports", deadline: HEALTH_UPLOAD_DEADLINE }),
          summary: "Import an Apple Health export or a Google Fit Takeout",
          description:
            "The file as the body (any content type; not multipart), at most 2 GiB, written to a temporary file as it arrives and read as a stream in a worker (export.xml may inflate to 8 GiB). Workouts become exercises, steps, active energy and water daily values, body fat the daily value body_fat_pct, body mass weigh-ins on days without one. Dates land on the account's time zone's days. Importing the same file again changes nothing. One import per account at a time (shared with POST /import), else 429.",
        },
      },
    )
    .post(
      "/health/auto-export",
      async ({ user, body, query, request }) =>
        reply(
          deps,
          await receiveAutoExport({
            ctx: healthCtx(deps, user),
            input: {
              payload: body,
              dietaryEnergy: query.dietary_energy ?? false,
              idKey: deps.importIdKey,
              signal: request.signal,
            },
          }),
        ),
      {
        auth: true,
        body: HaePayload,
        query: AutoExportQuery,
        response: { 200: HealthImportSummary, ...errors(400, 401, 403, 408, 413) },
        detail: {
          ...detail,
          ...bodyOf({ kind: "json", limit: AUTO_EXPORT_LIMIT, deadline: AUTO_EXPORT_DEADLINE }),
          summary: "Receive a Health Auto Export push (its REST API automation, JSON)",
          description:
            "Authenticate with a personal access token with the write scope (Authorization: Bearer morsel_pat_…). Metrics active_energy, step_count, dietary_water (summed per local day; each day in the push replaces that day's value, so overlapping pushes never double), weight_body_mass, body_fat_percentage, and workouts (as exercises, the same ones an Apple Health export gives). Other metrics are ignored. At most 32 MiB.",
        },
      },
    );
}
