/**
 * Reads a health export (Apple Health's, Google Fit's) in a worker thread of its own (read-worker.ts): inflating and
 * scanning a 4 GB export.xml never holds the thread that answers requests. What it read arrives in
 * parts, each its own message (read-worker.ts). A client that hangs up (`signal`) stops the worker,
 * and the promise settles only once the thread has ended (its "close"), so the caller's import slot is
 * released when the reading has really stopped, never while a thread still runs.
 */
import { COMPILED } from "../../assets";
import { AppError, type ErrorCode } from "../../lib/errors";
import { cancelled } from "../../lib/pace";
import type { FromHealthReader, ToHealthReader } from "./read-worker";
import { emptyHealthRead, type HealthRead } from "./records";

/** In the executable the worker is an entrypoint of `bun run build`, spelled from src/. */
const WORKER_URL = COMPILED ? "./features/bridges/read-worker.ts" : new URL("./read-worker.ts", import.meta.url).href;

export function readHealthInWorker(input: ToHealthReader, signal?: AbortSignal): Promise<HealthRead> {
  if (signal?.aborted) return Promise.reject(cancelled());
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL);
    const read = emptyHealthRead();
    let outcome: { error: Error } | { read: HealthRead } | null = null;
    let closed = false;
    // the first outcome wins; the promise settles with it once the thread has ended
    const end = (o: { error: Error } | { read: HealthRead }) => {
      if (outcome) return;
      outcome = o;
      signal?.removeEventListener("abort", onAbort);
      worker.terminate();
      if (closed) settle();
    };
    const settle = () => {
      if (!outcome) outcome = { error: new Error("the export reader stopped") };
      if ("error" in outcome) reject(outcome.error);
      else resolve(outcome.read);
    };
    const onAbort = () => end({ error: cancelled() });
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.onmessage = (e: MessageEvent<FromHealthReader>) => {
      const m = e.data;
      if ("part" in m) {
        if (m.part.workouts) for (const w of m.part.workouts) read.workouts.push(w);
        if (m.part.body) for (const b of m.part.body) read.body.push(b);
        if (m.part.days) for (const [date, v] of m.part.days) read.days[date] = v;
      } else if ("done" in m) end({ read: { ...read, counts: m.done.counts, skipped: m.done.skipped } });
      else if (m.error.code === "internal_error")
        end({ error: new Error(`reading the export failed: ${m.error.message}`) });
      else end({ error: new AppError(m.error.code as ErrorCode, m.error.message, m.error.details) });
    };
    worker.onerror = (e) => end({ error: new Error(`the export reader stopped: ${e.message}`) });
    worker.addEventListener("close", () => {
      closed = true;
      if (outcome) settle();
      else end({ error: new Error("the export reader stopped") });
    });
    worker.postMessage(input satisfies ToHealthReader);
  });
}
