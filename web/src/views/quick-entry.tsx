/**
 * Quick entry on Add food: a whole line ("2 eggs, toast with butter and a coffee") read into items, each
 * of which can be changed (its quantity and unit) or removed, then logged together in the order typed.
 */
import { useState } from "preact/hooks";
import { useAction } from "../action";
import { message } from "../api";
import { listName, loadFood, parseLineOfFood, type LineHit } from "../foods";
import { nutrientsOf } from "../records";
import { hitServing, startServing, typedServing } from "../serving";
import type { MealType } from "../store";
import { dateIn, ErrorText, kcal, useApp } from "../ui";
import { gramsOf } from "../../../src/features/meals/nutrition";
import { servingWords } from "../amount-words";
import { type Chosen, ItemChange } from "./quick-entry-item";
import { UnsureChoice } from "./unsure-item";

/** A parsed item; `chosen` once the person changed its amount or its food. */
interface Item extends LineHit {
  key: number;
  chosen?: Chosen;
}

/** An unsure match nobody has picked, kept or changed yet: `Log all` waits for it. */
const pending = (i: Item) => i.food !== null && !i.sure && !i.chosen;

/** What an item will log, in words, and its kcal (null: unknown). */
function itemSays(i: Item & { food: NonNullable<LineHit["food"]> }): {
  name: string;
  amount: string;
  kcal: number | null;
} {
  if (i.chosen) {
    const { food, serving } = i.chosen;
    const e = nutrientsOf(food, gramsOf(serving.quantity, serving.portion)).energy_kcal;
    const amount = serving.measure ?? servingWords(serving.quantity, serving.portion);
    return { name: i.chosen.name, amount, kcal: e ?? null };
  }
  const s = hitServing({ ...i.food, serving: i.serving }, new Map());
  return { name: listName(i.food), amount: s.text, kcal: s.kcal };
}

export function QuickEntry({ mealType, date }: { mealType: MealType; date: string }) {
  const app = useApp();
  const [text, setText] = useState("");
  const [items, setItems] = useState<Item[] | null>(null);
  const [editing, setEditing] = useState<{ key: number; chosen: Chosen } | null>(null);
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
      if (item.chosen) return setEditing({ key: item.key, chosen: item.chosen });
      const food = item.food ? await loadFood(app.db, item.food.id) : null;
      if (!food) return setError(`${item.text} is not available offline; try again when the server is reachable.`);
      const serving = typedServing(food, item.serving) ?? startServing(food, new Map());
      setEditing({ key: item.key, chosen: { food, name: listName(item.food!), serving } });
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
      // today: a second apart, in the order typed; another day: the meal's usual time, in order (meal-time.ts)
      const start = Date.now() - 1000 * items.length;
      let n = 0;
      for (const item of items) {
        if (!item.food) continue;
        const food = item.chosen?.food ?? (await loadFood(app.db, item.food.id));
        if (!food)
          throw new Error(
            `${item.food.short_name ?? item.food.name} is not available offline; try again when the server is reachable.`,
          );
        const s = item.chosen?.serving ?? typedServing(food, item.serving) ?? startServing(food, new Map());
        const eatenAt = date === today ? new Date(start + 1000 * n++).toISOString().replace(/\.\d+Z$/, "Z") : undefined;
        await app.local.logMeal({
          food,
          quantity: s.quantity,
          portion: s.portion,
          mealType,
          date,
          today: date === today,
          eatenAt,
          measure: s.measure,
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
                  <ItemChange
                    chosen={editing.chosen}
                    text={i.text}
                    onDone={(chosen) => {
                      setItems(items.map((x) => (x.key === i.key ? { ...x, chosen } : x)));
                      setEditing(null);
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <ItemRow
                      item={i}
                      onChange={() => void change(i)}
                      onRemove={() => setItems(items.filter((x) => x.key !== i.key))}
                    />
                    {pending(i) && (
                      <UnsureChoice
                        alternatives={i.alternatives}
                        onPick={(food) =>
                          setItems(
                            items.map((x) =>
                              x.key === i.key ? { ...x, food, serving: food.serving ?? null, sure: true } : x,
                            ),
                          )
                        }
                        onKeep={() => setItems(items.map((x) => (x.key === i.key ? { ...x, sure: true } : x)))}
                      />
                    )}
                  </>
                )}
              </li>
            ))}
          </ul>
          {found > 0 && <p class="quick-total">{totalSays(items)}</p>}
          {items.some(pending) && <p class="muted">Pick or keep a food for each unsure item, then log all.</p>}
          {found > 0 && (
            <button
              type="button"
              class="primary"
              disabled={busy || logging || editing !== null || items.some(pending)}
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

/** One item: its food, amount and kcal, with `Change` and `Remove` (named by the words typed, for a screen reader). */
function ItemRow({ item: i, onChange, onRemove }: { item: Item; onChange: () => void; onRemove: () => void }) {
  const says = i.food ? itemSays({ ...i, food: i.food }) : null;
  return (
    <div class="quick-item">
      {says ? (
        <span class="meal-main">
          <span class="name">{says.name}</span>
          <span class="muted">
            {says.amount} (“{i.text}”)
          </span>
        </span>
      ) : (
        <span class="muted meal-main">Nothing found for “{i.text}”: search for it above.</span>
      )}
      {says && <span class="kcal">{says.kcal === null ? "–" : `${kcal(says.kcal)} kcal`}</span>}
      <span class="item-actions">
        {i.food && (
          <button type="button" aria-label="Change" title={`Change ${i.text}`} onClick={onChange}>
            Change
          </button>
        )}
        <button type="button" aria-label="Remove" title={`Remove ${i.text}`} onClick={onRemove}>
          Remove
        </button>
      </span>
    </div>
  );
}

/** "Total 412 kcal · 3 foods" (a food whose energy is unknown is counted out, and said so). */
function totalSays(items: Item[]): string {
  let sum = 0;
  let n = 0;
  let unknown = 0;
  for (const i of items) {
    if (!i.food) continue;
    const k = itemSays({ ...i, food: i.food }).kcal;
    n++;
    if (k === null) unknown++;
    else sum += k;
  }
  const foods = `${n} ${n === 1 ? "food" : "foods"}`;
  return `Total ${kcal(sum)} kcal · ${foods}${unknown ? ` (${unknown} without a kcal value)` : ""}`;
}
