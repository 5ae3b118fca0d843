/**
 * Settings → Activity: `Add exercise to my budget` (off by default: a goal from the expenditure estimate already
 * holds your usual exercise), the water and length units, the glass size and the steps and water goals. Saved here
 * first and synced (entity activity_settings).
 */
import { round } from "../round";
import { useState } from "preact/hooks";
import { ML_PER_FL_OZ, putSettings, settingsOf, type Settings } from "../activity";
import { NumberInput, notANumber, parseDecimal } from "../number-input";
import { useApp, useData } from "../ui";

export function ActivitySettingsRegion() {
  const app = useApp();
  const s = useData(() => settingsOf(app.db), []);
  const [ticked, setTicked] = useState<boolean | null>(null);
  if (!s) return null;
  const save = (patch: Partial<Settings>) => void putSettings(app.sync, patch);
  const oz = s.water_unit === "fl_oz";
  const numberField = (
    label: string,
    value: number | null,
    range: [number, number],
    write: (v: number | null) => void,
    empty = true,
  ) => <SettingNumber key={label} label={label} value={value} range={range} write={write} empty={empty} />;
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
        {numberField(
          `Glass (${oz ? "fl oz" : "ml"})`,
          oz ? s.glass_ml / ML_PER_FL_OZ : s.glass_ml,
          oz ? [round(20 / ML_PER_FL_OZ, 1), round(2000 / ML_PER_FL_OZ, 1)] : [20, 2000],
          (v) => save({ glass_ml: v === null ? 250 : Math.round(oz ? v * ML_PER_FL_OZ : v) }),
          false,
        )}
        {numberField(
          `Water goal (${oz ? "fl oz" : "ml"})`,
          s.water_goal_ml === null ? null : oz ? s.water_goal_ml / ML_PER_FL_OZ : s.water_goal_ml,
          oz ? [0, round(20000 / ML_PER_FL_OZ, 1)] : [0, 20000],
          (v) => save({ water_goal_ml: v === null ? null : Math.round(oz ? v * ML_PER_FL_OZ : v) }),
        )}
        {numberField("Steps goal", s.steps_goal, [0, 200000], (v) =>
          save({ steps_goal: v === null ? null : Math.round(v) }),
        )}
      </div>
    </section>
  );
}

/**
 * A number saved when the field is left: one out of its range (or not a number) is refused here, with a message
 * beside it and the typed text kept (it was dropped without a word). Empty: no value, where `empty` allows it.
 */
function SettingNumber(props: {
  label: string;
  value: number | null;
  range: [number, number];
  write: (v: number | null) => void;
  empty: boolean;
}) {
  const { label, value, range, write } = props;
  const [error, setError] = useState<string | null>(null);
  const id = `setting-${label.replace(/[^a-z]+/gi, "-").toLowerCase()}-error`;
  return (
    <label>
      {label}
      <NumberInput
        key={`${label}:${value}`}
        defaultValue={value === null ? "" : String(round(value, 1))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id : undefined}
        onBlur={(e) => {
          const text = (e.target as HTMLInputElement).value;
          const v = parseDecimal(text);
          const why = Number.isNaN(v)
            ? notANumber(label, text)
            : v === null
              ? props.empty
                ? null
                : `${label}: enter a number from ${range[0]} to ${range[1]}.`
              : v < range[0] || v > range[1]
                ? `${label}: from ${range[0]} to ${range[1].toLocaleString("en")}; ${text.trim()} was not saved.`
                : null;
          setError(why);
          if (!why && v !== value) write(v);
        }}
      />
      {error && (
        <span class="error" id={id} role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
