/**
 * The health bridges' two ways in: a file (Apple Health's export, Google Fit's Takeout), read in a
 * worker and written paced; and Health Auto Export's pushes. Both end in writeHealth (write.ts).
 */
import { cancellablePacer } from "../../lib/pace";
import type { HealthImportSummaryT } from "./model";
import { readHealthInWorker } from "./read";
import type { HealthFormat, HealthRead } from "./records";
import { writeHealth, type HealthCtx, type HealthWritten } from "./write";

function summaryOf(
  format: HealthImportSummaryT["format"],
  read: HealthRead,
  written: HealthWritten,
): HealthImportSummaryT {
  // the first and last date in one pass (sorting 20,000 dates held the thread for tens of ms)
  let first: string | null = null;
  let last: string | null = null;
  const see = (d: string) => {
    if (first === null || d < first) first = d;
    if (last === null || d > last) last = d;
  };
  for (const d in read.days) see(d);
  for (const b of read.body) see(b.date);
  for (const w of read.workouts) see(w.date);
  return {
    format,
    first_date: first,
    last_date: last,
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
    {
      format: input.format,
      path: input.path,
      timezone: ctx.user.timezone,
      dietaryEnergy: input.dietaryEnergy,
      now: ctx.now.getTime(),
    },
    input.signal,
  );
  const pause = cancellablePacer(input.signal);
  const source = input.format === "google_fit" ? "google_fit" : "apple_health";
  return summaryOf(input.format, read, await writeHealth({ ctx, read, source, idKey: input.idKey, pause }));
}

/**
 * One Health Auto Export push, the JSON at `path` (the caller deletes it): parsed, checked against HaePayload
 * (400 validation_failed naming the field) and read in the reader thread, never on the one that answers
 * requests. Each day it carries replaces that day's values, so the same days pushed again, overlapping or
 * not, leave one value per day and metric. Its workouts are the Apple Health export's (same source and id),
 * so a workout both brought is one exercise. Stops when `signal` aborts (the client hung up).
 */
export async function receiveAutoExport({
  ctx,
  input,
}: {
  ctx: HealthCtx;
  input: { path: string; dietaryEnergy: boolean; idKey: string; signal?: AbortSignal };
}): Promise<HealthImportSummaryT> {
  const read = await readHealthInWorker(
    {
      format: "health_auto_export",
      path: input.path,
      timezone: ctx.user.timezone,
      dietaryEnergy: input.dietaryEnergy,
      now: ctx.now.getTime(),
    },
    input.signal,
  );
  const pause = cancellablePacer(input.signal);
  const written = await writeHealth({ ctx, read, source: "apple_health", idKey: input.idKey, pause });
  return summaryOf("health_auto_export", read, written);
}
