/**
 * Search as you type: the query settles for a moment (a shorter one when the browser knows it is
 * offline), then the server's search or the offline one (foods.ts); a stale answer is dropped. `more()` appends the next page ("More results").
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { message } from "../api";
import { searchFoods, type FoodHit } from "../foods";
import type { Store } from "../store";
import type { ParsedAmount } from "../../../src/features/foods/amount";

const DEBOUNCE_MS = 250;
/**
 * Offline the search is the worker's (no request to spare the server), so it waits only for a burst of
 * keys: the first offline result is due within 300 ms on a phone (issue 59), which 250 ms of waiting spent.
 */
const OFFLINE_DEBOUNCE_MS = 40;

/** What the search box shows: a page of either search (foods.ts `searchFoods`) for the query it answers. */
export interface SearchResult {
  q: string;
  items: FoodHit[];
  total: number;
  amount: ParsedAmount | null;
  offline: boolean;
}

export function useFoodSearch(
  db: Store,
  q: string,
): { results: SearchResult | null; error: string | null; more: () => void } {
  const [results, setResults] = useState<SearchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);
  useEffect(() => {
    const text = q.trim();
    const mine = ++seq.current;
    if (!text) {
      setResults(null);
      return;
    }
    const t = setTimeout(
      () => {
        searchFoods(db, text).then(
          (r) => mine === seq.current && (setResults({ q: text, ...r }), setError(null)),
          (e) => mine === seq.current && setError(message(e)),
        );
      },
      navigator.onLine ? DEBOUNCE_MS : OFFLINE_DEBOUNCE_MS,
    );
    return () => clearTimeout(t);
  }, [q]);
  const more = () => {
    if (!results) return;
    const mine = seq.current;
    searchFoods(db, results.q, results.items.length).then(
      (r) => {
        if (mine !== seq.current) return;
        const seen = new Set(results.items.map((f) => f.id));
        setResults({
          ...results,
          items: [...results.items, ...r.items.filter((f) => !seen.has(f.id))],
          total: r.total,
        });
      },
      (e) => mine === seq.current && setError(message(e)),
    );
  };
  return { results, error, more };
}
