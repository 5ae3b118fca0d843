/**
 * Goals in Settings: the every-day goals, an energy goal for any weekday that differs (a weekday
 * left empty uses the every-day goals), and the date the plan applies from, so a change never
 * rewrites the days before it (API.md §Goals). Saved local first, like every change.
 */
import { useState } from "preact/hooks";
import { WEEKDAYS, type Weekday } from "../../../src/features/goals/plans";
import type { GoalsRecord } from "../goals";
import type { Goals } from "../store";
import { dateIn, useApp } from "../ui";

const GOAL_FIELDS: [keyof Goals, string, number][] = [
  ["energy_kcal", "Energy goal (kcal)", 20000],
  ["protein_g", "Protein goal (g)", 2000],
  ["fat_g", "Fat goal (g)", 2000],
  ["carbohydrate_g", "Carbohydrate goal (g)", 2000],
];
const DAY_LABEL = (d: Weekday) => d[0]!.toUpperCase() + d.slice(1);
const num = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === "" ? null : Number(v));

export function GoalsForm({ record, onSaved }: { record: GoalsRecord | null; onSaved: (note: string) => void }) {
  const app = useApp();
  const today = dateIn(app.user.timezone);
  const weekdays = record?.weekdays ?? {};
  const [open, setOpen] = useState(Object.keys(weekdays).length > 0);

  async function save(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const goals = Object.fromEntries(GOAL_FIELDS.map(([name]) => [name, num(f.get(name))])) as unknown as Goals;
    const days: Partial<Record<Weekday, Goals>> = {};
    for (const d of WEEKDAYS) {
      const kcal = num(f.get(`day-${d}`));
      // a weekday's other goals stay as they were (the API may have set them), else follow every day's
      if (kcal !== null) days[d] = { ...goals, ...weekdays[d], energy_kcal: kcal };
    }
    const from = String(f.get("from") ?? "");
    await app.local.saveGoals({ goals, weekdays: days, from: from && from !== today ? from : undefined, today });
    onSaved(from && from !== today ? `Goals saved; they apply from ${from}.` : "Goals saved.");
  }

  return (
    <form onSubmit={save} aria-labelledby="goals-title">
      <h2 id="goals-title">Daily goals</h2>
      {GOAL_FIELDS.map(([name, label, max]) => (
        <label key={name}>
          {label}
          <input
            name={name}
            type="number"
            min="0"
            max={max}
            step="any"
            defaultValue={record?.[name]?.toString() ?? ""}
          />
        </label>
      ))}
      <details open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>Other energy goals on some weekdays</summary>
        <p class="muted">Empty: that day uses the goals above.</p>
        <div class="weekday-goals">
          {WEEKDAYS.map((d) => (
            <label key={d}>
              {DAY_LABEL(d)} (kcal)
              <input
                name={`day-${d}`}
                type="number"
                min="0"
                max={20000}
                step="any"
                defaultValue={weekdays[d]?.energy_kcal?.toString() ?? ""}
              />
            </label>
          ))}
        </div>
      </details>
      <label>
        Apply from
        <input name="from" type="date" defaultValue={today} aria-describedby="from-note" />
      </label>
      <p class="muted" id="from-note">
        Days before this date keep the goals they had.
      </p>
      <button type="submit" class="primary">
        Save goals
      </button>
    </form>
  );
}
