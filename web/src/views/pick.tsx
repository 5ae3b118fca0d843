/**
 * Add food's repeats: `Recent` (what this person logs at this meal, each at the serving and kcal they had last
 * time there, filtered by what is typed in the search box) and `My meals` (saved meals, each logged with one
 * tap). Foods and saved meals can be ticked, then logged together with one `Add selected`.
 */
import { round } from "../round";
import { countOf } from "../amount-words";
import { useState } from "preact/hooks";
import { useAction } from "../action";
import { message } from "../api";
import { loadFood, type FoodHit } from "../foods";
import { logSavedMeal } from "../repeats";
import { startServing, typedServing, type LastServings, type Serving } from "../serving";
import type { Meal, MealType, SavedMealRec } from "../store";
import { ErrorText, kcal, MEAL_LABEL, useApp, useData } from "../ui";
import { returnTo } from "./return-to";

/** A recent food as `GET /foods/recent` gives it (Schemas["RecentFood"]), as a search hit with its last serving at this meal (the offline list builds the same). */
export type RecentHit = FoodHit & {
  last_quantity?: number | null;
  last_portion_id?: number | null;
  last_energy_kcal?: number | null;
};

/** What a tick stands for: a food at a serving (a recent one or a search result), or a saved meal. */
export type Ticked = { kind: "food"; hit: RecentHit; atMeal: boolean } | { kind: "saved"; saved: SavedMealRec };
export type Selection = Map<string, Ticked>;

/** The serving a row shows and `Add selected` logs. */
export function rowServing(hit: RecentHit, atMeal: Map<number, Meal>, last: LastServings): { text: string } {
  const here = atMeal.get(hit.id);
  if (here) {
    const what = here.measure
      ? here.measure
      : here.portion
        ? countOf(here.quantity, here.portion.name)
        : `${num(here.quantity)} g`;
    return { text: `${what} · ${kcal(here.nutrients.energy_kcal)} kcal` };
  }
  if (hit.last_quantity != null) {
    const p = hit.last_portion_id == null ? null : hit.default_portion;
    const what =
      hit.last_portion_id == null
        ? `${num(hit.last_quantity)} g`
        : p && p.id === hit.last_portion_id
          ? countOf(hit.last_quantity, p.name)
          : `${num(hit.last_quantity)} servings`;
    return { text: hit.last_energy_kcal == null ? what : `${what} · ${kcal(hit.last_energy_kcal)} kcal` };
  }
  const prev = last.get(hit.id);
  if (prev)
    return {
      text: prev.measure ?? (prev.portion ? countOf(prev.quantity, prev.portion.name) : `${num(prev.quantity)} g`),
    };
  return { text: "" };
}
const num = (v: number) => `${round(v, 2)}`;

/** The latest meal of each food at this meal type, from the local log (synced and waiting alike). */
export async function lastAtMeal(db: import("../store").Store, mealType: MealType): Promise<Map<number, Meal>> {
  const out = new Map<number, Meal>();
  for (const m of await db.getAll("meals")) {
    if (!m.food || m.meal_type !== mealType) continue;
    const seen = out.get(m.food.id);
    if (!seen || m.eaten_at > seen.eaten_at) out.set(m.food.id, m);
  }
  return out;
}

/** Every word typed is in the food's name (or short name). */
export function matches(hit: FoodHit, q: string): boolean {
  const text = `${hit.short_name ?? ""} ${hit.name}`.toLowerCase();
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .every((w) => text.includes(w));
}

/** A tick box named by the item, beside the row's own button. */
export function Tick({
  id,
  label,
  sel,
  onToggle,
}: {
  id: string;
  label: string;
  sel: Selection;
  onToggle: () => void;
}) {
  return (
    // the label is the 44×44 px a finger hits; the box inside stays the size people know
    <label class="tick-box">
      <input type="checkbox" class="tick" aria-label={label} checked={sel.has(id)} onChange={onToggle} title={label} />
    </label>
  );
}

interface SavedProps {
  sel: Selection;
  toggle: (key: string, t: Ticked) => void;
  mealType: MealType;
  date: string;
  today: string;
}

const savedMeals = async (db: import("../store").Store) =>
  (await db.getAll("saved_meals")).sort((a, b) => a.name.localeCompare(b.name));

/** `My meals`: every saved meal, each ticked or logged with one tap. */
export function MyMeals(p: SavedProps) {
  const app = useApp();
  const saved = useData(() => savedMeals(app.db), []);
  if (!saved) return null;
  if (!saved.length)
    return (
      <p class="muted">
        No saved meals yet. In the day view, <strong>Save as meal</strong> keeps a meal's foods to log again in one tap.
      </p>
    );
  return <SavedList {...p} items={saved} label="My meals" />;
}

