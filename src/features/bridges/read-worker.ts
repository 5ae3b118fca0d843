/**
 * The health import's reader thread (read.ts starts one per import): streams the file at `path`
 * through apple-file.ts (Apple Health) or google-fit.ts away from the thread that answers requests, and
 * sends back what it read, which is small (a value a day per metric, the workouts and body readings).
 * Its memory is all given back when it ends. In: `{ format, path, timezone, dietaryEnergy }`. Out:
 * `{ done }` or `{ error }`.
 */
import { AppError } from "../../lib/errors";
import { fileChunks, readAppleExport } from "./apple-file";
import { readGoogleFit } from "./google-fit";
import type { HealthFormat, HealthRead } from "./records";

declare const self: Worker;

export type ToHealthReader = { format: HealthFormat; path: string; timezone: string; dietaryEnergy: boolean };
export type FromHealthReader =
  | { done: HealthRead }
  | { error: { code: string; message: string; details?: AppError["details"] } };

self.onmessage = async (e: MessageEvent<ToHealthReader>) => {
  try {
    const { format, path, timezone, dietaryEnergy } = e.data;
    const done =
      format === "google_fit"
        ? await readGoogleFit(fileChunks(path))
        : await readAppleExport(path, { timezone, dietaryEnergy });
    self.postMessage({ done } satisfies FromHealthReader);
  } catch (err) {
    const error =
      err instanceof AppError
        ? { code: err.code, message: err.message, details: err.details }
        : { code: "internal_error", message: err instanceof Error ? err.message : String(err) };
    self.postMessage({ error } satisfies FromHealthReader);
  }
};
