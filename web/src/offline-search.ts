/**
 * The page's side of the offline search worker (web/search-worker.ts, messages in offline-copy.ts): started
 * in the background once someone is signed in (main.tsx, after sign-in and when the app opens signed in),
 * so the catalogue copy is loaded and indexed before anything is typed, and asked by message (foods.ts).
 * A worker that could not load the copy (a first visit with no network) is dropped: the next ask starts
 * another.
 */
import type { Answers, Ask, Told } from "./offline-copy";

let worker: Worker | null = null;
let next = 1;
const waiting = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();

/** The page's <html data-offline-search>: loading, ready or failed (the browser tests wait on it). */
const mark = (state: string) => {
  document.documentElement.dataset.offlineSearch = state;
};

function drop(w: Worker, e: Error) {
  if (worker !== w) return;
  w.terminate();
  worker = null;
  mark("failed");
  for (const p of waiting.values()) p.reject(e);
  waiting.clear();
}

/** Starts the worker unless it runs; it loads the copy at once. */
export function startOfflineSearch(): Worker {
  if (worker) return worker;
  const w = new Worker("/search-worker.js", { type: "module" });
  worker = w;
  mark("loading");
  w.onmessage = (e: MessageEvent<Told>) => {
    const m = e.data;
    if (m.kind === "ready") mark("ready");
    else if (m.kind === "failed") drop(w, new Error(m.error));
    else {
      const p = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.kind === "answer") p?.resolve(m.answer as never);
      else p?.reject(new Error(m.error));
    }
  };
  w.onerror = (e) => drop(w, new Error(e.message || "the offline search could not start"));
  return w;
}

/** Stops the worker (signing out): its memory is the copy's, ~30 MB. */
export function stopOfflineSearch(): void {
  if (worker) drop(worker, new Error("signed out"));
  delete document.documentElement.dataset.offlineSearch;
}

/** One question to the worker, answered once the copy is indexed. */
export function askOffline<K extends Ask["kind"]>(ask: Extract<Ask, { kind: K }>): Promise<Answers[K]> {
  const w = startOfflineSearch();
  const id = next++;
  return new Promise<Answers[K]>((resolve, reject) => {
    waiting.set(id, { resolve: resolve as (v: never) => void, reject });
    w.postMessage({ id, ask });
  });
}
