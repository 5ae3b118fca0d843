/**
 * A first energy goal from a person's body and aims (API.md §Goals, POST /goals/suggest). Pure and free of
 * Elysia, so the web app's `Set your goal` step computes the same figures offline as the server does.
 *
 * - Resting energy: Mifflin–St Jeor (Mifflin MD, St Jeor ST et al., Am J Clin Nutr 1990;51:241–7):
 *   10 × kg + 6.25 × cm − 5 × age + 5 (men) or − 161 (women). For one person it is usually within about
 *   10 % either way of what is measured, so the goal is a starting point the weigh-ins correct.
 * - Activity factors: the customary multipliers of resting energy (1.2 … 1.9, as in McArdle, Katch & Katch,
 *   Exercise Physiology).
 * - A kg of body weight ~7,700 kcal (as GET /stats/expenditure), so a rate r kg a week is r × 7700 ÷ 7 a day.
 * - A floor: 1,200 kcal women, 1,500 men, below which a diet wants a clinician (Harvard Health Publishing,
 *   "Calorie counting made easy"; NHLBI's Practical Guide, NIH Pub. 00-4084, puts low-calorie diets for women
 *   at 1,000–1,200 and men 1,200–1,600). It never proposes less, and says so.
 * - Macros: protein 1.6 g per kg of body weight (Morton et al., Br J Sports Med 2018;52:376–84), at most 35 % of
 *   energy (the top of the IOM's range); fat 30 % of energy (to the whole gram that leaves whole grams of carbohydrate: at most 2 g off); carbohydrate
 *   the rest (4, 9, 4 kcal a gram), so the three add up to the energy goal exactly.
 */

export const SEXES = ["female", "male"] as const;
export const GOAL_AIMS = ["lose", "keep", "gain"] as const;
export const ACTIVITY_FACTORS = { sedentary: 1.2, light: 1.375, moderate: 1.55, very: 1.725, extra: 1.9 } as const;
export type ActivityLevel = keyof typeof ACTIVITY_FACTORS;
export const ACTIVITY_LEVELS = Object.keys(ACTIVITY_FACTORS) as ActivityLevel[];
/**
 * The profile's name for each level (GET /targets/profile `activity`, which the energy reference of GET /targets
 * reads): the goal step saves its level there, so the reference and the goal's maintenance are one figure.
 */
export const PROFILE_ACTIVITY = {
  sedentary: "sedentary",
  light: "low_active",
  moderate: "active",
  very: "very_active",
  extra: "extra_active",
} as const satisfies Record<ActivityLevel, string>;
export type ProfileActivity = (typeof PROFILE_ACTIVITY)[ActivityLevel];
export const LEVEL_OF_PROFILE = Object.fromEntries(ACTIVITY_LEVELS.map((a) => [PROFILE_ACTIVITY[a], a])) as Record<
  ProfileActivity,
  ActivityLevel
>;
/** Rates a week, per unit: kg 0.25–1, lb ½–2. */
export const RATE_RANGE = { kg: { min: 0.25, max: 1 }, lb: { min: 0.5, max: 2 } } as const;
export const KG_PER_LB_EXACT = 0.45359237;
export const KCAL_PER_KG_TISSUE = 7700;
export const FLOOR_KCAL = { female: 1200, male: 1500 } as const;
export const PROTEIN_G_PER_KG = 1.6;
export const PROTEIN_MAX_PCT = 35;
export const FAT_PCT = 30;
export const HEIGHT_RANGE = { min: 100, max: 250 } as const;
/** Adults only: the equation was fitted on people aged 19–78. */
export const AGE_RANGE = { min: 18, max: 100 } as const;

export interface SuggestInput {
  sex: (typeof SEXES)[number];
  birth_year: number;
  height_cm: number;
  weight_kg: number;
  activity: ActivityLevel;
  goal: (typeof GOAL_AIMS)[number];
  /** The rate a week in `rate_unit`; ignored (0) for keep. */
  rate_per_week?: number | null;
  rate_unit?: "kg" | "lb";
}

export interface SuggestStep {
  name: string;
  formula: string;
  kcal: number;
}

export interface Suggestion {
  age: number;
  resting_kcal: number;
  activity_factor: number;
  maintenance_kcal: number;
  rate_kg_per_week: number;
  adjustment_kcal: number;
  floor_kcal: number;
  below_floor: boolean;
  energy_kcal: number;
  protein_g: number;
  fat_g: number;
  carbohydrate_g: number;
  steps: SuggestStep[];
  note: string | null;
  method: string;
}

const n = (x: number) => String(Math.round(x * 1000) / 1000);

