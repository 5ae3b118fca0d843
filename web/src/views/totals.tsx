/**
 * The day's Totals: energy and macros against the day's goals (its Nutrients are in day-nutrients.tsx).
 */
import { MEAL_NUTRIENT_KEYS } from "../../../src/db/nutrients";
import type { Goals, Meal } from "../store";
import { shownDifference } from "../round";
import { grams, kcal } from "../ui";

type Sums = Record<string, number>;

/** Sums like the server's totals: a nutrient unknown for a meal is left out of its sum. */
export function sum(meals: Meal[]): Sums {
  const out: Sums = Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, 0]));
  for (const m of meals) for (const k of MEAL_NUTRIENT_KEYS) out[k]! += m.nutrients[k] ?? 0;
  return out;
}

/**
 * `exercise`: the kcal Add exercise to my budget adds (null: the setting is off); `netCarbs`: the day's carbohydrate
 * goal counts net carbs, so its carbs are carbohydrate − fibre. `exerciseLeftOut`: the day's exercise kcal while the
 * setting is off, said so with a link to it (else logging exercise changed nothing on the day, and nothing said why).
 */
export function Totals({
  totals,
  goals,
  exercise = null,
  exerciseLeftOut = null,
  netCarbs = false,
}: {
  totals: Sums;
  goals: Goals | null;
  exercise?: number | null;
  exerciseLeftOut?: number | null;
  netCarbs?: boolean;
}) {
  const carbs = netCarbs ? totals.carbohydrate_g! - totals.fiber_g! : totals.carbohydrate_g!;
  const rows: [string, string, number, number | null, string][] = [
    ["energy_kcal", "Energy (kcal)", totals.energy_kcal!, goals?.energy_kcal ?? null, "kcal"],
    ["protein_g", "Protein (g)", totals.protein_g!, goals?.protein_g ?? null, "g"],
    ["fat_g", "Fat (g)", totals.fat_g!, goals?.fat_g ?? null, "g"],
    ["carbohydrate_g", netCarbs ? "Net carbs (g)" : "Carbs (g)", carbs, goals?.carbohydrate_g ?? null, "g"],
  ];
  const fmt = (v: number, unit: string) => (unit === "kcal" ? kcal(v) : grams(v));
  // what is left is the goal shown minus the eaten shown: 96 kcal eaten (95.5) of 1420 leaves 1324, not 1325
  const leftOf = (goal: number, eaten: number, unit: string) => shownDifference(goal, eaten, unit === "kcal" ? 0 : 1);
  const leftCell = (goal: number | null, eaten: number, unit: string) => {
    if (goal === null) return "–";
    const d = leftOf(goal, eaten, unit);
    return d < 0 ? `${fmt(-d, unit)} over` : fmt(d, unit);
  };
  const energyGoal = goals?.energy_kcal ?? null;
  const budget = energyGoal === null ? null : energyGoal + (exercise ?? 0);
  const left = budget === null ? 0 : leftOf(budget, totals.energy_kcal!, "kcal");
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
      {exerciseLeftOut !== null && exerciseLeftOut > 0 && (
        <p class="budget muted">
          Exercise {kcal(exerciseLeftOut)} kcal (not added to your budget:{" "}
          <a href="#/settings/activity-title">Add exercise to my budget</a> is off)
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

/** The day's Nutrients region lives in day-nutrients.tsx. */
export { Nutrients } from "./day-nutrients";
