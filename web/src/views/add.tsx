/** Add food: search as you type, recent and frequent foods, barcode and photo, custom foods; then the log form. */
import { useEffect, useRef, useState } from "preact/hooks";
import { message } from "../api";
import { listName, loadFood, recentFoods, warmOfflineSearch, type FoodHit } from "../foods";
import type { FoodRec, Meal, MealType } from "../store";
import { dateIn, dayTitle, ErrorText, MEAL_LABEL, useApp } from "../ui";
import { CustomFoodForm } from "./custom-food";
import { LogForm } from "./logform";
import { lastServings, servingLabel, startServing, typedServing, type LastServings } from "../serving";
import { BarcodePhoto, FoodPhoto, LiveScan, type Picked } from "./scan";
import { useFoodSearch } from "./use-search";
import type { OnlineSearchProps } from "./online-search";
import { lazyView } from "./lazy";
import { QuickEntry } from "./quick-entry";
import { amountSaid } from "../amount-words";
import type { ResolvedAmount } from "../../../src/features/foods/portion";
import { useAction } from "../action";
import {
  addSelected,
  lastAtMeal,
  matches,
  MyMeals,
  RecentMeals,
  rowServing,
  Tick,
  type RecentHit,
  type Selection,
  type Ticked,
} from "./pick";
import { returnTo } from "./return-to";

/** Search Open Food Facts, in its own chunk (the first load's budget); nothing shows until it is in. */
const OnlineSearch = lazyView<OnlineSearchProps>(() => import("./online-search").then((m) => m.OnlineSearch), null);

/** "1 food", "2 foods". */
export const foodsCount = (n: number) => `${n} ${n === 1 ? "food" : "foods"}`;

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
  const [tab, setTab] = useState<"recent" | "saved">("recent");
  const [sel, setSel] = useState<Selection>(new Map());
  const [atMeal, setAtMeal] = useState<Map<number, Meal>>(new Map());
  const toggle = (key: string, t: Ticked) =>
    setSel((s) => {
      const next = new Map(s);
      if (next.has(key)) next.delete(key);
      else next.set(key, t);
      return next;
    });
  const [addAll, adding] = useAction(async () => {
    setError(null);
    try {
      await addSelected(app, sel, { mealType, date, today: date === today }, atMeal, last);
      returnTo(mealType);
      app.go(date === today ? "#/" : `#/day/${date}`, true);
    } catch (e) {
      setError(message(e));
    }
  });

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

  const typed = q.trim();
  const shownRecent: RecentHit[] = (recent?.recent ?? []).filter((f) => !typed || matches(f, typed));

  const pickOf = (f: RecentHit) => ({
    id: f.id,
    name: listName(f),
    serving: f.serving ?? null,
    ask: f.amount_applies === false ? q.trim() : null,
  });
  const list = (items: RecentHit[], label: string, recentRows = false) => (
    <ul class="results picks" aria-label={label}>
      {items.map((f, at) => (
        <li key={f.id}>
          <Tick
            id={`food:${f.id}`}
            label={listName(f)}
            sel={sel}
            onToggle={() => toggle(`food:${f.id}`, { kind: "food", hit: f, atMeal: recentRows && !!recent?.atMeal })}
          />
          <button type="button" class="result" onClick={() => void pick(pickOf(f))}>
            <span class="name">{listName(f)}</span>
            {listName(f) !== f.name && <span class="muted full-name">{f.name}</span>}
            <span class="muted">
              {/* only the first result can be the sure one (API.md §Foods, How sure a match is) */}
              {!recentRows && at === 0 && f.sure === false ? "Not sure · " : ""}
              {f.origin === "composed" ? "made from USDA foods · " : ""}
              {f.brand ? `${f.brand} · ` : ""}
              {recentRows
                ? rowServing(f, recent?.atMeal ? atMeal : new Map(), last).text || servingLabel(f, last)
                : servingLabel(f, last)}
            </span>
          </button>
          {/* WEBAPP.md: an unsure match shows its Alternatives, one button per food, here as in quick entry */}
          {!recentRows && at === 0 && f.sure === false && items.length > 1 && (
            <div role="group" aria-label="Alternatives" class="item-actions">
              {items.slice(1, 4).map((a) => (
                <button key={a.id} type="button" onClick={() => void pick(pickOf(a))}>
                  {listName(a)}
                </button>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );

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
      <div class="tabs" role="tablist" aria-label="Repeats">
        <button
          type="button"
          role="tab"
          id="tab-recent"
          aria-selected={tab === "recent"}
          aria-controls="panel-picks"
          onClick={() => setTab("recent")}
        >
          Recent
        </button>
        <button
          type="button"
          role="tab"
          id="tab-saved"
          aria-selected={tab === "saved"}
          aria-controls="panel-picks"
          onClick={() => setTab("saved")}
        >
          My meals
        </button>
      </div>
      <section
        id="panel-picks"
        role="tabpanel"
        aria-labelledby={tab === "recent" ? "tab-recent" : "tab-saved"}
        class={sel.size > 0 ? "picks-panel has-bar" : "picks-panel"}
      >
        {tab === "saved" ? (
          <MyMeals sel={sel} toggle={toggle} mealType={mealType} date={date} today={today} />
        ) : (
          recent && (
            <>
              <h2 id="recent-title">
                {recent.atMeal ? `Recent at ${(MEAL_LABEL[mealType] ?? mealType).toLowerCase()}` : "Recent"}
              </h2>
              {recent.atMeal && (
                <RecentMeals
                  sel={sel}
                  toggle={toggle}
                  mealType={mealType}
                  date={date}
                  today={today}
                  q={q}
                  recentIds={new Set(recent.recent.map((f) => f.id))}
                />
              )}
              {shownRecent.length > 0
                ? list(shownRecent, "Recent foods", true)
                : !typed && <p class="muted">Foods you log show up here.</p>}
            </>
          )
        )}
      </section>
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
      {results && (
        <section aria-label="Results">
          <p class="muted" aria-live="polite">
            {results.items.length
              ? `${foodsCount(results.total)} for “${results.q}”`
              : `Nothing found for “${results.q}”.`}
            {results.amount ? ` · amount: ${amountSaid(results.amount)}` : ""}
            {results.offline ? " (offline: the catalogue copy and your own foods)" : ""}
          </p>
          {list(results.items, "Results")}
          {results.items.length < results.total && (
            <button type="button" class="more" onClick={more}>
              More results
            </button>
          )}
          <OnlineSearch q={results.q} items={results.items} offline={results.offline} onFound={(p) => void pick(p)} />
        </section>
      )}
      <QuickEntry mealType={mealType} date={date} />
      <section class="tools" aria-labelledby="tools-title">
        <h2 id="tools-title">Other ways</h2>
        <LiveScan onFound={(p) => void pick(p)} onMissing={(barcode, readLabel) => setCustom({ barcode, readLabel })} />
        <BarcodePhoto
          onFound={(p) => void pick(p)}
          onMissing={(barcode, readLabel) => setCustom({ barcode, readLabel })}
        />
        <FoodPhoto onPick={(p) => void pick(p)} />
        <button type="button" onClick={() => setCustom({ barcode: null })}>
          Create a custom food
        </button>
      </section>
    </main>
  );
}
