/**
 * The health import's reader thread (read.ts starts one per import): streams the file at `path`
 * through apple-file.ts (Apple Health) or google-fit.ts away from the thread that answers requests, and
 * sends back what it read, bounded by the caps (limits.ts): days from 1970 to tomorrow only (others
 * left out and listed here), workouts and source-days capped. It is sent in parts of at most
 * PART items, each a message of its own, so the thread that answers requests never decodes one large
 * message (300,000 days in one message held it for seconds). Its memory is all given back when it
 * ends. In: `{ format, path, timezone, dietaryEnergy, now }`. Out: `{ part }`s, then `{ done }` or `{ error }`.
 *
 * A Health Auto Export push (format "health_auto_export") is JSON of up to 32 MiB: decoding, parsing and checking it
 * against HaePayload held the request thread for over half a second, so it is done here too, with the checks a
 * JSON route's body gets (parseJson, then checkSchema: the same 400s with the same field paths).
 */
import { AppError } from "../../lib/errors";
import { readHaeBytes } from "./hae-stream";
import { fileChunks, readAppleExport } from "./apple-file";
import { readGoogleFit } from "./google-fit";
import { DayRange, keepDays, type HealthRead } from "./records";
import type { HealthFormat } from "./records";

declare const self: Worker;

export type ToHealthReader = {
  format: HealthFormat | "health_auto_export";
  path: string;
  timezone: string;
  dietaryEnergy: boolean;
  /** The request's instant (ms): days after tomorrow are left out. */
  now: number;
};
/** A part of a HealthRead: some of its workouts, days or body readings. */
export type HealthReadPart = Partial<Pick<HealthRead, "workouts" | "body">> & {
  days?: [string, HealthRead["days"][string]][];
};
export type FromHealthReader =
  | { part: HealthReadPart }
  | { done: Pick<HealthRead, "counts" | "skipped"> }
  | { error: { code: string; message: string; details?: AppError["details"] } };

/** Items a part carries: a few hundred KB, decoded in a millisecond or two. */
export const PART = 2_000;

/**
 * The push at `path`, checked as a JSON route's body would be and read from its bytes (hae-stream.ts: the
 * document is never built, so the thread's memory follows the push's size and figures, not its sample count).
 * Its pause gives this thread's event loop a turn while the workouts are read.
 */
async function readHaeFile(path: string, opts: { timezone: string; dietaryEnergy: boolean; now: number }) {
  return readHaeBytes(await Bun.file(path).bytes(), {
    ...opts,
    pause: () => new Promise<void>((r) => setImmediate(r)),
  });
}

self.onmessage = async (e: MessageEvent<ToHealthReader>) => {
  try {
    const { format, path, timezone, dietaryEnergy, now } = e.data;
    const read =
      format === "health_auto_export"
        ? await readHaeFile(path, { timezone, dietaryEnergy, now })
        : format === "google_fit"
          ? await readGoogleFit(fileChunks(path))
          : await readAppleExport(path, { timezone, dietaryEnergy, now });
    keepDays(read, new DayRange(now, timezone));
    const days = Object.entries(read.days);
    for (let i = 0; i < read.workouts.length; i += PART)
      self.postMessage({ part: { workouts: read.workouts.slice(i, i + PART) } } satisfies FromHealthReader);
    for (let i = 0; i < days.length; i += PART)
      self.postMessage({ part: { days: days.slice(i, i + PART) } } satisfies FromHealthReader);
    for (let i = 0; i < read.body.length; i += PART)
      self.postMessage({ part: { body: read.body.slice(i, i + PART) } } satisfies FromHealthReader);
    self.postMessage({ done: { counts: read.counts, skipped: read.skipped } } satisfies FromHealthReader);
  } catch (err) {
    const error =
      err instanceof AppError
        ? { code: err.code, message: err.message, details: err.details }
        : { code: "internal_error", message: err instanceof Error ? err.message : String(err) };
    self.postMessage({ error } satisfies FromHealthReader);
  }
};
