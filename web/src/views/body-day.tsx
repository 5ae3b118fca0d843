/**
 * The day's Water and Steps regions. Water: `Add a glass` adds the glass size (250 ml by default) and
 * `Water (ml)` (or fl oz, by the unit setting) sets the day's total; Steps: the day's count. Saved here
 * first and synced, as weigh-ins are. Neither changes the energy budget.
 */
import { round } from "../round";
import { useEffect, useState } from "preact/hooks";
import { addToValue, ML_PER_FL_OZ, setValue, type Settings } from "../activity";
import { NumberInput, notANumber, parseDecimal } from "../number-input";
import type { ActivityRec } from "../store";
import { useApp } from "../ui";

const num = (r: ActivityRec | undefined) => (r ? Number(r.data.value) : null);
const round1 = (x: number) => round(x, 1);

/** What the day view gives each of its value regions: the date, its stored values by metric, and the settings. */
type DayValues = { day: string; values: Record<string, ActivityRec>; settings: Settings };

export function WaterRegion({ day, values, settings }: DayValues) {
  const app = useApp();
  const ml = num(values.water_ml) ?? 0;
  const oz = settings.water_unit === "fl_oz";
  const unit = oz ? "fl oz" : "ml";
  const shown = oz ? round1(ml / ML_PER_FL_OZ) : round(ml);
  const [text, setText] = useState(String(shown));
  useEffect(() => setText(String(shown)), [shown]);
  // every tap one glass, added to the latest stored value (not this render's), one after another
  const glass = () => addToValue(app.sync, day, "water_ml", settings.glass_ml, 20000);
  const save = () => {
    const v = parseDecimal(text);
    if (v === null || Number.isNaN(v) || v < 0) return setText(String(shown));
    const next = oz ? v * ML_PER_FL_OZ : v;
    if (Math.abs(next - ml) > 0.01)
      void setValue(app.sync, day, "water_ml", Math.min(20000, Math.round(next * 100) / 100));
  };
  const goal = settings.water_goal_ml;
  return (
    <section class="group water" aria-labelledby="water-title">
      <div class="group-head">
        <h2 id="water-title">Water</h2>
        <span class="muted">
          {shown} {unit}
          {goal ? ` of ${oz ? round1(goal / ML_PER_FL_OZ) : goal} ${unit}` : ""}
        </span>
      </div>
      <label>
        {`Water (${unit})`}
        <NumberInput value={text} onValue={setText} onBlur={save} onKeyDown={(e) => e.key === "Enter" && save()} />
      </label>
      <div class="group-actions">
        <button type="button" class="add" onClick={() => void glass()}>
          Add a glass
        </button>
      </div>
      <p class="muted">
        A glass is {oz ? `${round1(settings.glass_ml / ML_PER_FL_OZ)} fl oz` : `${settings.glass_ml} ml`} (Settings).
      </p>
    </section>
  );
}

export function StepsRegion({ day, values, settings }: DayValues) {
  const app = useApp();
  const steps = num(values.steps);
  const [text, setText] = useState(steps === null ? "" : String(steps));
  useEffect(() => setText(steps === null ? "" : String(steps)), [steps]);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const v = parseDecimal(text);
    if (v === null) return setText(steps === null ? "" : String(steps));
    // refused here with the typed text kept (it was put back without a word)
    if (Number.isNaN(v)) return setError(notANumber("Steps", text));
    if (v < 0 || v > 200000) return setError(`Steps: from 0 to 200,000; ${text.trim()} was not saved.`);
    setError(null);
    if (Math.round(v) !== steps) void setValue(app.sync, day, "steps", Math.round(v));
  };
  return (
    <section class="group steps" aria-labelledby="steps-title">
      <div class="group-head">
        <h2 id="steps-title">Steps</h2>
        {settings.steps_goal ? <span class="muted">goal {settings.steps_goal.toLocaleString("en")}</span> : null}
      </div>
      <label>
        Steps
        <NumberInput
          value={text}
          onValue={setText}
          onBlur={save}
          onKeyDown={(e) => e.key === "Enter" && save()}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "steps-error" : undefined}
        />
      </label>
      {error && (
        <p class="error" id="steps-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
