/** Quick entry on Add food: a whole line ("2 eggs, toast with butter and a coffee") read into items, then logged together. */
import { useState } from "preact/hooks";
import { message } from "../api";
import { loadFood, parseLineOfFood, type LineHit } from "../foods";
import { servingLabel, startServing, typedServing } from "../serving";
import type { MealType } from "../store";
import { dateIn, ErrorText, useApp } from "../ui";

export function QuickEntry({ mealType, date }: { mealType: MealType; date: string }) {
  const app = useApp();
  const [text, setText] = useState("");
  const [items, setItems] = useState<LineHit[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function read(e: Event) {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      setItems((await parseLineOfFood(app.db, text.trim())).items);
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }

  async function logAll() {
    if (!items) return;
    setBusy(true);
    setError(null);
    try {
      const today = dateIn(app.user.timezone);
      for (const item of items) {
        if (!item.food) continue;
        const food = await loadFood(app.db, item.food.id);
        if (!food)
          throw new Error(
            `${item.food.short_name ?? item.food.name} is not available offline; try again when the server is reachable.`,
          );
        const start = typedServing(food, item.serving) ?? startServing(food, new Map());
        await app.local.logMeal({
          food,
          quantity: start.quantity,
          portion: start.portion,
          mealType,
          date,
          today: date === today,
        });
      }
      app.go(date === today ? "#/" : `#/day/${date}`, true);
    } catch (err) {
      setError(message(err));
      setBusy(false);
    }
  }

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
          <ul class="results" aria-label="Quick entry items">
            {items.map((i, n) => (
              <li key={n}>
                {i.food ? (
                  <span>
                    <span class="name">{i.food.short_name ?? i.food.name}</span>{" "}
                    <span class="muted">
                      {servingLabel({ ...i.food, serving: i.serving }, new Map())} (“{i.text}”)
                    </span>
                  </span>
                ) : (
                  <span class="muted">Nothing found for “{i.text}”: search for it above.</span>
                )}
              </li>
            ))}
          </ul>
          {found > 0 && (
            <button type="button" disabled={busy} onClick={() => void logAll()}>
              Log all
            </button>
          )}
        </>
      )}
    </section>
  );
}
