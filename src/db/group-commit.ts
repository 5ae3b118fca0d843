import type { Database } from "bun:sqlite";

/**
 * Group commit. Writes that arrive in the same turn of the event loop share one transaction and so
 * one fsync (synchronous=FULL syncs the WAL on every COMMIT, and that sync was most of a write's
 * time: bench/hot.ts). Each write runs in its own savepoint, in arrival order, so one that fails
 * (a 400, a 409, a constraint) is rolled back alone and its neighbours commit; each caller's promise
 * settles only after the COMMIT that holds its write returned, so an acknowledged write is durable
 * exactly as before. If the COMMIT itself fails, every write of the batch is rolled back and
 * every caller gets the error.
 *
 * A write is a synchronous function (the services are): nothing else runs while a batch is open,
 * so no reader ever sees a batch half done. Services may still call inTx inside it (a savepoint).
 */
interface Job {
  fn: () => unknown;
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
  readonly stats: CommitStats = { batches: 0, writes: 0, largest: 0 };

  constructor(private readonly db: Database) {}

  /** Runs `fn` in the next batch; resolves with its result once that batch is committed. */
  run<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const jobs = this.queue;
    this.queue = [];
    const c = this.db;
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      c.exec("BEGIN IMMEDIATE");
    } catch (e) {
      for (const j of jobs) j.reject(e); // the write lock could not be had (busy_timeout ran out)
      return;
    }
    for (const j of jobs) {
      try {
        // nested in BEGIN: a savepoint, rolled back alone on a throw (an async write is refused inside it)
        const value = c.transaction(() => {
          const v = j.fn();
          if (v instanceof Promise) throw new Error("a group-commit write must be synchronous");
          return v;
        })();
        outcomes.push({ ok: true, value });
      } catch (e) {
        outcomes.push({ ok: false, value: e });
      }
    }
    try {
      c.exec("COMMIT");
    } catch (e) {
      if (c.inTransaction) c.exec("ROLLBACK");
      for (const j of jobs) j.reject(e);
      return;
    }
    this.stats.batches++;
    this.stats.writes += jobs.length;
    this.stats.largest = Math.max(this.stats.largest, jobs.length);
    jobs.forEach((j, i) => (outcomes[i]!.ok ? j.resolve(outcomes[i]!.value) : j.reject(outcomes[i]!.value)));
  }
}
