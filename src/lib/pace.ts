/**
 * Long work on the request thread (a 30 MB import) hands the event loop back every few
 * milliseconds, so /healthz and other users' requests are answered in between instead of waiting
 * for the whole job (a /healthz sent during a 30 MB import used to take 17.9 s).
 */
import { tx, type Q } from "../db/q";
import type { Awaitable } from "../db/store";
import { AppError } from "./errors";
export function pacer(sliceMs = 8): () => Promise<void> {
  return new Slicer(sliceMs).pause;
}

/** A pacer that throws `cancelled()` once `signal` is aborted (the client hung up): long work stops there. */
export function cancellablePacer(signal: AbortSignal | undefined, sliceMs = 8): () => Promise<void> {
  const pause = pacer(sliceMs);
  return async () => {
    if (signal?.aborted) throw cancelled();
    await pause();
  };
}

/** What long work answers when its client went away: nobody reads it, but the work stops. */
export const cancelled = () => new AppError("request_timeout", "the client closed the connection; the work stopped");

/**
 * Runs `write` for each item, in transactions (`run`: a store's) of about `sliceMs` each, handing the
 * event loop back between them: a 20,000-food import held one transaction for 55 s. Each item is
 * written whole or not at all; an error stops the run (what was committed stays, as with a client's retry).
 * `between` runs between transactions (a cancellable pacer throws there once the client has gone).
 */
export async function pacedWrites<T>(
  items: Iterable<T>,
  run: <R>(work: Q<R>) => Awaitable<R>,
  write: (item: T) => Q<void>,
  between: () => Promise<void> = () => new Promise<void>((resolve) => setImmediate(resolve)),
  sliceMs = 8,
): Promise<void> {
  const it = items[Symbol.iterator]();
  let next = it.next();
  while (!next.done) {
    const started = performance.now();
    await run(
      tx(function* () {
        do {
          yield* write(next.value as T);
          next = it.next();
        } while (!next.done && performance.now() - started < sliceMs);
      }),
    );
    if (!next.done) await between();
  }
}

/**
 * sha256 of `JSON.stringify(value)` for an object whose large arrays are hashed an element at a
 * time, pausing between: the same digest as hashing the whole string, without one long block.
 */
export async function pacedJsonSha256(value: Record<string, unknown>, pause: () => Promise<void>): Promise<string> {
  const h = new Bun.CryptoHasher("sha256");
  const keys = Object.keys(value).filter((k) => value[k] !== undefined);
  h.update("{");
  for (const [n, k] of keys.entries()) {
    h.update(`${n ? "," : ""}${JSON.stringify(k)}:`);
    const v = value[k];
    if (Array.isArray(v)) {
      h.update("[");
      for (let i = 0; i < v.length; i++) {
        h.update(`${i ? "," : ""}${JSON.stringify(v[i]) ?? "null"}`);
        await pause();
      }
      h.update("]");
    } else h.update(JSON.stringify(v));
  }
  h.update("}");
  return h.digest("hex");
}

/**
 * A pacer that also keeps the time its work ran, without the pauses: what a paced request is
 * charged (lib/cost-budget.ts), however long other requests held the event loop in between.
 * `wait` awaits a promise someone else is working on (a shared page being built) without counting it.
 */
export class Slicer {
  private busy = 0;
  private since: number;
  /** `now`: the clock in milliseconds (a test gives its own, so it checks the counting without timing anything). */
  constructor(
    private readonly sliceMs = 5,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.since = now();
  }

  readonly pause = async (): Promise<void> => {
    const now = this.now();
    if (now - this.since < this.sliceMs) return;
    this.busy += now - this.since;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.since = this.now();
  };

  async wait<T>(work: Promise<T>): Promise<T> {
    this.busy += this.now() - this.since;
    try {
      return await work;
    } finally {
      this.since = this.now();
    }
  }

  /** Milliseconds of work so far. */
  get ms(): number {
    return this.busy + this.now() - this.since;
  }
}
