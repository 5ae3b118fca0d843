/**
 * Search Open Food Facts: offered under a search with no good local match, where the admin allows
 * look-ups (GET /foods/online/allowed). The server asks Open Food Facts (the browser stays on this
 * origin) and only the typed words leave it. A product picked is kept on this server through
 * POST /scanner/barcode, as a barcode hit is, and opens the log form.
 */
import { useEffect, useState } from "preact/hooks";
import type { Schemas } from "../api-data";
import { isOffline, message } from "../api";
import { lookUpBarcode, onlineAllowed, searchOnline } from "../online-foods";
import { fromFood } from "../records";
import { ErrorText } from "../ui";
import type { Picked } from "./scan";

type Product = Schemas["OnlineProduct"];

/** Words that say how much or join words, not what the food is. */
const FILLER = new Set(["a", "an", "the", "of", "with", "and", "in", "on", "x", "some", "cup", "cups", "g", "ml"]);

/**
 * No good local match: nothing found, the top result marked unsure, or no result among the first
 * five whose name and brand hold every word typed (each word's first four letters, so plurals count).
 */
export function noGoodMatch(q: string, items: { name: string; brand: string | null }[]): boolean {
  if (!items.length) return true;
  if ((items[0] as { sure?: boolean }).sure === false) return true;
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !/^\d/.test(w) && !FILLER.has(w));
  if (!words.length) return false;
  return !items
    .slice(0, 5)
    .map((i) => `${i.name} ${i.brand ?? ""}`.toLowerCase())
    .some((text) => words.every((w) => text.includes(w.slice(0, 4))));
}

/** Whether this server may ask Open Food Facts, asked once per view (the admin may change it). */
function useAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    onlineAllowed().then(
      (r) => setAllowed(r.allowed),
      () => setAllowed(false), // offline or refused: nothing to offer
    );
  }, []);
  return allowed;
}

const kcal = (p: Product) => `${Math.round(p.energy_kcal)} kcal per 100 g`;

export interface OnlineSearchProps {
  q: string;
  items: { name: string; brand: string | null }[];
  offline: boolean;
  onFound: (p: Picked) => void;
}

export function OnlineSearch({ q, items, offline, onFound }: OnlineSearchProps) {
  const allowed = useAllowed();
  const [found, setFound] = useState<{ q: string; items: Product[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!allowed || offline || (!noGoodMatch(q, items) && found?.q !== q)) return null;

  const explain = (e: unknown) =>
    isOffline(e) ? "The server cannot be reached now; try again when it is back." : message(e);
  async function search() {
    setBusy(true);
    setError(null);
    try {
      const r = await searchOnline(q);
      setFound({ q, items: r.items });
    } catch (e) {
      setError(explain(e));
    } finally {
      setBusy(false);
    }
  }
  async function pick(p: Product) {
    setBusy(true);
    setError(null);
    try {
      // kept on this server as a barcode hit is; the next search finds it offline
      const r = await lookUpBarcode({ barcode: p.barcode, online: true });
      onFound({ id: Number(r.food.id), food: fromFood(r.food, null) });
    } catch (e) {
      setError(explain(e));
    } finally {
      setBusy(false);
    }
  }
  const shown = found?.q === q ? found.items : null;
  return (
    <section class="online-search" aria-label="Open Food Facts">
      {!shown && (
        <>
          <button type="button" disabled={busy} onClick={() => void search()}>
            Search Open Food Facts
          </button>
          <p class="muted">Sends Open Food Facts the words you typed, nothing about you.</p>
        </>
      )}
      {busy && <p aria-live="polite">Asking Open Food Facts…</p>}
      {shown && (
        <>
          <p class="muted" aria-live="polite">
            {shown.length ? `Open Food Facts: ${shown.length} for “${q}”` : `Open Food Facts has nothing for “${q}”.`}
          </p>
          <ul class="results" aria-label="Open Food Facts products">
            {shown.map((p) => (
              <li key={p.barcode}>
                <button type="button" class="result" disabled={busy} onClick={() => void pick(p)}>
                  <span class="name">{p.name}</span>
                  <span class="muted">
                    {p.brand ? `${p.brand} · ` : ""}
                    {kcal(p)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ErrorText error={error} />
    </section>
  );
}
