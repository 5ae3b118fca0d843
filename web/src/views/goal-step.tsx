/**
 * `Set your goal` (a region at the top of today's day view): sex, birth year, height, weight (in the person's
 * units), activity, goal and rate give a proposal by the server's own calculation (goals/suggest.ts), its
 * arithmetic shown; every figure can be changed; `Save goal` saves the goals, the profile nutrient targets use and
 * today's weigh-in here first, each queued for sync like any other change (offline too). `Not now` is kept in the
 * synced profile, so no device of the account asks again.
 */
import { useState } from "preact/hooks";
import { ACTIVITY_LEVELS, type ActivityLevel, GOAL_AIMS, type Suggestion } from "../../../src/features/goals/suggest";
import { useSubmit } from "../action";
import { CM_PER_IN, settingsOf } from "../activity";
import { parseDecimal } from "../decimal";
import {
  ACTIVITY_LABEL,
  DEFAULT_RATE,
  dismissGoalStep,
  FROM_PROFILE,
  inputOf,
  PROFILE_ACTIVITY,
  propose,
  RATES,
  rememberRate,
  type StepFields,
} from "../goal-step";
import { NumberInput } from "../number-input";
import { localProfile, saveProfile } from "../targets-local";
import { ErrorText, useApp, useData } from "../ui";
import { numberUnit, type WeightUnit } from "../weight-units";
import { EMPTY_WEIGHT, kgOfTyped, typedOf, WeightFields, type WeightTyped, WeightUnitChoice } from "./weight-entry";

const GOAL_LABEL = { lose: "Lose weight", keep: "Keep my weight", gain: "Gain weight" };
const FIGURES = [
  ["energy_kcal", "Energy goal (kcal)"],
  ["protein_g", "Protein goal (g)"],
  ["fat_g", "Fat goal (g)"],
  ["carbohydrate_g", "Carbohydrate goal (g)"],
] as const;
type Figure = (typeof FIGURES)[number][0];

export function GoalStep({ today, onDone }: { today: string; onDone: () => void }) {
  const app = useApp();
  const unit = app.user.weight_unit ?? "kg";
  const rateUnit = numberUnit(unit);
  const year = Number(today.slice(0, 4));
  const known = useData(async () => {
    const [profile, settings, weights] = await Promise.all([
      localProfile(app.db),
      settingsOf(app.db),
      app.db.getAll("weights"),
    ]);
    const latest = weights.sort((a, b) => a.date.localeCompare(b.date)).at(-1);
    return { profile, inches: settings.length_unit === "in", kg: latest?.kg ?? null };
  }, []);
  if (!known) return null;
  return <StepForm known={known} year={year} today={today} rateUnit={rateUnit} onDone={onDone} />;
}

