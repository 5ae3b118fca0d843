/**
 * Settings → `Profile`: sex, birth year, height, activity and life stage, each optional and each saying what it is
 * used for. They choose the DRI group the nutrient targets come from (and, with the latest weight, an energy
 * reference); nothing else reads them. Saved here first and synced (targets-local.ts).
 */
import { useState } from "preact/hooks";
import { useSubmit } from "../action";
import { NumberInput, notANumber, parseDecimal } from "../number-input";
import { ACTIVITY_LABEL, FROM_PROFILE } from "../goal-step";
import { ACTIVITIES, LIFE_STAGES, SEXES, saveProfile, type Profile } from "../targets-local";
import { dateIn, ErrorText, useApp } from "../ui";

const SEX_LABEL: Record<string, string> = { female: "Female", male: "Male" };
/** The goal step's words for each level: one level and one factor in both places. */
const ACTIVITY_WORDS: Record<string, string> = Object.fromEntries(
  ACTIVITIES.map((a) => [a, ACTIVITY_LABEL[FROM_PROFILE[a]]]),
);
const STAGE_LABEL: Record<string, string> = { pregnancy: "Pregnancy", lactation: "Breastfeeding (lactation)" };

/** A select whose empty option means "not said". */
function Choice<T extends string>(p: {
  name: string;
  label: string;
  options: readonly T[];
  labels: Record<string, string>;
  value: T | null;
  empty: string;
  note: string;
  onChange?: (v: string) => void;
}) {
  return (
    <>
      <label>
        {p.label}
        <select
          name={p.name}
          aria-describedby={`${p.name}-note`}
          onChange={(e) => p.onChange?.((e.target as HTMLSelectElement).value)}
        >
          <option value="" selected={p.value === null}>
            {p.empty}
          </option>
          {p.options.map((o) => (
            <option key={o} value={o} selected={o === p.value}>
              {p.labels[o]}
            </option>
          ))}
        </select>
      </label>
      <p class="muted field-note" id={`${p.name}-note`}>
        {p.note}
      </p>
    </>
  );
}

export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (note: string) => void }) {
  const app = useApp();
  const lastYear = Number(dateIn(app.user.timezone).slice(0, 4)) - 1;
  const [error, setError] = useState<string | null>(null);
  // pregnancy and lactation are offered only with sex Female or not said (the server refuses them with Male)
  const [sex, setSex] = useState<string>(profile.sex ?? "");

  const [save, busy] = useSubmit(async (form) => {
    const f = new FormData(form);
    const pick = <T extends string>(name: string, allowed: readonly T[]) => {
      const v = String(f.get(name) ?? "");
      return (allowed as readonly string[]).includes(v) ? (v as T) : null;
    };
    const year = parseDecimal(String(f.get("birth_year") ?? ""));
    const height = parseDecimal(String(f.get("height_cm") ?? ""));
    if (Number.isNaN(year)) return setError(notANumber("Birth year", String(f.get("birth_year"))));
    if (Number.isNaN(height)) return setError(notANumber("Height", String(f.get("height_cm"))));
    if (year !== null && (!Number.isInteger(year) || year < 1900 || year > lastYear))
      return setError(`Birth year: a whole year from 1900 to ${lastYear}, or leave it empty.`);
    if (height !== null && (height < 50 || height > 272))
      return setError("Height: from 50 to 272 cm, or leave it empty.");
    const next: Profile = {
      ...profile, // what this form does not show (goal_step_dismissed) is kept
      sex: pick("sex", SEXES),
      birth_year: year,
      height_cm: height === null ? null : Math.round(height * 10) / 10,
      activity: pick("activity", ACTIVITIES),
      life_stage: pick("life_stage", LIFE_STAGES),
    };
    if (next.life_stage && next.sex === "male")
      return setError("Life stage: pregnancy and breastfeeding need the sex Female, or none said.");
    setError(null);
    await saveProfile(app.sync, next);
    onSaved("Profile saved. Your nutrient targets follow it.");
  });

  return (
    <section aria-labelledby="profile-title">
      <form onSubmit={save} noValidate class="profile">
        <h2 id="profile-title">Profile</h2>
        <p class="muted">
          All optional. Morsel uses these only to choose your nutrient targets from the Dietary Reference Intakes; left
          empty, it uses adult reference values.
        </p>
        <Choice
          name="sex"
          label="Sex"
          options={SEXES}
          labels={SEX_LABEL}
          value={profile.sex}
          onChange={setSex}
          empty="Not said"
          note="Women's and men's reference values differ from age 9 (iron, zinc, vitamins A, C, K and more). Not said: the higher minimum and the lower upper limit of the two."
        />
        <label>
          Birth year
          <NumberInput
            name="birth_year"
            defaultValue={profile.birth_year?.toString() ?? ""}
            aria-describedby="birth_year-note"
          />
        </label>
        <p class="muted field-note" id="birth_year-note">
          Picks your age band (9–13, 14–18, 19–30, 31–50, 51–70, over 70). Empty: 19–30.
        </p>
        <label>
          Height
          <NumberInput
            name="height_cm"
            defaultValue={profile.height_cm?.toString() ?? ""}
            aria-describedby="height_cm-note"
          />
        </label>
        <p class="muted field-note" id="height_cm-note">
          In centimetres. With your activity and latest weight, it gives an energy reference beside your energy goal
          (the same figure as Set your goal's maintenance).
        </p>
        <Choice
          name="activity"
          label="Activity level"
          options={ACTIVITIES}
          labels={ACTIVITY_WORDS}
          value={profile.activity}
          empty="Not said"
          note="For the energy reference, as in Set your goal."
        />
        <Choice
          name="life_stage"
          label="Life stage"
          options={sex === "male" ? [] : LIFE_STAGES}
          labels={STAGE_LABEL}
          value={sex === "male" ? null : profile.life_stage}
          empty="None"
          note={
            sex === "male"
              ? "Pregnancy and breastfeeding are offered with the sex Female or Not said."
              : "Pregnancy and breastfeeding have their own reference values (more folate, iron, zinc, choline and others)."
          }
        />
        <ErrorText error={error} />
        <button type="submit" class="primary" disabled={busy}>
          Save profile
        </button>
      </form>
    </section>
  );
}
