/**
 * Saved meals in the Foods view: one listitem each, with Edit (its name, each entry's quantity, removing
 * entries) and Delete (Undo saves it again). From the local copy, so it works offline.
 */
import { round } from "../round";
import { countOf } from "../amount-words";
import { useState } from "preact/hooks";
import { useSubmit } from "../action";
import { message } from "../api";
import { deleteSavedMeal, saveMeal } from "../repeats";
import type { SavedEntry, SavedMealRec } from "../store";
import { ErrorText, kcal, useApp, useData } from "../ui";
import { NumberInput, notANumber, parseDecimal } from "../number-input";

/** "2 large", "150 g", "quick add". */
const servingOf = (e: SavedEntry) =>
  e.quick_add ? "quick add" : e.portion ? countOf(e.quantity, e.portion.name) : `${num(e.quantity)} g`;
const num = (v: number) => `${round(v, 2)}`;

export function SavedMealsList() {
  const app = useApp();
  const list = useData(
    async () => (await app.db.getAll("saved_meals")).sort((a, b) => a.name.localeCompare(b.name)),
    [],
  );
  if (!list) return null;

  async function remove(m: SavedMealRec) {
    await deleteSavedMeal(app.sync, m);
    app.toast({
      text: `Deleted ${m.name}.`,
      action: { label: "Undo", run: () => void saveMeal(app.sync, null, m.name, m.entries) },
    });
  }

  return (
    <section aria-labelledby="saved-title">
      <h2 id="saved-title">My meals</h2>
      {list.length === 0 ? (
        <p class="muted">No saved meals yet: use Save as meal on a meal in the day view.</p>
      ) : (
        <ul class="meals own-foods" aria-label="My meals">
          {list.map((m) => (
            <li key={m.id}>
              <span class="meal-main">
                <span class="name">{m.name}</span>
                <span class="muted">
                  Meal · {m.entries.length} {m.entries.length === 1 ? "item" : "items"} · {kcal(m.energy_kcal)} kcal
                </span>
              </span>
              <button
                type="button"
                aria-label="Edit"
                title={`Edit ${m.name}`}
                onClick={() => app.go(`#/foods/meal/${m.id}`)}
              >
                Edit
              </button>
              <button type="button" aria-label="Delete" title={`Delete ${m.name}`} onClick={() => void remove(m)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `#/foods/meal/ID`: rename a saved meal, change an entry's quantity or remove it. */
export function SavedMealFormView({ id }: { id: string }) {
  const app = useApp();
  const rec = useData(async () => (await app.db.get("saved_meals", id)) ?? null, [id]);
  if (rec === undefined) return null;
  if (!rec)
    return (
      <main>
        <h1>Not here</h1>
        <p>
          This saved meal is not on this device (deleted, or not yet synced). <a href="#/foods">Your foods</a>
        </p>
      </main>
    );
  return <SavedMealForm rec={rec} />;
}

function SavedMealForm({ rec }: { rec: SavedMealRec }) {
  const app = useApp();
  const [entries, setEntries] = useState<SavedEntry[]>(rec.entries);
  const [error, setError] = useState<string | null>(null);
  const [submit, busy] = useSubmit(async (form) => {
    const name = String(new FormData(form).get("name") ?? "").trim();
    if (!name) return setError("Give the meal a name.");
    if (!entries.length) return setError("Keep at least one entry, or delete the meal from Your foods.");
    const bad = Object.values(texts).find((t) => !((parseDecimal(t) ?? 0) > 0));
    if (bad !== undefined)
      return setError(Number.isNaN(parseDecimal(bad)) ? notANumber("Quantity", bad) : "Quantity: more than 0.");
    try {
      await saveMeal(app.sync, rec, name, entries);
      app.go("#/foods", true);
    } catch (e) {
      setError(message(e));
    }
  });
  /** What is typed in each Quantity, kept as typed ("1,5"); the entry changes when it reads as a number. */
  const [texts, setTexts] = useState<Record<number, string>>({});
  const setQuantity = (i: number, text: string) => {
    setTexts((t) => ({ ...t, [i]: text }));
    const q = parseDecimal(text);
    if (q === null || !(q > 0)) return;
    setEntries((list) =>
      list.map((e, j) => {
        if (j !== i || e.quick_add) return e;
        const ratio = q / e.quantity;
        return {
          ...e,
          quantity: q,
          grams: e.grams * ratio,
          energy_kcal: e.energy_kcal === null ? null : e.energy_kcal * ratio,
        };
      }),
    );
  };
  return (
    <main>
      <form onSubmit={submit} aria-label="Saved meal">
        <h1>Edit {rec.name}</h1>
        <label>
          Meal name
          <input type="text" name="name" defaultValue={rec.name} maxLength={100} required />
        </label>
        <ul class="meals" aria-label="Entries">
          {entries.map((e, i) => (
            <li key={`${i}-${e.food?.id ?? "q"}`} class="saved-entry">
              <span class="meal-main">
                <span class="name">{e.food?.name ?? e.quick_add?.description ?? "Quick add"}</span>
                <span class="muted">
                  {servingOf(e)} · {kcal(e.energy_kcal)} kcal
                </span>
              </span>
              {!e.quick_add && (
                <label class="qty">
                  <NumberInput
                    aria-label="Quantity"
                    value={texts[i] ?? String(e.quantity)}
                    onValue={(text) => setQuantity(i, text)}
                  />{" "}
                  <span class="muted">{e.portion ? `× ${e.portion.name}` : "g"}</span>
                </label>
              )}
              <button
                type="button"
                title={`Remove ${e.food?.name ?? "quick add"}`}
                onClick={() => {
                  setEntries((list) => list.filter((_, j) => j !== i));
                  setTexts({}); // the typed quantities went into the entries; their places move up
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <ErrorText error={error} focus={!!error} />
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            Save meal
          </button>
          <button type="button" onClick={() => history.back()}>
            Cancel
          </button>
        </div>
      </form>
    </main>
  );
}
