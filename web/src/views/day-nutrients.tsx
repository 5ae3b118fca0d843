/**
 * The day's `Nutrients` region: each nutrient that has a target as a bar against it (nutrient-bar.tsx), the
 * ones this person chose first on top and the rest under "more"; then the nutrients without a target as a list.
 * Amounts come from the meals as stored and from the foods' full values on this device (day-amounts.ts); an
 * entry that does not say is counted as not known. Which nutrients come first is kept on this device.
 */
import { useState } from "preact/hooks";
import { amountOf, amountsOf } from "../day-amounts";
import { fetchFood } from "../foods";
import { fromFood } from "../records";
import { getMeta, setMeta, type Meal, type Store } from "../store";
import { nutrientName } from "../nutrient-names";
import { loadTargets, type TargetItem } from "../targets";
import { dateIn, useApp, useData } from "../ui";
import { BarLegend, NutrientBar } from "./nutrient-bar";
import { EXTRA_LABEL, FIRST, INFO, MEAL_EXTRA, NutrientList, unitOf, type NutrientRow } from "./nutrient-list";

/** The nutrients shown first until the person chooses: fibre, sodium, then the ten people look for first. */
export const DEFAULT_FIRST = ["fiber_g", "sodium_mg", "saturated_fat_g", ...FIRST.keys()];
const FIRST_KEY = "nutrients:first";
/** Energy is the Totals' (against the goal); so are the macros where they have no target. */
const NOT_HERE = new Set(["energy_kcal", "energy_kj"]);
const MACROS = new Set(["protein_g", "fat_g", "carbohydrate_g"]);
const label = (k: string) => EXTRA_LABEL[k] ?? FIRST.get(k) ?? nutrientName(k, INFO.get(k)!.name);

/** Full nutrient values of the day's foods, fetched once for foods this device has not seen in full. */
export async function fullFoods(db: Store, meals: Meal[]) {
  const out = new Map<number, Record<string, number | null>>();
  for (const id of new Set(meals.flatMap((m) => (m.food ? [m.food.id] : [])))) {
    let food = await db.get("foods", id);
    if (!food?.all && id > 0) {
      try {
        food = fromFood(await fetchFood(id), food?.version ?? null);
        if (food.all) await db.put("foods", { ...food, portions: food.portions });
      } catch {} // offline or gone: its values stay not known
    }
    if (food?.all) out.set(id, food.all);
  }
  return out;
}

export function Nutrients({ meals, date }: { meals: Meal[]; date: string }) {
  const app = useApp();
  const full = useData(() => fullFoods(app.db, meals), [meals.map((m) => m.id).join()]);
  const targets = useData(() => loadTargets(app.db, date, dateIn(app.user.timezone)), [date]);
  const chosen = useData(async () => (await getMeta<string[]>(app.db, FIRST_KEY)) ?? DEFAULT_FIRST, []);
  const amounts = amountsOf(meals, full ?? new Map());
  const of = meals.length;
  const items = (targets?.items ?? []).filter((t) => !NOT_HERE.has(t.key) && (t.minimum ?? t.maximum) !== null);
  const first = new Set(chosen ?? DEFAULT_FIRST);
  const firstItems = [...first].flatMap((k) => items.filter((t) => t.key === k));
  const moreItems = items.filter((t) => !first.has(t.key));
  const withTarget = new Set(items.map((t) => t.key));
  // what the day's foods carry with no target to measure against: fibre, sugars, saturated fat and sodium
  // first, then the ten people look for first, in the catalogue's order
  const order = [...MEAL_EXTRA, ...FIRST.keys(), ...INFO.keys()];
  const plain: NutrientRow[] = [...amounts]
    .filter(([k, a]) => a.known > 0 && !withTarget.has(k) && !NOT_HERE.has(k) && !MACROS.has(k) && INFO.has(k))
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([k, a]) => ({ key: k, label: label(k), value: a.value, unit: unitOf(k), from: a }));
  const plainFirst = plain.filter((r) => MEAL_EXTRA.includes(r.key) || FIRST.has(r.key));
  const plainMore = plain.filter((r) => !plainFirst.includes(r));
  const bars = (list: TargetItem[]) => (
    <ul class="nbars">
      {list.map((t) => (
        <NutrientBar key={t.key} item={t} amount={amountOf(amounts, t.key, of)} />
      ))}
    </ul>
  );
  const notOnDevice = meals.filter((m) => m.food && full && !full.has(m.food.id)).length;
  return (
    <section class="nutrients" aria-labelledby="nutrients-title">
      <h2 id="nutrients-title">Nutrients</h2>
      {of === 0 ? (
        <p class="muted">Nothing logged yet.</p>
      ) : items.length === 0 ? (
        <>
          <NutrientList rows={plainFirst} />
          {plainMore.length > 0 && (
            <details>
              <summary>{plainMore.length} more nutrients</summary>
              <NutrientList rows={plainMore} />
            </details>
          )}
        </>
      ) : (
        <>
          {targets && <p class="muted">{targets.basis_note}</p>}
          <BarLegend />
          {bars(firstItems)}
          {moreItems.length > 0 && (
            <details>
              <summary>{moreItems.length} more nutrients with a target</summary>
              {bars(moreItems)}
            </details>
          )}
          {plain.length > 0 && (
            <details>
              <summary>{plain.length} without a target</summary>
              <NutrientList rows={plain} />
            </details>
          )}
        </>
      )}
      {notOnDevice > 0 && (
        <p class="muted">
          Vitamins and minerals of {notOnDevice} {notOnDevice === 1 ? "entry are" : "entries are"} not on this device
          yet: they count as not known.
        </p>
      )}
      {items.length > 0 && <FirstChooser items={items} chosen={[...first]} />}
    </section>
  );
}

/** Which nutrients come first: a checkbox per nutrient with a target, saved on this device. */
function FirstChooser({ items, chosen }: { items: TargetItem[]; chosen: string[] }) {
  const app = useApp();
  const [picked, setPicked] = useState(chosen);
  const toggle = async (key: string, on: boolean) => {
    const next = on ? [...picked.filter((k) => k !== key), key] : picked.filter((k) => k !== key);
    setPicked(next);
    await setMeta(app.db, FIRST_KEY, next);
    app.sync.onData(); // the day view re-reads
  };
  return (
    <details class="first-chooser">
      <summary>Choose which nutrients come first</summary>
      <fieldset>
        <legend>Shown first, in the order picked</legend>
        {items.map((t) => (
          <label key={t.key} class="check">
            <input
              type="checkbox"
              checked={picked.includes(t.key)}
              onChange={(e) => void toggle(t.key, (e.target as HTMLInputElement).checked)}
            />
            {nutrientName(t.key, t.name)}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
