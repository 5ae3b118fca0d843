/** Add food: search as you type, recent and frequent foods, barcode and photo, custom foods; then the log form. */
import { useEffect, useRef, useState } from "preact/hooks";
import { message } from "../api";
import { listName, loadFood, recentFoods, warmOfflineSearch, type FoodHit } from "../foods";
import type { FoodRec, Meal, MealType } from "../store";
import { dateIn, dayTitle, ErrorText, MEAL_LABEL, useApp } from "../ui";
import { CustomFoodForm } from "./custom-food";
import { LogForm } from "./logform";
import { lastServings, startServing, typedServing, type LastServings } from "../serving";
import type { Picked } from "./scan";
import { useFoodSearch } from "./use-search";
import { QuickEntry } from "./quick-entry";
import type { ResolvedAmount } from "../../../src/features/foods/portion";
import { lastAtMeal, type RecentHit } from "./pick";
import { returnTo } from "./return-to";
import { OtherWays } from "./add-other-ways";
import { Repeats, type RepeatsTab } from "./add-recent";
import { Results } from "./add-results";
import { useSelection } from "./add-selection";
import type { ListProps } from "./add-list";

export function AddView({ mealType, date }: { mealType: MealType; date: string }) {
  const app = useApp();
  const today = dateIn(app.user.timezone);
  const [q, setQ] = useState("");
  // the keyboard comes up with the screen (autofocus works only on a page load, not when a view opens)
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => searchBox.current?.focus(), []);
  const [recent, setRecent] = useState<{ recent: FoodHit[]; atMeal: boolean } | null>(null);
  const [picked, setPicked] = useState<
    (Picked & { food: FoodRec; serving?: ResolvedAmount | null; name?: string }) | null
  >(null);
  const [custom, setCustom] = useState<{ barcode: string | null; readLabel?: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<LastServings>(new Map());
  const [tab, setTab] = useState<RepeatsTab>("recent");
  const [atMeal, setAtMeal] = useState<Map<number, Meal>>(new Map());
  const { sel, toggle, addAll, adding } = useSelection({ mealType, date, today }, atMeal, last, setError);

  useEffect(() => {
    recentFoods(app.db, mealType, today).then(setRecent, () => setRecent({ recent: [], atMeal: false }));
    lastServings(app.db).then(setLast, () => {});
    lastAtMeal(app.db, mealType).then(setAtMeal, () => {});
    warmOfflineSearch();
  }, []);

  /** What the person typed, when its amount could not be applied to the food they picked: the form asks. */
  const [ask, setAsk] = useState<string | null>(null);
  const { results, error: searchError, more } = useFoodSearch(app.db, q);

  async function pick(p: Picked & { serving?: ResolvedAmount | null; ask?: string | null; name?: string }) {
    setError(null);
    setAsk(p.ask ?? null);
    try {
      const food = p.food ?? (await loadFood(app.db, p.id));
      if (!food) throw new Error("That food is not available offline; try again when the server is reachable.");
      setPicked({ ...p, food });
    } catch (e) {
      setError(message(e));
    }
  }

  if (picked) {
    return (
      <main>
        <LogForm
          food={picked.food}
          title={picked.name}
          initial={{ ...(typedServing(picked.food, picked.serving) ?? startServing(picked.food, last)), mealType }}
          submitLabel="Log"
          note={
            ask
              ? `“${ask}” does not fit this food's measures, so it starts at its usual serving: how much did you have?`
              : null
          }
          onCancel={() => setPicked(null)}
          onSubmit={async (v) => {
            returnTo(v.mealType);
            await app.local.logMeal({
              food: picked.food,
              quantity: v.quantity,
              portion: v.portion,
              mealType: v.mealType,
              date,
              today: date === today,
              photoId: picked.photoId,
              measure: v.measure,
            });
            app.go(date === today ? "#/" : `#/day/${date}`, true); // Back then leaves the day, not returns to add
          }}
        />
      </main>
    );
  }

  if (custom) {
    return (
      <main>
        <CustomFoodForm
          food={null}
          barcode={custom.barcode}
          readLabel={custom.readLabel}
          onCancel={() => setCustom(null)}
          onSaved={(food) => {
            setCustom(null);
            void pick({ id: food.id, food });
          }}
        />
      </main>
    );
  }

  const pickOf = (f: RecentHit) => ({
    id: f.id,
    name: listName(f),
    serving: f.serving ?? null,
    ask: f.amount_applies === false ? q.trim() : null,
  });
  const list: ListProps = { sel, toggle, last, onPick: (f) => void pick(pickOf(f)) };

  return (
    <main>
      <h1>
        Add to {MEAL_LABEL[mealType]}
        {date === today ? "" : `, ${dayTitle(date, today)}`}
      </h1>
      <label class="search">
        Search foods
        <input
          type="search"
          value={q}
          ref={searchBox}
          autocomplete="off"
          onInput={(e) => setQ((e.target as HTMLInputElement).value)}
        />
      </label>
      <ErrorText error={error ?? searchError} focus={!!error} />
      <Repeats
        {...list}
        tab={tab}
        setTab={setTab}
        recent={recent}
        atMeal={atMeal}
        mealType={mealType}
        date={date}
        today={today}
        q={q}
      />
      {sel.size > 0 && (
        <div class="add-selected">
          <span class="muted" aria-live="polite">
            {sel.size} ticked
          </span>
          <button type="button" class="primary" disabled={adding} onClick={() => void addAll()}>
            Add selected
          </button>
        </div>
      )}
      {results && <Results {...list} results={results} more={more} onFound={(p) => void pick(p)} />}
      <QuickEntry mealType={mealType} date={date} />
      <OtherWays
        onFound={(p) => void pick(p)}
        onMissing={(barcode, readLabel) => setCustom({ barcode, readLabel })}
        onCreate={() => setCustom({ barcode: null })}
      />
    </main>
  );
}
