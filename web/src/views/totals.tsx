/**
 * The day's Totals (energy and macros against the day's goals) and its Nutrients: fibre, sugars,
 * saturated fat and sodium from the meals themselves (the server's stored values), then every other
 * nutrient the day's foods carry, from the foods' full values where this device has them.
 */
import { MEAL_NUTRIENT_KEYS } from "../../../src/db/nutrients";
import { EXTRA_LABEL, INFO, MEAL_EXTRA, NutrientList, splitRows, unitOf, type NutrientRow } from "./nutrient-list";
import { api } from "../api";
import { fromFood } from "../records";
import type { Goals, Meal, Store } from "../store";
import { grams, kcal, useApp, useData } from "../ui";

type Sums = Record<string, number>;

/** Sums like the server's totals: a nutrient unknown for a meal is left out of its sum. */
export function sum(meals: Meal[]): Sums {
  const out: Sums = Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, 0]));
  for (const m of meals) for (const k of MEAL_NUTRIENT_KEYS) out[k]! += m.nutrients[k] ?? 0;
  return out;
}

/** `exercise`: the kcal Add exercise to my budget adds (null: the setting is off). */
export function Totals({
  totals,
  goals,
  exercise = null,
}: {
  totals: Sums;
  goals: Goals | null;
  exercise?: number | null;
}) {
  const rows: [string, string, number, number | null, string][] = [
    ["energy_kcal", "Energy (kcal)", totals.energy_kcal!, goals?.energy_kcal ?? null, "kcal"],
    ["protein_g", "Protein (g)", totals.protein_g!, goals?.protein_g ?? null, "g"],
    ["fat_g", "Fat (g)", totals.fat_g!, goals?.fat_g ?? null, "g"],
    ["carbohydrate_g", "Carbs (g)", totals.carbohydrate_g!, goals?.carbohydrate_g ?? null, "g"],
  ];
  const fmt = (v: number, unit: string) => (unit === "kcal" ? kcal(v) : grams(v));
  const leftCell = (goal: number | null, eaten: number, unit: string) =>
    goal === null ? "–" : goal - eaten < 0 ? `${fmt(eaten - goal, unit)} over` : fmt(goal - eaten, unit);
  const energyGoal = goals?.energy_kcal ?? null;
  const budget = energyGoal === null ? null : energyGoal + (exercise ?? 0);
  const left = budget === null ? 0 : budget - totals.energy_kcal!;
  const over = energyGoal !== null && left < 0;
  const pct = budget ? Math.min(100, (100 * totals.energy_kcal!) / budget) : 0;
  return (
    <section class="totals" aria-labelledby="totals-title">
      <h2 id="totals-title">Totals</h2>
      <p class="big">
        <span>{kcal(totals.energy_kcal)} kcal eaten</span>
        {energyGoal !== null && (
          <span class={over ? "over" : undefined}>
            {" "}
            of {kcal(energyGoal)} kcal goal · {over ? `${kcal(-left)} kcal over` : `${kcal(left)} kcal remaining`}
          </span>
        )}
      </p>
      {energyGoal !== null && exercise !== null && (
        <p class="budget muted">
          Goal {kcal(energyGoal)} + exercise {kcal(exercise)} − food {kcal(totals.energy_kcal)} = {kcal(left)} kcal
          remaining
        </p>
      )}
      {energyGoal !== null && (
        <div class={`bar${over ? " over" : ""}`} aria-hidden="true">
          <div
            class="fill"
            ref={(el) => {
              if (el) el.style.width = `${pct}%`;
            }}
          />
        </div>
      )}
      <table class="macros">
        <thead>
          <tr>
            <th scope="col">
              <span class="sr">Nutrient</span>
            </th>
            <th scope="col">Eaten</th>
            <th scope="col">Goal</th>
            <th scope="col">Left</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, label, eaten, goal, unit]) => (
            <tr key={key} class={goal !== null && eaten > goal ? "over" : undefined}>
              <th scope="row">{label}</th>
              <td>{fmt(eaten, unit)}</td>
              <td>{goal === null ? "–" : fmt(goal, unit)}</td>
              <td>
                {leftCell(goal === null ? null : goal + (key === "energy_kcal" ? (exercise ?? 0) : 0), eaten, unit)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const SKIP = new Set(["energy_kcal", "energy_kj", "protein_g", "fat_g", "carbohydrate_g", ...MEAL_EXTRA]);

/** Full nutrient values of the day's foods, fetched once for foods this device has not seen in full. */
async function fullFoods(db: Store, meals: Meal[]) {
  const out = new Map<number, Record<string, number | null>>();
  for (const id of new Set(meals.flatMap((m) => (m.food ? [m.food.id] : [])))) {
    let food = await db.get("foods", id);
    if (!food?.all && id > 0) {
      try {
        food = fromFood(await api<Record<string, unknown>>("GET", `/foods/${id}`), food?.version ?? null);
        if (food.all) await db.put("foods", { ...food, portions: food.portions });
      } catch {} // offline or gone: the meal's own eight nutrients still count
    }
    if (food?.all) out.set(id, food.all);
  }
  return out;
}

export function Nutrients({ meals }: { meals: Meal[] }) {
  const app = useApp();
  const full = useData(() => fullFoods(app.db, meals), [meals.map((m) => m.id).join()]);
  const base = sum(meals);
  const known = (k: string) => meals.some((m) => m.nutrients[k] !== null && m.nutrients[k] !== undefined);
  // every entry counts in "of": a food without a value for a nutrient (or a quick add) is said, not hidden
  const of = meals.length;
  const rows: NutrientRow[] = MEAL_EXTRA.filter(known).map((k) => ({
    key: k,
    label: EXTRA_LABEL[k]!,
    value: base[k]!,
    unit: unitOf(k),
    from: { known: meals.filter((m) => m.nutrients[k] !== null && m.nutrients[k] !== undefined).length, of },
  }));
  let covered = 0;
  const extra: Sums = {};
  const carry: Sums = {};
  const withFood = meals.filter((m) => m.food);
  for (const m of withFood) {
    const all = full?.get(m.food!.id);
    if (!all) continue;
    covered++;
    for (const [k, v] of Object.entries(all))
      if (v !== null && !SKIP.has(k) && INFO.has(k)) {
        extra[k] = (extra[k] ?? 0) + (v * m.grams) / 100;
        carry[k] = (carry[k] ?? 0) + 1;
      }
  }
  const { first, more } = splitRows(extra, SKIP, (k) => ({ known: carry[k] ?? 0, of }));
  rows.push(...first);
  const list = (items: NutrientRow[]) => <NutrientList rows={items} />;
  return (
    <section class="nutrients" aria-labelledby="nutrients-title">
      <h2 id="nutrients-title">Nutrients</h2>
      {rows.length === 0 ? <p class="muted">Nothing logged yet that says more than energy and macros.</p> : list(rows)}
      {more.length > 0 && (
        <details>
          <summary>{more.length} more nutrients</summary>
          {list(more)}
        </details>
      )}
      {covered < withFood.length && (
        <p class="muted">
          Vitamins and minerals from {covered} of {withFood.length} entries (the rest are not on this device yet).
        </p>
      )}
      <p class="muted">Goals are set for energy and macros (Settings); the Totals above compare against them.</p>
    </section>
  );
}
