/**
 * Nutrients as a list of name and amount: the day's Nutrients region and a food's Nutrition facts
 * share the names (fibre, sugars, the ten vitamins and minerals people look for first) and formats.
 */
import { round } from "../round";
import { NUTRIENTS } from "../../../src/db/nutrients";
import { grams } from "../ui";

export interface NutrientRow {
  key: string;
  label: string;
  value: number;
  unit: string;
  /** Part of the row above (saturated fat of fat, sugars of carbs): indented. */
  sub?: boolean;
  /** How many of the foods summed carry a value for it, of how many: a sum of some is never shown as the whole. */
  from?: { known: number; of: number };
}

export const MEAL_EXTRA = ["fiber_g", "sugars_g", "saturated_fat_g", "sodium_mg"];
export const EXTRA_LABEL: Record<string, string> = {
  fiber_g: "Fibre",
  sugars_g: "Sugars",
  saturated_fat_g: "Saturated fat",
  sodium_mg: "Sodium",
};
/** Shown first, under these names; the rest sit under "more". */
export const FIRST = new Map([
  ["cholesterol_mg", "Cholesterol"],
  ["potassium_mg", "Potassium"],
  ["calcium_mg", "Calcium"],
  ["iron_mg", "Iron"],
  ["magnesium_mg", "Magnesium"],
  ["vitamin_a_rae_ug", "Vitamin A"],
  ["vitamin_c_mg", "Vitamin C"],
  ["vitamin_d_ug", "Vitamin D"],
  ["vitamin_b12_ug", "Vitamin B12"],
  ["folate_ug", "Folate"],
]);
export const INFO = new Map<string, { name: string; unit: string }>(NUTRIENTS.map((n) => [n.key, n]));
export const unitOf = (key: string) => {
  const u = INFO.get(key)?.unit ?? "";
  return u === "ug" ? "µg" : u;
};

/** The catalogue's other nutrients in its order, split into the ten named first and the rest. */
export function splitRows(
  values: Record<string, number>,
  skip: ReadonlySet<string>,
  from?: (key: string) => NutrientRow["from"],
): { first: NutrientRow[]; more: NutrientRow[] } {
  const first: NutrientRow[] = [];
  const more: NutrientRow[] = [];
  for (const n of NUTRIENTS) {
    const v = values[n.key];
    if (v === undefined || skip.has(n.key)) continue;
    const row = { key: n.key, label: FIRST.get(n.key) ?? n.name, value: v, unit: unitOf(n.key), from: from?.(n.key) };
    (FIRST.has(n.key) ? first : more).push(row);
  }
  return { first, more };
}

export function NutrientList({ rows }: { rows: NutrientRow[] }) {
  return (
    <dl>
      {rows.map((r) => (
        <div key={r.key} class={r.sub ? "sub" : undefined}>
          <dt>{r.label}</dt>
          <dd>
            {r.unit === "g" ? grams(r.value) : round(r.value, 1)} {r.unit}
            {r.from && r.from.known < r.from.of && (
              <span class="muted">
                {" "}
                from {r.from.known} of {r.from.of} foods
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