/**
 * In `Recent`: the saved meals made of foods this person logs at this meal (each of their foods is among the
 * recent ones here), so a usual dinner is one tap away without switching to `My meals`.
 */
export function RecentMeals(p: SavedProps & { recentIds: Set<number>; q: string }) {
  const app = useApp();
  const saved = useData(() => savedMeals(app.db), []);
  const fits = (saved ?? []).filter(
    (m) =>
      m.entries.some((e) => e.food) &&
      m.entries.every((e) => !e.food || p.recentIds.has(e.food.id)) &&
      (!p.q.trim() || matches({ id: 0, name: m.name, brand: null, energy_kcal: null }, p.q)),
  );
  if (!fits.length) return null;
  return <SavedList {...p} items={fits} label="Your meals" />;
}

function SavedList({
  sel,
  toggle,
  mealType,
  date,
  today,
  items,
  label,
}: SavedProps & { items: SavedMealRec[]; label: string }) {
  const app = useApp();
  const [error, setError] = useState<string | null>(null);
  const [log, logging] = useAction(async (rec: SavedMealRec) => {
    try {
      await logSavedMeal(app, rec, { mealType, date, today: date === today });
      returnTo(mealType);
      app.go(date === today ? "#/" : `#/day/${date}`, true);
    } catch (e) {
      setError(message(e));
    }
  });
  return (
    <>
      <ErrorText error={error} focus={!!error} />
      <ul class="results picks" aria-label={label}>
        {items.map((m) => (
          <li key={m.id}>
            <Tick
              id={`saved:${m.id}`}
              label={m.name}
              sel={sel}
              onToggle={() => toggle(`saved:${m.id}`, { kind: "saved", saved: m })}
            />
            <span class="pick-main">
              <span class="name">{m.name}</span>
              <span class="muted">
                {m.entries.length} {m.entries.length === 1 ? "item" : "items"} · {kcal(m.energy_kcal)} kcal
              </span>
            </span>
            <button type="button" disabled={logging} aria-label={`Log ${m.name}`} onClick={() => void log(m)}>
              Log
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Logs everything ticked at `mealType` on `date`: each food at the serving its row showed, then each saved
 * meal; logged today, they keep the order they were ticked in.
 */
export async function addSelected(
  app: ReturnType<typeof useApp>,
  sel: Selection,
  at: { mealType: MealType; date: string; today: boolean },
  atMeal: Map<number, Meal>,
  last: LastServings,
): Promise<number> {
  let n = 0;
  const start = Date.now();
  for (const t of sel.values()) {
    if (t.kind === "saved") {
      n += await logSavedMeal(app, t.saved, at);
      continue;
    }
    const food = await loadFood(app.db, t.hit.id);
    if (!food) throw new Error(`${t.hit.name} is not available offline; try again when the server is reachable.`);
    const serving = servingFor(food, t, atMeal, last);
    await app.local.logMeal({
      food,
      quantity: serving.quantity,
      portion: serving.portion,
      measure: serving.measure,
      ...at,
      ...(at.today ? { eatenAt: new Date(start + n * 1000).toISOString().replace(/\.\d+Z$/, "Z") } : {}),
    });
    n++;
  }
  return n;
}

function servingFor(
  food: import("../store").FoodRec,
  t: Extract<Ticked, { kind: "food" }>,
  atMeal: Map<number, Meal>,
  last: LastServings,
): Serving {
  const typed = typedServing(food, t.hit.serving);
  if (typed) return typed;
  const here = t.atMeal ? atMeal.get(food.id) : undefined;
  if (here) {
    const said = here.measure ? { measure: here.measure } : {};
    if (!here.portion) return { quantity: here.quantity, portion: null, ...said };
    const p = food.portions.find((x) => x.id === here.portion!.id);
    if (p) return { quantity: here.quantity, portion: p, ...said };
  }
  if (t.atMeal && t.hit.last_quantity != null) {
    if (t.hit.last_portion_id == null) return { quantity: t.hit.last_quantity, portion: null };
    const p = food.portions.find((x) => x.id === t.hit.last_portion_id);
    if (p) return { quantity: t.hit.last_quantity, portion: p };
  }
  return startServing(food, last);
}

export const mealLabel = (t: MealType) => (MEAL_LABEL[t] ?? t).toLowerCase();
