/**
 * The `Set your goal` step's facts: when it shows (an account with no energy goal today that has not said
 * `Not now`, kept in the synced profile so no other device asks again), what the form's fields make of the
 * server's calculation (goals/suggest.ts, run here so it works offline and equals POST /goals/suggest), and the
 * profile it saves (the one nutrient targets use).
 */
import {
  type ActivityLevel,
  HEIGHT_RANGE,
  LEVEL_OF_PROFILE,
  PROFILE_ACTIVITY,
  RATE_RANGE,
  type SuggestInput,
  type Suggestion,
  suggestGoal,
} from "../../src/features/goals/suggest";
import { CM_PER_IN } from "./activity";
import { parseDecimal } from "./decimal";
import { goalsFor, type GoalsRecord } from "./goals";
import { getMeta, setMeta, type Store } from "./store";
import type { Sync } from "./sync";
import { localProfile, saveProfile } from "./targets-local";

/** Where this device kept `Not now` before the profile did (still read: such a device does not ask again). */
const DISMISSED = "goal_step";

/** Shown on today's day view: after the first pull (an account's goals are known), with no energy goal yet. */
export async function goalStepDue(db: Store, today: string, pulled: boolean): Promise<boolean> {
  if (!pulled && (await getMeta<string>(db, "cursor")) === undefined) return false;
  if ((await localProfile(db)).goal_step_dismissed) return false;
  if ((await getMeta<{ dismissed: boolean }>(db, DISMISSED))?.dismissed) return false;
  const record = (await getMeta<{ goals: GoalsRecord | null }>(db, "goals"))?.goals ?? null;
  return goalsFor(record, today)?.energy_kcal == null;
}

/** `Not now`: kept in the profile (here first, then synced), so the account's other devices do not ask either. */
export async function dismissGoalStep(sync: Sync): Promise<void> {
  await saveProfile(sync, { ...(await localProfile(sync.db)), goal_step_dismissed: true });
}

const RATE_KEY = "goal_rate";

/** The weekly rate the person chose (in the API's weight unit, negative: loss): the day view's estimate follows it. */
export const rememberRate = (db: Store, ratePerWeek: number) => setMeta(db, RATE_KEY, { rate_per_week: ratePerWeek });
export const chosenRate = async (db: Store) =>
  (await getMeta<{ rate_per_week: number }>(db, RATE_KEY))?.rate_per_week ?? 0;

/** The rates offered a week, in the person's unit (kg; lb for lb and stones and pounds). */
export const RATES = { kg: [0.25, 0.5, 0.75, 1], lb: [0.5, 1, 1.5, 2] } as const;
export const DEFAULT_RATE = { kg: 0.5, lb: 1 } as const;

/** The profile's name for each level (one level, one factor: Settings' energy reference is the step's maintenance). */
export { PROFILE_ACTIVITY };
export const FROM_PROFILE = LEVEL_OF_PROFILE;

/** Each level in words with its factor: the goal step's `Activity` and Settings → Profile's `Activity level`. */
export const ACTIVITY_LABEL: Record<ActivityLevel, string> = {
  sedentary: "Sedentary: little or no exercise (× 1.2)",
  light: "Light: exercise 1–3 days a week (× 1.375)",
  moderate: "Moderate: exercise 3–5 days a week (× 1.55)",
  very: "Very active: hard exercise 6–7 days a week (× 1.725)",
  extra: "Extra active: physical job or training twice a day (× 1.9)",
};

export interface StepFields {
  sex: string;
  birthYear: string;
  height: string;
  activity: ActivityLevel;
  goal: SuggestInput["goal"];
  rate: number;
}

/** The calculation's input from the fields, or what to fix first. `kg`: the weight typed, already checked. */
export function inputOf(
  f: StepFields,
  kg: number | null,
  o: { year: number; inches: boolean; rateUnit: "kg" | "lb" },
): { input: SuggestInput } | { error: string } {
  if (f.sex !== "female" && f.sex !== "male") return { error: "Sex: choose female or male (the equation needs it)." };
  const year = parseDecimal(f.birthYear);
  if (year === null || !Number.isInteger(year) || o.year - year < 18 || o.year - year > 100)
    return { error: `Birth year: from ${o.year - 100} to ${o.year - 18} (the equation is for adults).` };
  const h = parseDecimal(f.height);
  const cm = h === null || Number.isNaN(h) ? null : o.inches ? h * CM_PER_IN : h;
  if (cm === null || cm < HEIGHT_RANGE.min || cm > HEIGHT_RANGE.max) {
    const [lo, hi] = o.inches
      ? [Math.ceil(HEIGHT_RANGE.min / CM_PER_IN), Math.floor(HEIGHT_RANGE.max / CM_PER_IN)]
      : [HEIGHT_RANGE.min, HEIGHT_RANGE.max];
    return { error: `Height: from ${lo} to ${hi} ${o.inches ? "inches" : "cm"}.` };
  }
  if (kg === null) return { error: "Weight: type your weight today." };
  const { min, max } = RATE_RANGE[o.rateUnit];
  if (f.goal !== "keep" && (f.rate < min || f.rate > max)) return { error: "Rate: choose one." };
  return {
    input: {
      sex: f.sex,
      birth_year: year,
      height_cm: Math.round(cm * 10) / 10,
      weight_kg: kg,
      activity: f.activity,
      goal: f.goal,
      rate_per_week: f.goal === "keep" ? null : f.rate,
      rate_unit: o.rateUnit,
    },
  };
}

export const propose = (input: SuggestInput, year: number): Suggestion => suggestGoal(input, year);
