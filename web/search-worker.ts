/**
 * The offline food search, off the page's thread: loads the catalogue copy (/catalogue.json, through the
 * service worker's cache when offline), indexes it and answers searches by message (web/src/offline-copy.ts
 * has the messages, web/src/offline-search.ts the page's side). The page starts it after sign-in, so
 * parsing and indexing the copy (~2 MB) never holds up typing; the first offline search used to wait
 * ~0.9 s for it on a phone-speed browser (issue 59).
 */
/// <reference lib="webworker" />
import { parseLine } from "../src/features/foods/line";
import { type Ask, type Answers, type CatalogueCopy, Offline, type Told } from "./src/offline-copy";

declare const self: DedicatedWorkerGlobalScope;
const tell = (m: Told) => self.postMessage(m);

const loaded: Promise<Offline> = (async () => {
  const res = await fetch("/catalogue.json");
  if (!res.ok) throw new Error(`the catalogue copy could not be loaded (${res.status})`);
  const cat = new Offline((await res.json()) as CatalogueCopy);
  // one search compiles the ranker's code paths, so the person's first one does not pay for it
  cat.search.search("apple", { limit: 1 });
  return cat;
})();
loaded.then(
  (cat) => tell({ kind: "ready", foods: cat.search.size }),
  (e) => tell({ kind: "failed", error: String(e) }),
);

function answer(cat: Offline, ask: Ask): Answers[Ask["kind"]] {
  switch (ask.kind) {
    case "search":
      return cat.answerSearch(ask);
    case "food":
      return cat.food(ask.id);
    case "short-names":
      return ask.ids.flatMap((id) => {
        const s = cat.shortName(id);
        return s ? [[id, s] as [number, string]] : [];
      });
    case "line":
      return parseLine(ask.text, cat.dishes());
  }
}

self.onmessage = async (e: MessageEvent<{ id: number; ask: Ask }>) => {
  const { id, ask } = e.data;
  try {
    tell({ kind: "answer", id, answer: answer(await loaded, ask) });
  } catch (err) {
    tell({ kind: "error", id, error: String(err) });
  }
};
