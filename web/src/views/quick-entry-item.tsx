/**
 * One Quick entry item being changed: its amount (Quantity and Unit), or another food found by search
 * (`Another food`), then `Done`. A swapped food starts at its natural serving, as the log form would.
 */
import { useState } from "preact/hooks";
import { message } from "../api";
import { listName, loadFood } from "../foods";
import { nutrientsOf } from "../records";
import { naturalServing, sameAmount, servingLabel, type Serving } from "../serving";
import type { FoodRec } from "../store";
import { ErrorText, kcal, useApp } from "../ui";
import { gramsOf } from "../../../src/features/meals/nutrition";
import { servingWords } from "../amount-words";
import { AmountInputs, useAmount } from "./logform";
import { useFoodSearch } from "./use-search";

/** What a changed item holds: the food, the name it was picked by, and the serving. */
export interface Chosen {
  food: FoodRec;
  name: string;
  serving: Serving;
}

/** How many search results the swap offers (the search box narrows them). */
const SWAP_RESULTS = 5;

export function ItemChange(props: { chosen: Chosen; text: string; onDone: (c: Chosen) => void; onCancel: () => void }) {
  const app = useApp();
  const [current, setCurrent] = useState(props.chosen);
  const [q, setQ] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { results } = useFoodSearch(app.db, q);

  async function swap(id: number, name: string) {
    setError(null);
    try {
      const food = await loadFood(app.db, id);
      if (!food) return setError("That food is not available offline; try again when the server is reachable.");
      setCurrent({ food, name, serving: naturalServing(food) });
      setQ("");
    } catch (e) {
      setError(message(e));
    }
  }

  return (
    <div class="ingredient-amount item-change" role="group" aria-label={`Change ${props.text}`}>
      <span class="name">{current.name}</span>
      <label class="search">
        Another food
        <input type="search" value={q} autocomplete="off" onInput={(e) => setQ((e.target as HTMLInputElement).value)} />
      </label>
      <ErrorText error={error} />
      {results && (
        <ul class="results" aria-label="Other foods">
          {results.items.slice(0, SWAP_RESULTS).map((f) => (
            <li key={f.id}>
              <button type="button" class="result" onClick={() => void swap(f.id, listName(f))}>
                <span class="name">{listName(f)}</span>
                <span class="muted">{servingLabel(f, new Map())}</span>
              </button>
            </li>
          ))}
          {results.items.length === 0 && <li class="muted">Nothing found for “{results.q}”.</li>}
        </ul>
      )}
      {/* a new key: the amount starts over at the swapped food's serving */}
      <ItemAmount
        key={current.food.id}
        food={current.food}
        initial={current.serving}
        onDone={(serving) => props.onDone({ ...current, serving })}
        onCancel={props.onCancel}
      />
    </div>
  );
}

/** An item's Quantity and Unit, then `Done`. */
function ItemAmount(props: { food: FoodRec; initial: Serving; onDone: (s: Serving) => void; onCancel: () => void }) {
  const a = useAmount(props.food, props.initial);
  return (
    <>
      <div class="row">
        <AmountInputs a={a} />
      </div>
      <p class="muted" aria-live="polite">
        {a.valid
          ? `${servingWords(a.units, a.portion)} · ${kcal(nutrientsOf(props.food, gramsOf(a.units, a.portion)).energy_kcal)} kcal`
          : a.problem}
      </p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          disabled={!a.valid}
          onClick={() =>
            props.onDone(
              sameAmount(props.initial, a.units, a.portion)
                ? props.initial
                : { quantity: a.units, portion: a.portion, ...(a.measure ? { measure: a.measure } : {}) },
            )
          }
        >
          Done
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
