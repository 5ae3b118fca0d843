/** Long writes in short transactions, handing the event loop back between them (lib/pace.ts pauses the rest). */
import { tx, type Q } from "./q";
import type { Awaitable } from "./store";

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
