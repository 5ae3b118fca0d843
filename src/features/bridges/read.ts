/**
 * Reads a health export (Apple Health's, Google Fit's) in a worker thread of its own (read-worker.ts): inflating and
 * scanning a 4 GB export.xml never holds the thread that answers requests. A client that hangs up
 * (`signal`) stops the worker at once.
 */
import { COMPILED } from "../../assets";
import { AppError, type ErrorCode } from "../../lib/errors";
import { cancelled } from "../../lib/pace";
import type { FromHealthReader, ToHealthReader } from "./read-worker";
import type { HealthRead } from "./records";

/** In the executable the worker is an entrypoint of `bun run build`, spelled from src/. */
const WORKER_URL = COMPILED ? "./features/bridges/read-worker.ts" : new URL("./read-worker.ts", import.meta.url).href;

export function readHealthInWorker(input: ToHealthReader, signal?: AbortSignal): Promise<HealthRead> {
  if (signal?.aborted) return Promise.reject(cancelled());
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL);
    let settled = false;
    const settle = (error: Error | null, read?: HealthRead) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      worker.terminate();
      if (error) reject(error);
      else resolve(read!);
    };
    const onAbort = () => settle(cancelled());
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.onmessage = (e: MessageEvent<FromHealthReader>) => {
      const m = e.data;
      if ("done" in m) settle(null, m.done);
      else if (m.error.code === "internal_error") settle(new Error(`reading the export failed: ${m.error.message}`));
      else settle(new AppError(m.error.code as ErrorCode, m.error.message, m.error.details));
    };
    worker.onerror = (e) => settle(new Error(`the export reader stopped: ${e.message}`));
    worker.addEventListener("close", () => settle(new Error("the export reader stopped")));
    worker.postMessage(input satisfies ToHealthReader);
  });
}