function StepForm({
  known,
  year,
  today,
  rateUnit,
  onDone,
}: {
  known: { profile: Awaited<ReturnType<typeof localProfile>>; inches: boolean; kg: number | null };
  year: number;
  today: string;
  rateUnit: "kg" | "lb";
  onDone: () => void;
}) {
  const app = useApp();
  const unit = app.user.weight_unit ?? "kg";
  const p = known.profile;
  const height =
    p.height_cm === null ? "" : String(Math.round((known.inches ? p.height_cm / CM_PER_IN : p.height_cm) * 10) / 10);
  const [f, setF] = useState<StepFields>({
    sex: p.sex ?? "",
    birthYear: p.birth_year?.toString() ?? "",
    height,
    activity: p.activity ? FROM_PROFILE[p.activity] : "sedentary",
    goal: "lose",
    rate: DEFAULT_RATE[rateUnit],
  });
  const [weight, setWeight] = useState<WeightTyped>(known.kg === null ? EMPTY_WEIGHT : typedOf(known.kg, unit));
  const [own, setOwn] = useState<Partial<Record<Figure, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<StepFields>) => setF({ ...f, ...patch });
  // another unit: the weight typed so far is shown in it, and the rate is one of its own
  const changeUnit = (u: WeightUnit) => {
    const had = kgOfTyped(weight, unit);
    setWeight("kg" in had ? typedOf(had.kg, u) : EMPTY_WEIGHT);
    set({ rate: DEFAULT_RATE[numberUnit(u)] });
  };

  const typed = kgOfTyped(weight, unit);
  const made = inputOf(f, "kg" in typed ? typed.kg : null, { year, inches: known.inches, rateUnit });
  const proposal: Suggestion | null = "input" in made ? propose(made.input, year) : null;
  const shown = (k: Figure) => own[k] ?? (proposal ? String(proposal[k]) : "");

  const [save, busy] = useSubmit(async () => {
    if ("error" in typed && weight.main + weight.pounds !== "") return setError(typed.error);
    if ("error" in made) return setError(made.error);
    const goals = {} as Record<Figure, number | null>;
    for (const [k, label] of FIGURES) {
      const v = parseDecimal(shown(k));
      const max = k === "energy_kcal" ? 20_000 : 2_000;
      if (v === null || Number.isNaN(v) || v < 0 || v > max) return setError(`${label}: a number from 0 to ${max}.`);
      goals[k] = v;
    }
    setError(null);
    const i = made.input;
    await app.local.saveGoals({ goals, weekdays: {}, today });
    await saveProfile(app.sync, {
      ...known.profile,
      sex: i.sex,
      birth_year: i.birth_year,
      height_cm: i.height_cm,
      activity: PROFILE_ACTIVITY[i.activity],
      life_stage: i.sex === "male" ? null : known.profile.life_stage,
    });
    await app.local.saveWeight(today, i.weight_kg, null);
    await rememberRate(app.db, i.goal === "keep" ? 0 : (i.goal === "lose" ? -1 : 1) * (i.rate_per_week ?? 0));
    app.toast({ text: `Goal saved: ${goals.energy_kcal} kcal a day. Change it any time in Settings.` });
    onDone();
  });

  async function notNow() {
    await dismissGoalStep(app.sync);
    onDone();
  }

  return (
    <section class="group goal-step" aria-labelledby="goal-step-title">
      <h2 id="goal-step-title">Set your goal</h2>
      <p class="muted">A starting energy goal from your body and activity. Your weigh-ins will tell how right it is.</p>
      <form onSubmit={save} noValidate>
        <label>
          Sex
          <select onChange={(e) => set({ sex: (e.currentTarget as HTMLSelectElement).value })}>
            <option value="" selected={f.sex === ""}>
              Choose
            </option>
            <option value="female" selected={f.sex === "female"}>
              Female
            </option>
            <option value="male" selected={f.sex === "male"}>
              Male
            </option>
          </select>
        </label>
        <div class="row when">
          <label>
            Birth year
            <NumberInput value={f.birthYear} onValue={(birthYear) => set({ birthYear })} />
          </label>
          {/* the unit shown beside the name but not part of it (the spinbutton is `Height`); said as its description */}
          <label>
            Height <span aria-hidden="true">({known.inches ? "in" : "cm"})</span>
            <NumberInput value={f.height} onValue={(h) => set({ height: h })} aria-describedby="height-unit" />
          </label>
          <span id="height-unit" class="sr">
            {known.inches ? "inches" : "centimetres"}
          </span>
        </div>
        <div class="row when">
          <WeightFields unit={unit} value={weight} onValue={setWeight} unitChosen />
          <WeightUnitChoice unit={unit} onUnit={changeUnit} />
        </div>
        <label>
          Activity
          <select onChange={(e) => set({ activity: (e.currentTarget as HTMLSelectElement).value as ActivityLevel })}>
            {ACTIVITY_LEVELS.map((a) => (
              <option key={a} value={a} selected={a === f.activity}>
                {ACTIVITY_LABEL[a]}
              </option>
            ))}
          </select>
        </label>
        <div class="row when">
          <label>
            Goal
            <select onChange={(e) => set({ goal: (e.currentTarget as HTMLSelectElement).value as StepFields["goal"] })}>
              {GOAL_AIMS.map((g) => (
                <option key={g} value={g} selected={g === f.goal}>
                  {GOAL_LABEL[g]}
                </option>
              ))}
            </select>
          </label>
          {f.goal !== "keep" && (
            <label>
              Rate
              <select onChange={(e) => set({ rate: Number((e.currentTarget as HTMLSelectElement).value) })}>
                {RATES[rateUnit].map((r) => (
                  <option key={r} value={r} selected={r === f.rate}>
                    {r} {rateUnit} a week
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        {proposal ? <Arithmetic s={proposal} /> : <p class="muted">{"error" in made ? made.error : ""}</p>}
        {proposal && (
          <div class="row when">
            {FIGURES.map(([k, label]) => (
              <label key={k}>
                {label}
                <NumberInput value={shown(k)} onValue={(v) => setOwn({ ...own, [k]: v })} />
              </label>
            ))}
          </div>
        )}
        <ErrorText error={error} />
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            Save goal
          </button>
          <button type="button" onClick={() => void notNow()}>
            Not now
          </button>
        </div>
      </form>
    </section>
  );
}

/** The proposal's steps, as the API gives them, and what the equation is worth. */
function Arithmetic({ s }: { s: Suggestion }) {
  return (
    <div class="arithmetic" aria-live="polite">
      <ol>
        {s.steps.map((st) => (
          <li key={st.name}>
            {st.name}: {st.formula} = <strong>{st.kcal} kcal</strong>
          </li>
        ))}
      </ol>
      <p class="muted">
        Protein {s.protein_g} g (1.6 g per kg), fat {s.fat_g} g (30 % of energy), carbohydrate {s.carbohydrate_g} g (the
        rest).
      </p>
      {s.note && <p class="notice">{s.note}</p>}
      <p class="muted">
        Resting energy by the Mifflin–St Jeor equation (Am J Clin Nutr 1990): for most people it is right to within
        about a tenth either way, so treat the goal as a start and let your weigh-ins correct it.
      </p>
    </div>
  );
}
