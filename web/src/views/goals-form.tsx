/**
 * Goals in Settings: the every-day goals, an energy goal for any weekday that differs (a weekday
 * left empty uses the every-day goals), and the date the plan applies from, so a change never
 * rewrites the days before it (API.md §Goals). Saved local first, like every change.
 */
import { Fragment } from "preact";
import { useState } from "preact/hooks";
import { WEEKDAYS, type Weekday } from "../../../src/features/goals/plans";
import type { GoalsRecord } from "../goals";
import type { Goals } from "../store";
import { useSubmit } from "../action";
import { NumberInput, notANumber, parseDecimal } from "../number-input";
import { checks, inWords, loadedChecks, useChecks } from "../refusals";
import { dateIn, ErrorText, useApp } from "../ui";
import { BalanceNote, convertFields, GramsOfPercent, givenInPercent, readMacros, shownValue } from "./macro-units";

const GOAL_FIELDS: [keyof Goals, string][] = [
  ["energy_kcal", "Energy goal (kcal)"],
  ["protein_g", "Protein goal (g)"],
  ["fat_g", "Fat goal (g)"],
  ["carbohydrate_g", "Carbohydrate goal (g)"],
];
const DAY_LABEL = (d: Weekday) => d[0]!.toUpperCase() + d.slice(1);
const GOAL_LABELS: Record<string, string> = {
  ...Object.fromEntries(GOAL_FIELDS),
  ...Object.fromEntries(WEEKDAYS.map((d) => [`weekdays.${d}.energy_kcal`, `${DAY_LABEL(d)} (kcal)`])),
};
const num = (v: FormDataEntryValue | null) => parseDecimal(String(v ?? ""));

export function GoalsForm({ record, onSaved }: { record: GoalsRecord | null; onSaved: (note: string) => void }) {
  const app = useApp();
  const today = dateIn(app.user.timezone);
  const weekdays = record?.weekdays ?? {};
  const [open, setOpen] = useState(Object.keys(weekdays).length > 0);
  const [error, setError] = useState<string | null>(null);
  useChecks(); // the server's rules, loaded while the person types
  // macros in grams or in % of energy (macro-units.tsx), and the live check that they add up
  const [inPct, setInPct] = useState(givenInPercent(record));
  const [startedInPct] = useState(inPct); // the fields' first values; a switch converts what is typed (convertFields)
  const [typed, setTyped] = useState(() => ({
    goals: record ?? readMacros(new FormData(), false).goals,
    missing: false,
  }));
  const retype = (form: HTMLFormElement, pct = inPct) => {
    const r = readMacros(new FormData(form), pct);
    setTyped({ goals: r.goals, missing: r.missingEnergy });
  };

  // one tap, one plan (a double tap sent it twice)
  const [save, busy] = useSubmit(async (form) => {
    const f = new FormData(form);
    const labels: [string, string][] = [
      ...GOAL_FIELDS.map(([k, l]) => [k, l] as [string, string]),
      ...WEEKDAYS.map((d) => [`day-${d}`, `${DAY_LABEL(d)} (kcal)`] as [string, string]),
    ];
    const typo = labels.find(([k]) => Number.isNaN(num(f.get(k))));
    if (typo) return setError(notANumber(typo[1], String(f.get(typo[0]))));
    const { goals, macros, missingEnergy } = readMacros(f, inPct);
    if (missingEnergy) return setError("Macros in % of energy need an energy goal.");
    const days: Partial<Record<Weekday, Goals>> = {};
    for (const d of WEEKDAYS) {
      const kcal = num(f.get(`day-${d}`));
      // a weekday's other goals stay as they were (the API may have set them), else follow every day's
      if (kcal !== null) days[d] = { ...goals, ...weekdays[d], energy_kcal: kcal };
    }
    const from = String(f.get("from") ?? "");
    // the server's own rules (goals/validate.ts), so a plan the sync would refuse stays in the form
    const body = { ...goals, ...macros, weekdays: days, ...(from && from !== today ? { from } : {}) };
    const refused = (loadedChecks() ?? (await checks())).goalsRefusals(body, today);
    if (refused.length) return setError(inWords(refused[0]!, GOAL_LABELS));
    setError(null);
    await app.local.saveGoals({
      goals,
      weekdays: days,
      from: from && from !== today ? from : undefined,
      today,
      macros,
    });
    onSaved(from && from !== today ? `Goals saved; they apply from ${from}.` : "Goals saved.");
  });

  return (
    <form onSubmit={save} aria-labelledby="goals-title" onInput={(e) => retype(e.currentTarget)}>
      <h2 id="goals-title">Daily goals</h2>
      <label>
        Macro goals in
        <select
          name="macro_unit"
          onChange={(e) => {
            const pct = (e.target as HTMLSelectElement).value === "pct";
            const form = (e.target as HTMLSelectElement).form!;
            convertFields(form, pct);
            setInPct(pct);
            retype(form, pct);
          }}
        >
          <option value="g" selected={!inPct}>
            grams
          </option>
          <option value="pct" selected={inPct}>
            % of energy
          </option>
        </select>
      </label>
      {GOAL_FIELDS.map(([name, label]) => (
        <Fragment key={name}>
          <label>
            {inPct && name !== "energy_kcal" ? label.replace("(g)", "(% of energy)") : label}
            <NumberInput
              name={name}
              defaultValue={shownValue(record, name, startedInPct)}
              aria-describedby={inPct && name !== "energy_kcal" ? `grams-${name}` : undefined}
            />
          </label>
          {inPct && name !== "energy_kcal" && <GramsOfPercent id={`grams-${name}`} grams={typed.goals[name]} />}
        </Fragment>
      ))}
      <label class="check">
        <input type="checkbox" name="net_carbs" defaultChecked={record?.net_carbs === true} />
        Carbohydrate goal counts net carbs (carbohydrate − fibre)
      </label>
      <BalanceNote goals={typed.goals} missingEnergy={typed.missing} />
      <details open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>Other energy goals on some weekdays</summary>
        <p class="muted">Empty: that day uses the goals above.</p>
        <div class="weekday-goals">
          {WEEKDAYS.map((d) => (
            <label key={d}>
              {DAY_LABEL(d)} (kcal)
              <NumberInput name={`day-${d}`} defaultValue={weekdays[d]?.energy_kcal?.toString() ?? ""} />
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
      <ErrorText error={error} />
      <button type="submit" class="primary" disabled={busy}>
        Save goals
      </button>
    </form>
  );
}
