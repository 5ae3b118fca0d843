/**
 * A write a person starts with one tap runs once: while it runs its button is disabled, and a ref
 * refuses the taps that arrive before that re-render; it stays refused a moment after, so the second
 * tap of a double tap (100–300 ms apart on a phone) never starts a second write. Each run makes its
 * own client ids and mutation ids, once.
 */
import { useRef, useState } from "preact/hooks";

const SETTLE_MS = 600;

export function useAction<A extends unknown[]>(run: (...args: A) => unknown): [(...args: A) => Promise<void>, boolean] {
  const lock = useRef(false);
  const [busy, setBusy] = useState(false);
  async function guarded(...args: A) {
    if (lock.current) return;
    lock.current = true;
    setBusy(true);
    try {
      await run(...args);
    } finally {
      setTimeout(() => {
        lock.current = false;
        setBusy(false);
      }, SETTLE_MS);
    }
  }
  return [guarded, busy];
}

/** A form's submit handler that runs once per tap (see useAction); the default submit is always prevented. */
export function useSubmit(run: (form: HTMLFormElement) => unknown): [(e: Event) => void, boolean] {
  const [go, busy] = useAction(run);
  return [
    (e: Event) => {
      e.preventDefault();
      void go(e.currentTarget as HTMLFormElement);
    },
    busy,
  ];
}

/**
 * A double tap whose first tap leaves the view (Log goes back to the day) has its second tap land on whatever
 * the next view shows under the finger: an entry's Delete, another meal's Add food. The browser counts that tap as
 * the second of a double (`detail` 2); within a moment of a view change such a tap is dropped before any handler
 * sees it. Single taps, and double taps inside one view (three glasses in a row), are untouched.
 */
const GHOST_TAP_MS = 700;
let viewChangedAt = Number.NEGATIVE_INFINITY;

export function viewChanged(): void {
  viewChangedAt = performance.now();
}

export function dropGhostTaps(): void {
  addEventListener(
    "click",
    (e: MouseEvent) => {
      if (e.detail < 2 || performance.now() - viewChangedAt > GHOST_TAP_MS) return;
      e.preventDefault();
      e.stopImmediatePropagation();
    },
    { capture: true },
  );
}
