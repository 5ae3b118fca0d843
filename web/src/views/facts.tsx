/**
 * A food's Nutrition facts for the amount in the log form: energy and macros with saturated fat,
 * sugars, fibre and sodium, then the vitamins and minerals the food carries (where this device has
 * its full values: online, or a food seen in full before).
 */
import type { FoodRec } from "../store";
import { kcal } from "../ui";
import { NutrientList, splitRows, unitOf, type NutrientRow } from "./nutrient-list";

/** [key, label, part of the row above] */
const CORE: [string, string, boolean][] = [
  ["protein_g", "Protein", false],
  ["fat_g", "Fat", false],
  ["saturated_fat_g", "of which saturated", true],
  ["carbohydrate_g", "Carbs", false],
  ["sugars_g", "of which sugars", true],
  ["fiber_g", "Fibre", false],
  ["sodium_mg", "Sodium", false],
];
const SKIP = new Set(["energy_kcal", "energy_kj", ...CORE.map(([k]) => k)]);

/** `amount`: the serving said once, with its weight ("2 slices · 56 g", "150 g"). */
export function NutritionFacts({ food, amount, weight }: { food: FoodRec; amount: string; weight: number }) {
  const at = (v: number | null | undefined) => (v === null || v === undefined ? null : (v * weight) / 100);
  const core: NutrientRow[] = CORE.flatMap(([key, label, sub]) => {
    const v = at(food.per100g[key] ?? food.all?.[key]);
    return v === null ? [] : [{ key, label, value: v, unit: unitOf(key), sub }];
  });
  const others: Record<string, number> = {};
  for (const [k, v] of Object.entries(food.all ?? {})) if (v !== null) others[k] = at(v)!;
  const { first, more } = splitRows(others, SKIP);
  const energy = at(food.per100g.energy_kcal);
  return (
    <section class="facts" aria-labelledby="facts-title">
      <h3 id="facts-title">Nutrition facts</h3>
      <p class="muted">
        for {amount}
        {energy === null ? "" : ` · ${kcal(energy)} kcal`}
      </p>
      <NutrientList rows={[...core, ...first]} />
      {more.length > 0 && (
        <details>
          <summary>{more.length} more nutrients</summary>
          <NutrientList rows={more} />
        </details>
      )}
      {!food.all && <p class="muted">Vitamins and minerals show once this food has been loaded online.</p>}
      <p class="muted">A nutrient not listed has no value for this food: it is not known, not 0.</p>
    </section>
  );
}
