import type { Q } from "./q";
import type { Outcome, Store } from "./store";

/**
 * Group commit. Writes that arrive in the same turn of the event loop share one transaction and so
 * one fsync on SQLite (synchronous=FULL syncs the WAL on every COMMIT, and that sync was most of a
 * write's time: bench/hot.ts), one round of COMMIT on PostgreSQL. Each write runs in its own
 * savepoint, in arrival order, so one that fails (a 400, a 409, a constraint) is rolled back alone
 * and its neighbours commit; each caller's promise settles only after the COMMIT that holds its
 * write returned, so an acknowledged write is durable. If the COMMIT itself fails, every write of
 * the batch is rolled back and every caller gets the error.
 *
 * On SQLite a batch runs synchronously (db/store.ts): nothing else runs while it is open, so no
 * reader ever sees a batch half done. On PostgreSQL one batch is open at a time per process; writes
 * that arrive meanwhile form the next.
 */
interface Job {
  fn: () => Q<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface CommitStats {
  batches: number;
  writes: number;
  largest: number;
}

export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  private flushing = false;
  readonly stats: CommitStats = { batches: 0, writes: 0, largest: 0 };

  constructor(private readonly store: Store) {}

  /** Runs `fn`'s work in the next batch; resolves with its result once that batch is committed. */
  run<T>(fn: () => Q<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing || !this.queue.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const done = this.flush();
      if (done instanceof Promise) {
        this.flushing = true;
        void done.finally(() => {
          this.flushing = false;
          this.schedule();
        });
      }
    });
  }

  private flush(): void | Promise<void> {
    const jobs = this.queue;
    this.queue = [];
    let outcomes: Outcome[] | Promise<Outcome[]>;
    try {
      outcomes = this.store.batch(jobs.map((j) => j.fn));
    } catch (e) {
      for (const j of jobs) j.reject(e);
      return;
    }
    if (outcomes instanceof Promise)
      return outcomes.then(
        (o) => this.settle(jobs, o),
        (e) => jobs.forEach((j) => j.reject(e)),
      );
    this.settle(jobs, outcomes);
  }

  private settle(jobs: Job[], outcomes: Outcome[]): void {
    this.stats.batches++;
    this.stats.writes += jobs.length;
    this.stats.largest = Math.max(this.stats.largest, jobs.length);
    jobs.forEach((j, i) => {
      const o = outcomes[i]!;
      if (o.ok) j.resolve(o.value);
      else j.reject(o.error);
    });
  }
}