/** Mifflin–St Jeor resting energy, to whole kcal (the first step of the proposal). */
export const restingKcal = (sex: SuggestInput["sex"], kg: number, cm: number, age: number) =>
  Math.round(10 * kg + 6.25 * cm - 5 * age + (sex === "male" ? 5 : -161));

/** Maintenance: resting energy × the level's factor, to whole kcal (the proposal's second step). */
export const maintenanceKcal = (resting: number, activity: ActivityLevel) =>
  Math.round(resting * ACTIVITY_FACTORS[activity]);

/**
 * The proposal. Each figure is rounded to whole kcal before the next step uses it, so the steps add up as
 * shown; the goal is rounded to 10 kcal. Preconditions (checkSuggest): an adult, figures in range.
 */
export function suggestGoal(input: SuggestInput, year: number): Suggestion {
  const age = year - input.birth_year;
  const w = input.weight_kg;
  const h = input.height_cm;
  const sexTerm = input.sex === "male" ? 5 : -161;
  const resting = restingKcal(input.sex, w, h, age);
  const factor = ACTIVITY_FACTORS[input.activity];
  const maintenance = maintenanceKcal(resting, input.activity);
  const perUnit = input.rate_unit === "lb" ? KG_PER_LB_EXACT : 1;
  const sign = input.goal === "lose" ? -1 : input.goal === "gain" ? 1 : 0;
  const rateKg = sign === 0 ? 0 : sign * (input.rate_per_week ?? 0) * perUnit;
  const adjustment = Math.round((rateKg * KCAL_PER_KG_TISSUE) / 7);
  const floor = FLOOR_KCAL[input.sex];
  const wanted = Math.round((maintenance + adjustment) / 10) * 10;
  const below = wanted < floor;
  const energy = below ? floor : wanted;
  const protein = Math.round(Math.min(PROTEIN_G_PER_KG * w, (energy * PROTEIN_MAX_PCT) / 100 / 4));
  const fat = wholeCarbFat(energy, (energy * FAT_PCT) / 100 / 9);
  const carbs = Math.max(0, (energy - 4 * protein - 9 * fat) / 4);
  const steps: SuggestStep[] = [
    {
      name: "Resting energy",
      formula: `10 × ${n(w)} kg + 6.25 × ${n(h)} cm − 5 × ${age} years ${sexTerm > 0 ? "+ 5" : "− 161"}`,
      kcal: resting,
    },
    { name: "Maintenance", formula: `${resting} × ${factor} (activity)`, kcal: maintenance },
  ];
  if (sign !== 0)
    steps.push({
      name: input.goal === "lose" ? "Deficit" : "Surplus",
      formula: `${n(Math.abs(rateKg))} kg a week × 7700 kcal ÷ 7 days`,
      kcal: adjustment,
    });
  steps.push({
    name: "Energy goal",
    formula: below
      ? `${maintenance} ${adjustment < 0 ? "−" : "+"} ${Math.abs(adjustment)} is below the floor of ${floor}`
      : `${maintenance} ${adjustment < 0 ? "−" : "+"} ${Math.abs(adjustment)}, to the nearest 10`,
    kcal: energy,
  });
  return {
    age,
    resting_kcal: resting,
    activity_factor: factor,
    maintenance_kcal: maintenance,
    rate_kg_per_week: Math.round(rateKg * 1000) / 1000,
    adjustment_kcal: adjustment,
    floor_kcal: floor,
    below_floor: below,
    energy_kcal: energy,
    protein_g: protein,
    fat_g: fat,
    carbohydrate_g: carbs,
    steps,
    note: below
      ? `That rate would mean ${wanted} kcal a day, below ${floor} kcal, the least advised without a clinician's care; the goal is ${floor} kcal, so the loss will be slower.`
      : null,
    method:
      "Mifflin–St Jeor 1990 resting energy (usually within about 10 % either way for one person) × activity factor",
  };
}

/**
 * Fat in whole grams next to `target` for which the carbohydrate left over is whole grams too, so the three macros
 * add up to the energy goal exactly (Settings' balance check then has nothing to say about the goal it proposed):
 * with protein ×4 and carbohydrate ×4, 9 × fat must leave the energy's remainder mod 4, i.e. fat ≡ energy (mod 4).
 * At most 2 g (18 kcal) from the 30 % figure.
 */
function wholeCarbFat(energy: number, target: number): number {
  const want = ((Math.round(energy) % 4) + 4) % 4;
  const fits = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => Math.floor(target) - 3 + i).filter((f) => f >= 0 && f % 4 === want);
  return fits.reduce((best, f) => (Math.abs(f - target) < Math.abs(best - target) ? f : best), fits[0] ?? 0);
}
