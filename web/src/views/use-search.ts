/** Search as you type: the query settles for a moment, then the server's search or the offline one (foods.ts); a stale answer is dropped. */
import { useEffect, useRef, useState } from "preact/hooks";
import { message } from "../api";
import { searchFoods, type FoodHit } from "../foods";
import type { Store } from "../store";

const DEBOUNCE_MS = 250;

export interface SearchResult {
  q: string;
  items: FoodHit[];
  offline: boolean;
}

export function useFoodSearch(db: Store, q: string): { results: SearchResult | null; error: string | null } {
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
    const t = setTimeout(() => {
      searchFoods(db, text).then(
        (r) => mine === seq.current && (setResults({ q: text, ...r }), setError(null)),
        (e) => mine === seq.current && setError(message(e)),
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [q]);
  return { results, error };
}
