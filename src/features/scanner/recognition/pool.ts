/**
 * The photo workers: a small pool of child processes (process-worker.ts), each holding one copy of the detector (and,
 * from its first label, the label reader), so a ~100 ms inference or a ~1 s label never blocks
 * the HTTP thread. Jobs wait in one line shared by accounts, served in turns (lib/fair-queue.ts): one
 * account's backlog never keeps another's photo waiting behind all of it. A worker that dies
 * (crash, or stuck past the job timeout and terminated) is replaced, and its job is tried once
 * more on the replacement; only a job that fails twice is rejected. Workers start on the first
 * photo, not at server start, and are unref'ed while idle so they never keep a process alive.
 */
import { availableParallelism } from "node:os";
import { AppError } from "../../../lib/errors";
import { FairQueue } from "../../../lib/fair-queue";
import type { Logger } from "../../../lib/log";
import type { DetImage, OcrOptions, OcrResult, Rgb } from "../label/ocr";
import { ocrFiles, type OcrFiles } from "../label/ocr-files";
import type { DetectorFiles, Inference } from "./detector";
import { ProcessWorker } from "./process-worker";
import type { FromWorker, Task, ToWorker } from "./worker";

export interface PoolOptions {
  size: number;
  files: DetectorFiles;
  /** The label reader's models (asked for when a worker starts), loaded by a worker on its first label. */
  ocr?: () => OcrFiles;
  /** onnxruntime threads per worker for label reading (default: cores / size, at least 1). */
  ocrThreads?: number;
  logger: Logger;
  /** A job running longer than this kills its worker (default 30 s). */
  jobTimeoutMs?: number;
  /** Jobs waiting beyond this are refused with 429 (default 16 per worker). */
  maxQueue?: number;
}

/** Whose job it is (the account, for turns in the line) and a signal that withdraws it while it waits. */
export interface JobOptions {
  account?: number;
  signal?: AbortSignal;
}

interface Job {
  id: number;
  account: number;
  task: Task;
  attempts: number;
  resolve: (r: never) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: ProcessWorker;
  ready: boolean;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | null;
  /** Set when we terminate it ourselves, so its close event is not taken for a crash. */
  retired: boolean;
}

/** Workers that die before ever loading the model, in a row, before recognition is switched off. */
const MAX_FAILED_STARTS = 3;

export class DetectorPool {
  readonly size: number;
  private slots: Slot[] = [];
  private queue = new FairQueue<Job>();
  private nextId = 1;
  private fatal: string | null = null;
  private failedStarts = 0;
  private readonly jobTimeoutMs: number;
  private readonly maxQueue: number;
  /** Counters, read by the benchmarks and tests. */
  readonly stats = {
    started: 0,
    restarts: 0,
    retried: 0,
    completed: 0,
    failed: 0,
    withdrawn: 0,
    loadMs: [] as number[],
  };

  constructor(private readonly opts: PoolOptions) {
    this.size = Math.max(1, Math.floor(opts.size));
    this.jobTimeoutMs = opts.jobTimeoutMs ?? 30_000;
    this.maxQueue = opts.maxQueue ?? 16 * this.size;
  }

  /** Runs one 300×300 RGB image through the detector. */
  run(rgb: Uint8Array, job: JobOptions = {}): Promise<Inference> {
    return this.submit<Inference>({ type: "run", rgb }, job);
  }

  /** Reads the text of a label: `det` for text detection, `source` (larger) for recognition. */
  readText(det: DetImage, source: Rgb, opts: OcrOptions = {}, job: JobOptions = {}): Promise<OcrResult> {
    return this.submit<OcrResult>({ type: "ocr", det, source, opts }, job);
  }

