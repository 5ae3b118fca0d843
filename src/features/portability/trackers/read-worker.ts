/**
 * The tracker-export reader's thread (read.ts starts one per import): unzips and parses the upload
 * (files.ts) away from the thread that answers requests, then sends what it read back in batches
 * small enough to take in without a long pause there. In: `{ files, format, weightUnit }` (the files'
 * buffers transferred). Out: `{ foods }` and `{ weights }` batches, then `{ done }` or `{ error }`.
 */
import { AppError } from "../../../lib/errors";
import type { SourceFile, TrackerFood, TrackerRead, TrackerWeight } from "./entries";
import { readUpload } from "./files";
import type { TrackerFormat } from "./formats";

declare const self: Worker;

export type ToReader = { files: SourceFile[]; format: TrackerFormat; weightUnit: "kg" | "lb" };
export type FromReader =
  | { foods: TrackerFood[] }
  | { weights: TrackerWeight[] }
  | { done: Omit<TrackerRead, "foods" | "weights"> }
  | { error: { code: string; message: string; details?: AppError["details"] } };

/** Entries a message: about 2 ms to clone in on the request thread. */
const BATCH = 2000;

self.onmessage = (e: MessageEvent<ToReader>) => {
  try {
    const read = readUpload(e.data.files, e.data.format, e.data.weightUnit);
    for (let i = 0; i < read.foods.length; i += BATCH)
      self.postMessage({ foods: read.foods.slice(i, i + BATCH) } satisfies FromReader);
    for (let i = 0; i < read.weights.length; i += BATCH)
      self.postMessage({ weights: read.weights.slice(i, i + BATCH) } satisfies FromReader);
    const { foods: _, weights: __, ...rest } = read;
    self.postMessage({ done: rest } satisfies FromReader);
  } catch (err) {
    const error =
      err instanceof AppError
        ? { code: err.code, message: err.message, details: err.details }
        : { code: "internal_error", message: err instanceof Error ? err.message : String(err) };
    self.postMessage({ error } satisfies FromReader);
  }
};
