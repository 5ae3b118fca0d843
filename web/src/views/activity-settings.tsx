/**
 * Settings → Activity: `Add exercise to my budget` (off by default: a goal from the expenditure estimate already
 * holds your usual exercise), the water and length units, the glass size and the steps and water goals. Saved here
 * first and synced (entity activity_settings).
 */
import { round } from "../round";
import { useState } from "preact/hooks";
import { ML_PER_FL_OZ, putSettings, settingsOf, type Settings } from "../activity";
import { NumberInput, parseDecimal } from "../number-input";
import { useApp, useData } from "../ui";

export function ActivitySettingsRegion() {
  const app = useApp();
  const s = useData(() => settingsOf(app.db), []);
  const [ticked, setTicked] = useState<boolean | null>(null);
  if (!s) return null;
  const save = (patch: Partial<Settings>) => void putSettings(app.sync, patch);
  const oz = s.water_unit === "fl_oz";
  const numberField = (label: string, value: number | null, write: (v: number | null) => void) => (
    <label>
      {label}
      <NumberInput
        key={`${label}:${value}`}
        defaultValue={value === null ? "" : String(round(value, 1))}
        onBlur={(e) => {
          const v = parseDecimal((e.target as HTMLInputElement).value);
          if (!Number.isNaN(v) && v !== value) write(v);
        }}
      />
    </label>
  );
  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title">Exercise and water</h2>
      <label class="check">
        <input
          type="checkbox"
          checked={ticked ?? s.exercise_in_budget}
          aria-describedby="budget-note"
          onChange={(e) => {
            const v = (e.target as HTMLInputElement).checked;
            setTicked(v);
            save({ exercise_in_budget: v });
          }}
        />
        Add exercise to my budget
      </label>
      <p id="budget-note" class="muted">
        Off: your goal stays as set, which suits a goal from the expenditure estimate (it already holds your usual
        exercise). On: the day's remaining is goal + exercise − food.
      </p>
      <div class="row quick">
        <label>
          Water unit
          <select
            onChange={(e) => save({ water_unit: (e.target as HTMLSelectElement).value as Settings["water_unit"] })}
          >
            <option value="ml" selected={!oz}>
              ml
            </option>
            <option value="fl_oz" selected={oz}>
              fl oz
            </option>
          </select>
        </label>
        <label>
          Length unit
          <select
            onChange={(e) => save({ length_unit: (e.target as HTMLSelectElement).value as Settings["length_unit"] })}
          >
            <option value="cm" selected={s.length_unit === "cm"}>
              cm
            </option>
            <option value="in" selected={s.length_unit === "in"}>
              in
            </option>
          </select>
        </label>
      </div>
      <div class="row quick">
        {numberField(`Glass (${oz ? "fl oz" : "ml"})`, oz ? s.glass_ml / ML_PER_FL_OZ : s.glass_ml, (v) => {
          const ml = v === null ? 250 : oz ? v * ML_PER_FL_OZ : v;
          if (ml >= 20 && ml <= 2000) save({ glass_ml: Math.round(ml) });
        })}
        {numberField(
          `Water goal (${oz ? "fl oz" : "ml"})`,
          s.water_goal_ml === null ? null : oz ? s.water_goal_ml / ML_PER_FL_OZ : s.water_goal_ml,
          (v) => {
            const ml = v === null ? null : oz ? v * ML_PER_FL_OZ : v;
            if (ml === null || (ml >= 0 && ml <= 20000)) save({ water_goal_ml: ml === null ? null : Math.round(ml) });
          },
        )}
        {numberField("Steps goal", s.steps_goal, (v) => {
          if (v === null || (v >= 0 && v <= 200000)) save({ steps_goal: v === null ? null : Math.round(v) });
        })}
      </div>
    </section>
  );
}
