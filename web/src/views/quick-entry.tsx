/**
 * Quick entry on Add food: a whole line ("2 eggs, toast with butter and a coffee") read into items, each
 * of which can be changed (its quantity and unit) or removed, then logged together in the order typed.
 */
import { useState } from "preact/hooks";
import { useAction } from "../action";
import { message } from "../api";
import { loadFood, parseLineOfFood, type LineHit } from "../foods";
import { nutrientsOf } from "../records";
import { servingLabel, startServing, typedServing, type Serving } from "../serving";
import type { FoodRec, MealType } from "../store";
import { dateIn, ErrorText, grams, instantIn, kcal, useApp } from "../ui";
import { gramsOf } from "../../../src/features/meals/nutrition";
import { AmountInputs, useAmount } from "./logform";

/** A parsed item; `chosen` once the person changed its amount. */
interface Item extends LineHit {
  key: number;
  chosen?: { food: FoodRec; serving: Serving };
}

const amountText = (s: Serving) => (s.portion ? `${s.quantity} × ${s.portion.name}` : `${grams(s.quantity)} g`);

export function QuickEntry({ mealType, date }: { mealType: MealType; date: string }) {
  const app = useApp();
  const [text, setText] = useState("");
  const [items, setItems] = useState<Item[] | null>(null);
  const [editing, setEditing] = useState<{ key: number; food: FoodRec } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function read(e: Event) {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const found = (await parseLineOfFood(app.db, text.trim())).items;
      setItems(found.map((i, key) => ({ ...i, key })));
      setEditing(null);
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }

  async function change(item: Item) {
    setError(null);
    try {
      const food = item.chosen?.food ?? (item.food ? await loadFood(app.db, item.food.id) : null);
      if (!food) return setError(`${item.text} is not available offline; try again when the server is reachable.`);
      setEditing({ key: item.key, food });
    } catch (err) {
      setError(message(err));
    }
  }

  // one tap logs the list once, in the order typed: each item a second after the one before
  const [logAll, logging] = useAction(async () => {
    if (!items) return;
    setError(null);
    try {
      const today = dateIn(app.user.timezone);
      const tz = app.user.timezone;
      const start = date === today ? Date.now() - 1000 * items.length : Date.parse(instantIn(tz, date, clock(tz)));
      let n = 0;
      for (const item of items) {
        if (!item.food) continue;
        const food = item.chosen?.food ?? (await loadFood(app.db, item.food.id));
        if (!food)
          throw new Error(
            `${item.food.short_name ?? item.food.name} is not available offline; try again when the server is reachable.`,
          );
        const s = item.chosen?.serving ?? typedServing(food, item.serving) ?? startServing(food, new Map());
        const eatenAt = new Date(start + 1000 * n++).toISOString().replace(/\.\d+Z$/, "Z");
        await app.local.logMeal({
          food,
          quantity: s.quantity,
          portion: s.portion,
          mealType,
          date,
          today: date === today,
          eatenAt,
        });
      }
      app.go(date === today ? "#/" : `#/day/${date}`, true);
    } catch (err) {
      setError(message(err));
    }
  });

  const found = items?.filter((i) => i.food).length ?? 0;
  return (
    <section class="quick-entry" aria-labelledby="quick-entry-title">
      <h2 id="quick-entry-title">Several at once</h2>
      <form onSubmit={read}>
        <label>
          Quick entry
          <input
            type="text"
            value={text}
            placeholder="2 eggs, toast with butter and a coffee"
            autocomplete="off"
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
          />
        </label>
        <button type="submit" disabled={busy}>
          Find foods
        </button>
      </form>
      <ErrorText error={error} />
      {items && (
        <>
          <ul class="results quick-items" aria-label="Quick entry items">
            {items.map((i) => (
              <li key={i.key}>
                {editing?.key === i.key ? (
                  <ItemAmount
                    food={editing.food}
                    initial={
                      i.chosen?.serving ??
                      typedServing(editing.food, i.serving) ??
                      startServing(editing.food, new Map())
                    }
                    onDone={(serving) => {
                      setItems(
                        items.map((x) => (x.key === i.key ? { ...x, chosen: { food: editing.food, serving } } : x)),
                      );
                      setEditing(null);
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    {i.food ? (
                      <span class="meal-main">
                        <span class="name">{i.food.short_name ?? i.food.name}</span>{" "}
                        <span class="muted">
                          {i.chosen
                            ? `${amountText(i.chosen.serving)} · ${kcal(nutrientsOf(i.chosen.food, gramsOf(i.chosen.serving.quantity, i.chosen.serving.portion)).energy_kcal)} kcal`
                            : servingLabel({ ...i.food, serving: i.serving }, new Map())}{" "}
                          (“{i.text}”)
                        </span>
                      </span>
                    ) : (
                      <span class="muted meal-main">Nothing found for “{i.text}”: search for it above.</span>
                    )}
                    {i.food && (
                      <button
                        type="button"
                        aria-label="Change"
                        title={`Change ${i.text}`}
                        onClick={() => void change(i)}
                      >
                        Change
                      </button>
                    )}
                    <button
                      type="button"
                      aria-label="Remove"
                      title={`Remove ${i.text}`}
                      onClick={() => setItems(items.filter((x) => x.key !== i.key))}
                    >
                      Remove
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
          {found > 0 && (
            <button
              type="button"
              class="primary"
              disabled={busy || logging || editing !== null}
              onClick={() => void logAll()}
            >
              Log all
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** An item's Quantity and Unit, then `Done`. */
function ItemAmount(props: { food: FoodRec; initial: Serving; onDone: (s: Serving) => void; onCancel: () => void }) {
  const a = useAmount(props.food, props.initial);
  return (
    <div class="ingredient-amount" role="group" aria-label={`Amount of ${props.food.name}`}>
      <span class="name">{props.food.name}</span>
      <div class="row">
        <AmountInputs a={a} />
      </div>
      <p class="muted" aria-live="polite">
        {a.valid
          ? `${grams(gramsOf(a.units, a.portion))} g · ${kcal(nutrientsOf(props.food, gramsOf(a.units, a.portion)).energy_kcal)} kcal`
          : a.problem}
      </p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          disabled={!a.valid}
          onClick={() => props.onDone({ quantity: a.units, portion: a.portion })}
        >
          Done
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** "HH:MM" now in a time zone. */
const clock = (tz: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(),
  );
