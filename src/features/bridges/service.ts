/**
 * The health bridges' two ways in: a file (Apple Health's export, Google Fit's Takeout), read in a
 * worker and written paced; and Health Auto Export's pushes. Both end in writeHealth (write.ts).
 */
import { cancellablePacer } from "../../lib/pace";
import { readHae, type HaePayloadT } from "./hae";
import type { HealthImportSummaryT } from "./model";
import { readHealthInWorker } from "./read";
import type { HealthFormat, HealthRead } from "./records";
import { writeHealth, type HealthCtx } from "./write";

function summaryOf(
  format: HealthImportSummaryT["format"],
  read: HealthRead,
  written: Awaited<ReturnType<typeof writeHealth>>,
): HealthImportSummaryT {
  const dates = [
    ...Object.keys(read.days),
    ...read.body.map((b) => b.date),
    ...read.workouts.map((w) => w.date),
  ].sort();
  return {
    format,
    first_date: dates[0] ?? null,
    last_date: dates.at(-1) ?? null,
    ...written,
    read: read.counts,
    skipped: read.skipped,
    skipped_count: read.counts.skipped ?? 0,
  };
}

/**
 * Imports the file at `path` (the caller deletes it). Idempotent: importing the same file again
 * changes nothing. Stops when `signal` aborts (the client hung up).
 */
export async function importHealthFile({
  ctx,
  input,
}: {
  ctx: HealthCtx;
  input: { format: HealthFormat; path: string; dietaryEnergy: boolean; idKey: string; signal?: AbortSignal };
}): Promise<HealthImportSummaryT> {
  const read = await readHealthInWorker(
    { format: input.format, path: input.path, timezone: ctx.user.timezone, dietaryEnergy: input.dietaryEnergy },
    input.signal,
  );
  const pause = cancellablePacer(input.signal);
  const source = input.format === "google_fit" ? "google_fit" : "apple_health";
  return summaryOf(input.format, read, await writeHealth({ ctx, read, source, idKey: input.idKey, pause }));
}

/**
 * One Health Auto Export push: each day it carries replaces that day's values, so the same days
 * pushed again, overlapping or not, leave one value per day and metric. Its workouts are the Apple
 * Health export's (same source and id), so a workout both brought is one exercise.
 */
export async function receiveAutoExport({
  ctx,
  input,
}: {
  ctx: HealthCtx;
  input: { payload: HaePayloadT; dietaryEnergy: boolean; idKey: string; signal?: AbortSignal };
}): Promise<HealthImportSummaryT> {
  const read = readHae(input.payload, { timezone: ctx.user.timezone, dietaryEnergy: input.dietaryEnergy });
  const pause = cancellablePacer(input.signal);
  const written = await writeHealth({ ctx, read, source: "apple_health", idKey: input.idKey, pause });
  return summaryOf("health_auto_export", read, written);
}
