/**
 * Week → Expenditure → Set your energy goal: how a suggestion is applied to the goals (goal-rate.ts), the choices
 * shown only where they matter (days that differ; protein, carbs and fat that are set), and what was set, in words.
 */
import {
  describeDays,
  hasMacros,
  hasShape,
  macroGap,
  planForAverage,
  weeklyAverage,
  type WeekPlan,
} from "../goal-rate";
import type { GoalsRecord } from "../goals";
import type { Local } from "../records";
import { kcal } from "../ui";

const planOf = (r: GoalsRecord | null): WeekPlan => ({
  goals: {
    energy_kcal: r?.energy_kcal ?? null,
    protein_g: r?.protein_g ?? null,
    fat_g: r?.fat_g ?? null,
    carbohydrate_g: r?.carbohydrate_g ?? null,
  },
  weekdays: r?.weekdays ?? {},
});

/** Saves the goals for a suggested daily average; answers what was set, for the person. */
export async function applyRate(
  local: Local,
  record: GoalsRecord | null,
  energy: number,
  label: string,
  o: { keepShape: boolean; fitMacros: boolean },
  today: string,
): Promise<string> {
  const before = planOf(record);
  const next = planForAverage(before, energy, o);
  await local.saveGoals({ goals: next.goals, weekdays: next.weekdays, today });
  const shaped = hasShape(next);
  let text = shaped
    ? `Energy goal set to ${kcal(energy)} kcal a day on average (${label.toLowerCase()}): ${describeDays(next)}.`
    : `Energy goal set to ${kcal(energy)} kcal (${label.toLowerCase()}).`;
  const gap = macroGap(next);
  if (gap) {
    const by = Math.abs(gap.macros - gap.energy);
    text += ` Your protein, carbs and fat goals add up to ${kcal(gap.macros)} kcal a day, ${kcal(by)} kcal ${
      gap.macros > gap.energy ? "more" : "less"
    } than the energy goal${shaped ? "'s average" : ""}: change them in Settings, or set the goal again with them scaled.`;
  } else if (o.fitMacros && hasMacros(next) && !sameMacros(before, next)) {
    const g = next.goals;
    text += ` Protein, carbs and fat were scaled to fit: ${g.protein_g} g, ${g.carbohydrate_g} g and ${g.fat_g} g${
      shaped ? " on most days" : ""
    }.`;
  }
  return text;
}

const sameMacros = (a: WeekPlan, b: WeekPlan) =>
  a.goals.protein_g === b.goals.protein_g &&
  a.goals.fat_g === b.goals.fat_g &&
  a.goals.carbohydrate_g === b.goals.carbohydrate_g;

export function GoalOptions({
  record,
  keepShape,
  fitMacros,
  onShape,
  onMacros,
}: {
  record: GoalsRecord | null;
  keepShape: boolean;
  fitMacros: boolean;
  onShape: (v: boolean) => void;
  onMacros: (v: boolean) => void;
}) {
  const plan = planOf(record);
  const shape = hasShape(plan);
  const macros = hasMacros(plan);
  if (!shape && !macros) return null;
  const avg = weeklyAverage(plan);
  return (
    <div class="goal-options">
      {shape && (
        <fieldset>
          <legend>Your days differ ({describeDays(plan)})</legend>
          <label class="check">
            <input type="radio" name="spread" checked={keepShape} onChange={() => onShape(true)} />
            Keep the difference, scaled to the new average
          </label>
          <label class="check">
            <input type="radio" name="spread" checked={!keepShape} onChange={() => onShape(false)} />
            The same goal every day
          </label>
          {avg !== null && <p class="muted">They average {kcal(avg)} kcal a day now.</p>}
        </fieldset>
      )}
      {macros && (
        <label class="check">
          <input
            type="checkbox"
            checked={fitMacros}
            onChange={(e) => onMacros((e.currentTarget as HTMLInputElement).checked)}
          />
          Scale protein, carbs and fat to fit the new energy goal
        </label>
      )}
    </div>
  );
}
