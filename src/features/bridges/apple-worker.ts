/**
 * The Apple Health reader's thread (read.ts starts one per import): streams the file at `path`
 * through apple-file.ts away from the thread that answers requests, and sends back what it read,
 * which is small (a value a day per metric, the workouts and body readings). Its memory is all given
 * back when it ends. In: `{ path, timezone, dietaryEnergy }`. Out: `{ done }` or `{ error }`.
 */
import { AppError } from "../../lib/errors";
import { fileChunks, readAppleExport } from "./apple-file";
import type { HealthRead } from "./records";

declare const self: Worker;

export type ToAppleReader = { path: string; timezone: string; dietaryEnergy: boolean };
export type FromAppleReader =
  | { done: HealthRead }
  | { error: { code: string; message: string; details?: AppError["details"] } };

self.onmessage = async (e: MessageEvent<ToAppleReader>) => {
  try {
    const { path, timezone, dietaryEnergy } = e.data;
    const done = await readAppleExport(fileChunks(path), { timezone, dietaryEnergy });
    self.postMessage({ done } satisfies FromAppleReader);
  } catch (err) {
    const error =
      err instanceof AppError
        ? { code: err.code, message: err.message, details: err.details }
        : { code: "internal_error", message: err instanceof Error ? err.message : String(err) };
    self.postMessage({ error } satisfies FromAppleReader);
  }
};
