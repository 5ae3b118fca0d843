/** GET /export and POST /import (API.md §Data portability). */
import { apiUnit } from "../weights/trend";
import { Elysia, t } from "elysia";
import { errors, Enum } from "../../schema/schemas";
import { reply } from "../../http/reply";
import { anonymous } from "../../context";
import type { RouteDeps } from "../../http/auth";
import { IMPORT_BODY_DEADLINE, IMPORT_BODY_LIMIT } from "./limits";
import {
  exportCsvText,
  exportDailyValuesCsv,
  exportExercisesCsv,
  exportJsonText,
  exportWeightsCsv,
  importJson,
} from "./lazy";
import { textStream } from "../../lib/stream";
import { ExportDocument, ImportQuery, ImportSummary } from "./model";
import { AppError, invalid } from "../../lib/errors";
import { UploadedFiles } from "../../http/body-spec";
import { TRACKER_NAMES } from "./trackers/formats";

export function portabilityRoutes(deps: RouteDeps) {
  const detail = { tags: ["portability"] };
  return new Elysia()
    .use(deps.authn)
    .get(
      "/export",
      async ({ ctx: c, query }) => {
        const day = c.now.toISOString().slice(0, 10);
        if (query.format === "csv") {
          const table = query.table ?? "meals";
          const body =
            table === "weights"
              ? await exportWeightsCsv(c)
              : table === "exercises"
                ? await exportExercisesCsv(c)
                : table === "daily_values"
                  ? await exportDailyValuesCsv(c)
                  : textStream(exportCsvText(c));
          return new Response(body, {
            headers: {
              "content-type": "text/csv; charset=utf-8",
              "content-disposition": `attachment; filename="morsel-${table}-${day}.csv"`,
            },
          });
        }
        return new Response(textStream(exportJsonText(c)), {
          headers: {
            "content-type": "application/json; charset=utf-8",
            "content-disposition": `attachment; filename="morsel-export-${day}.json"`,
          },
        });
      },
      {
        auth: "read",
        query: t.Object({
          format: t.Optional(Enum(["json", "csv"], { default: "json" })),
          table: t.Optional(
            Enum(["meals", "weights", "exercises", "daily_values"], {
              default: "meals",
              description: "with format=csv: one row per meal, per weigh-in, per exercise, or per date and metric",
            }),
          ),
        }),
        response: { 200: ExportDocument, ...errors(400, 401) },
        detail: {
          ...detail,
          summary: "Everything you own (json) or your meals as a spreadsheet (csv)",
          description:
            "JSON, version 1: profile, goals, custom_foods (id, name, brand, barcode, nutrients per 100 g, portions), meals (as GET /meals/:id plus food_id (null for a quick add), food_name and per_100g), and checksum = sha256 of the rest. CSV columns: date, time (local), meal_type, food, food_id, quantity, portion, grams, the eight nutrients, note.",
        },
      },
    )
    .post(
      "/import",
      async ({ ctx, body, query, request }) => {
        const format = query.format ?? "morsel";
        if (format === "morsel") {
          if (body instanceof UploadedFiles)
            throw new AppError(
              "unsupported_media_type",
              "send a Morsel export as application/json (or give format= for another tracker's file)",
            );
          if (query.preview) throw invalid("preview", "is for other trackers' exports (format other than morsel)");
          return reply(deps, await importJson({ ctx, input: body, signal: request.signal }));
        }
        if (!(body instanceof UploadedFiles))
          throw new AppError(
            "unsupported_media_type",
            `send the ${TRACKER_NAMES[format]} export as the body (text/csv or application/zip) or as multipart/form-data parts named file`,
          );
        const input = {
          format,
          files: body.files,
          preview: query.preview ?? false,
          weightUnit: query.weight_unit ?? apiUnit(ctx.user.weightUnit),
          idKey: deps.importIdKey,
          skipInvalid: query.skip_invalid ?? false,
          signal: request.signal,
        } as const;
        // the CSV and ZIP readers load on the first such import, not at start-up
        const { importTracker } = await import("./trackers/import");
        return reply(deps, await importTracker({ ctx, foods: anonymous(ctx), input }));
      },
      {
        auth: "write",
        // Checked whole by import.ts (not by Elysia, which would strip fields and break the checksum);
        // the document shows the Export schema.
        body: t.Unknown({
          description: "a JSON export (GET /export?format=json), or another tracker's files; at most 64 MB",
        }),
        query: ImportQuery,
        response: { 200: ImportSummary, ...errors(400, 401, 408, 409, 413, 415, 429) },
        bodySpec: {
          kind: "json-or-files",
          limit: IMPORT_BODY_LIMIT,
          gate: "imports",
          file: "file",
          deadline: IMPORT_BODY_DEADLINE,
        },
        detail: {
          ...detail,
          body: ExportDocument,
          summary: "Import a JSON export, or another tracker's export, into this account",
          description:
            "format=morsel (default): a JSON export, as application/json. Idempotent: importing the same file again adds nothing. Validated in full first: a tampered (checksum), truncated or invalid file is a 400 and changes nothing. Then written in short transactions while the server keeps answering others. One import runs at a time per account, and three per server: another one meanwhile is 429 rate_limited with Retry-After, refused before its body is read. The body must keep coming (a byte at least every 15 s) and be whole within 120 s, else 408 request_timeout; a client that hangs up stops its import. If the server stops half-way, importing the same file again completes it. Meals keep their ids and stored nutrients, so statistics come out the same on another server. " +
            "format=myfitnesspal|cronometer|loseit|wger: the tracker's export as the body (CSV or ZIP) or as multipart parts named file. Each entry becomes a meal: a catalogue food with the exported amount where name, amount and energy agree (keeping the file's energy and macros), else a quick add with the exported energy and macros; weigh-ins become weights (a day that has one keeps it). preview=true writes nothing and answers what would be imported. A file with lines that cannot be read is refused whole, each named in details as file:line[:column] (the header is line 1); with skip_invalid=true the rest imports and those lines are listed in skipped. Exercise rows become exercises with the file's kcal (counted in exercises, a preview as the import would); not_imported lists the rows Morsel has nowhere to put (body fat, notes of a day without meals, strength rows without minutes: never a bad line). MyFitnessPal's calorie-adjustment rows give the day's steps (counted in daily_values), never an exercise. Limits: 64 MiB of CSV unpacked (counted as inflated, over all files), 1,000 ZIP entries and 100,000 CSV rows (413 payload_too_large); 300 columns and 64 KiB a record (the file is skipped, named with its line); 1,000 distinct food names searched (the rest are quick adds, counted in names_not_searched). A ZIP whose directory does not match its entries (entries that overlap) is 400. Importing the same file again changes nothing.",
        },
      },
    );
}
