/** POST /import/health and POST /health/auto-export (API.md §Health bridges). */
import { Elysia } from "elysia";
import { SpooledFile } from "../../http/body-spec";
import { AppError } from "../../lib/errors";
import { reply } from "../../http/reply";
import { errors } from "../../schema/schemas";
import type { RouteDeps } from "../../http/auth";
import { formatBytes } from "../../http/read-body";
import {
  AUTO_EXPORT_DEADLINE,
  AUTO_EXPORT_LIMIT,
  HEALTH_UPLOAD_DEADLINE,
  HEALTH_UPLOAD_LIMIT,
  MAX_HEALTH_SOURCE_DAYS,
  MAX_HEALTH_SOURCES,
  MAX_HEALTH_WORKOUTS,
} from "./limits";
import { HaePayload } from "./hae";
import { AutoExportQuery, HealthImportQuery, HealthImportSummary } from "./model";
import { importHealthFile, receiveAutoExport } from "./lazy";
import { t } from "elysia";
import { checkSchema } from "../../schema/validation";

export function bridgesRoutes(deps: RouteDeps) {
  const detail = { tags: ["health bridges"] };
  return new Elysia()
    .use(deps.authn)
    .post(
      "/import/health",
      // the import slot and the temporary file go when the handler has answered or failed (http/body.ts)
      async ({ ctx, body, query, request }) => {
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
        return reply(deps, await importHealthFile({ ctx, input }));
      },
      {
        auth: "write",
        body: t.Unknown({ description: "the export file itself (application/zip), not multipart" }),
        query: HealthImportQuery,
        response: { 200: HealthImportSummary, ...errors(400, 401, 403, 408, 413, 429) },
        bodySpec: { kind: "file", limit: HEALTH_UPLOAD_LIMIT, gate: "imports", deadline: HEALTH_UPLOAD_DEADLINE },
        detail: {
          ...detail,
          summary: "Import an Apple Health export or a Google Fit Takeout",
          description: `The file as the body (any content type; not multipart), at most ${formatBytes(HEALTH_UPLOAD_LIMIT)} (a body over it is 413 payload_too_large naming the limit), written to a temporary file as it arrives and read as a stream in a worker (export.xml may inflate to 8 GiB; at most ${MAX_HEALTH_WORKOUTS} workouts, ${MAX_HEALTH_SOURCES} sources of steps or energy and ${MAX_HEALTH_SOURCE_DAYS} source-days, else 413 naming the cap; days outside 1970-01-01 to tomorrow are left out and listed in skipped). Workouts become exercises, steps, active energy and water daily values, body fat the daily value body_fat_pct, body mass weigh-ins on days without one. Dates land on the account's time zone's days. Importing the same file again changes nothing. One import per account at a time (shared with POST /import), else 429.`,
        },
      },
    )
    .post(
      "/health/auto-export",
      // the body is spooled to a file and parsed in the reader thread (body kind "json-file"): a 32 MiB JSON
      // parsed and checked here held every other request for over half a second
      async ({ ctx, body, query, request }) => {
        if (!(body instanceof SpooledFile)) {
          // no body at all: the 400 the schema gives (checkSchema throws for anything not an object)
          checkSchema(HaePayload, body);
          throw new AppError("validation_failed", "send Health Auto Export's JSON as the body");
        }
        const input = {
          path: body.path,
          dietaryEnergy: query.dietary_energy ?? false,
          idKey: deps.importIdKey,
          signal: request.signal,
        };
        return reply(deps, await receiveAutoExport({ ctx, input }));
      },
      {
        auth: "write",
        body: t.Unknown({ description: "Health Auto Export's JSON (detail.body has its schema)" }),
        query: AutoExportQuery,
        response: { 200: HealthImportSummary, ...errors(400, 401, 403, 408, 413) },
        bodySpec: { kind: "json-file", limit: AUTO_EXPORT_LIMIT, deadline: AUTO_EXPORT_DEADLINE },
        detail: {
          ...detail,
          body: HaePayload,
          summary: "Receive a Health Auto Export push (its REST API automation, JSON)",
          description: `Authenticate with a personal access token with the write scope (Authorization: Bearer morsel_pat_…). Metrics active_energy, step_count, dietary_water (summed per local day; each day in the push replaces that day's value, so overlapping pushes never double), weight_body_mass, body_fat_percentage, and workouts (as exercises, the same ones an Apple Health export gives). Other metrics are ignored; a metric whose data is null is left out and listed in skipped. At most ${formatBytes(AUTO_EXPORT_LIMIT)} (else 413 payload_too_large naming the limit).`,
        },
      },
    );
}