  private submit<R>(task: Task, { account = 0, signal }: JobOptions): Promise<R> {
    if (this.fatal) return Promise.reject(new Error(`the food model is unavailable: ${this.fatal}`));
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(
        new AppError(
          "rate_limited",
          "too many photos are waiting to be recognised; try again in a few seconds",
          undefined,
          { "retry-after": "2" },
        ),
      );
    }
    this.start();
    return new Promise<R>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        account,
        task,
        attempts: 0,
        resolve: resolve as (r: never) => void,
        reject,
      };
      signal?.addEventListener("abort", () => {
        if (!this.queue.remove(job)) return; // already in a worker: let it finish, nobody reads the answer
        this.stats.withdrawn++;
        reject(new Error("withdrawn: the answer is no longer needed"));
      });
      this.queue.push(account, job);
      this.dispatch();
    });
  }

  /** Photos waiting for a worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** Photos being classified right now. */
  get busy(): number {
    return this.slots.filter((s) => s.job).length;
  }

  /** Starts the workers now rather than on the first photo (bench, warm start). */
  async warm(): Promise<void> {
    this.start();
    while (!this.fatal && this.slots.some((s) => !s.ready)) await Bun.sleep(10);
    if (this.fatal) throw new Error(this.fatal);
  }

  /**
   * Terminates the worker running a job (or the first worker) as if it had crashed: used by the
   * fault-injection test to show that the job is retried and the worker replaced.
   */
  killOne(): void {
    const slot = this.slots.find((s) => s.job) ?? this.slots[0];
    if (slot) slot.worker.terminate(); // no retired flag: the close handler treats it as a crash
  }

  /** The workers' process ids: the fairness tests stop them (SIGSTOP) to hold photos in the line. */
  get pids(): number[] {
    return this.slots.map((s) => s.worker.pid);
  }

  async close(): Promise<void> {
    for (const s of this.slots) {
      s.retired = true;
      if (s.timer) clearTimeout(s.timer);
      s.worker.terminate();
      s.job?.reject(new Error("the photo workers were shut down"));
    }
    for (const j of this.queue.drain()) j.reject(new Error("the photo workers were shut down"));
    this.slots = [];
  }

  private start(): void {
    while (this.slots.length < this.size) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new ProcessWorker();
    const slot: Slot = { worker, ready: false, job: null, timer: null, retired: false };
    this.stats.started++;
    worker.unref();
    worker.onmessage = (e: MessageEvent<FromWorker>) => this.onMessage(slot, e.data);
    worker.addEventListener("close", () => this.onDeath(slot, "exited"));
    const ocrThreads = this.opts.ocrThreads ?? Math.max(1, Math.floor(availableParallelism() / this.size));
    worker.postMessage({
      type: "init",
      files: this.opts.files,
      ocr: (this.opts.ocr ?? ocrFiles)(),
      ocrThreads,
    } satisfies ToWorker);
    return slot;
  }

  private onMessage(slot: Slot, m: FromWorker): void {
    if (m.type === "ready") {
      slot.ready = true;
      this.failedStarts = 0;
      this.stats.loadMs.push(m.loadMs);
      this.dispatch();
      return;
    }
    if (m.type === "fatal") {
      // The model itself cannot load (missing or corrupt files): restarting would loop forever.
      this.fatal = m.message;
      this.opts.logger.error("the food model cannot load; photo recognition is off", { error: m.message });
      void this.close();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    this.finish(slot);
    if (m.type === "result") {
      this.stats.completed++;
      job.resolve({ scores: m.scores, embedding: m.embedding, ms: m.ms } satisfies Inference as never);
    } else if (m.type === "text") {
      this.stats.completed++;
      job.resolve(m.result as never);
    } else {
      this.stats.failed++;
      job.reject(new Error(`recognition failed: ${m.message}`));
    }
    this.dispatch();
  }

  private onDeath(slot: Slot, why: string): void {
    if (slot.retired) return;
    slot.retired = true;
    if (slot.timer) clearTimeout(slot.timer);
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.stats.restarts++;
    const job = slot.job;
    if (!slot.ready && ++this.failedStarts >= MAX_FAILED_STARTS) {
      // It dies before loading anything (its code cannot even start): restarting would loop.
      this.slots.splice(i, 1);
      this.fatal = `${MAX_FAILED_STARTS} photo workers in a row died while starting`;
      this.opts.logger.error("photo workers cannot start; photo recognition is off", { why });
      job?.reject(new Error(this.fatal));
      void this.close();
      return;
    }
    this.opts.logger.error("photo worker died; starting a new one", { why, job: job?.id ?? null });
    this.slots[i] = this.spawn();
    if (job) {
      if (job.attempts < 2) {
        this.stats.retried++;
        this.queue.pushFront(job.account, job); // first in line on the replacement
      } else {
        this.stats.failed++;
        job.reject(new Error("the photo worker died twice on this photo"));
      }
    }
    this.dispatch();
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    if (!this.slots.some((s) => s.job)) for (const s of this.slots) s.worker.unref();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.job || slot.retired) continue;
      const job = this.queue.shift();
      if (!job) return;
      job.attempts++;
      slot.job = job;
      slot.worker.ref(); // keep the process alive while a photo is in flight
      slot.timer = setTimeout(() => {
        this.opts.logger.error("photo worker stuck; terminating it", { job: job.id, timeout_ms: this.jobTimeoutMs });
        slot.worker.terminate();
      }, this.jobTimeoutMs);
      // copied to the worker process: the job stays here, to be retried if that worker dies
      slot.worker.postMessage({ ...job.task, id: job.id } satisfies ToWorker);
    }
  }
}
