/**
 * Reads an upload in a worker thread of its own (read-worker.ts), so that neither unzipping nor CSV
 * parsing ever holds the thread that answers requests (a 1 MiB CSV parsed there held /healthz for
 * up to 2 s), and so that the worker's memory is all given back when it ends. A client that hangs up
 * (`signal`) stops the worker at once.
 */
import { COMPILED } from "../../../assets";
import { AppError, type ErrorCode } from "../../../lib/errors";
import { cancelled } from "../../../lib/pace";
import { emptyRead, type SourceFile, type TrackerRead } from "./entries";
import type { TrackerFormat } from "./formats";
import type { FromReader, ToReader } from "./read-worker";

/** In the executable the worker is an entrypoint of `bun run build`, spelled from src/. */
const WORKER_URL = COMPILED
  ? "./features/portability/trackers/read-worker.ts"
  : new URL("./read-worker.ts", import.meta.url).href;

export function readInWorker(
  input: { files: SourceFile[]; format: TrackerFormat; weightUnit: "kg" | "lb" },
  signal?: AbortSignal,
): Promise<TrackerRead> {
  if (signal?.aborted) return Promise.reject(cancelled());
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL);
    const out = emptyRead();
    let settled = false;
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      worker.terminate();
      if (error) reject(error);
      else resolve(out);
    };
    const onAbort = () => settle(cancelled());
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.onmessage = (e: MessageEvent<FromReader>) => {
      const m = e.data;
      if ("foods" in m) for (const f of m.foods) out.foods.push(f);
      else if ("weights" in m) for (const w of m.weights) out.weights.push(w);
      else if ("done" in m) {
        Object.assign(out, m.done);
        settle(null);
      } else if (m.error.code === "internal_error") settle(new Error(`reading the upload failed: ${m.error.message}`));
      else settle(new AppError(m.error.code as ErrorCode, m.error.message, m.error.details));
    };
    worker.onerror = (e) => settle(new Error(`the upload reader stopped: ${e.message}`));
    worker.addEventListener("close", () => settle(new Error("the upload reader stopped")));
    // each file's bytes move to the worker without a copy where they own their buffer
    const seen = new Set<ArrayBufferLike>();
    const files = input.files.map((f) => {
      const whole = f.bytes.byteOffset === 0 && f.bytes.byteLength === f.bytes.buffer.byteLength;
      const bytes = whole && !seen.has(f.bytes.buffer) ? f.bytes : f.bytes.slice();
      seen.add(bytes.buffer);
      return { name: f.name, bytes };
    });
    worker.postMessage({ files, format: input.format, weightUnit: input.weightUnit } satisfies ToReader, [
      ...seen,
    ] as ArrayBuffer[]);
  });
}
