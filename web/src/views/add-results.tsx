import { amountSaid } from "../amount-words";
import { lazyView } from "./lazy";
import { FoodList, type ListProps } from "./add-list";
import type { OnlineSearchProps } from "./online-search";
import type { Picked } from "./scan";
import type { SearchResult } from "./use-search";

/** Search Open Food Facts, in its own chunk (the first load's budget); nothing shows until it is in. */
const OnlineSearch = lazyView<OnlineSearchProps>(() => import("./online-search").then((m) => m.OnlineSearch), null);

/** "1 food", "2 foods". */
export const foodsCount = (n: number) => `${n} ${n === 1 ? "food" : "foods"}`;

/** The search's results: how many, the amount read from the words, More results, and Open Food Facts after them. */
export function Results({
  results,
  more,
  onFound,
  ...list
}: ListProps & { results: SearchResult; more: () => void; onFound: (p: Picked) => void }) {
  return (
    <section aria-label="Results">
      <p class="muted" aria-live="polite">
        {results.items.length ? `${foodsCount(results.total)} for “${results.q}”` : `Nothing found for “${results.q}”.`}
        {results.amount ? ` · amount: ${amountSaid(results.amount)}` : ""}
        {results.offline ? " (offline: the catalogue copy and your own foods)" : ""}
      </p>
      <FoodList {...list} items={results.items} label="Results" />
      {results.items.length < results.total && (
        <button type="button" class="more" onClick={more}>
          More results
        </button>
      )}
      <OnlineSearch q={results.q} items={results.items} offline={results.offline} onFound={onFound} />
    </section>
  );
}
