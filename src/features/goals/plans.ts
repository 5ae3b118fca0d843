/**
 * Goal plans (API.md §Goals): each plan holds every-day goals and optional per-weekday goals, and
 * applies from its start date until the next plan starts. Pure: no database.
 */
import { addDays } from "../../lib/time";

export const GOAL_KEYS = ["energy_kcal", "protein_g", "fat_g", "carbohydrate_g"] as const;
export type GoalKey = (typeof GOAL_KEYS)[number];
export type Goals = Record<GoalKey, number | null>;

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** "0000-01-01" is stored for a plan with no start (goals set before plans existed): it is `from: null`. */
export const SINCE_ALWAYS = "0000-01-01";

/** Macro goals given as % of the energy goal; their grams are kept in the goals too (grams = % × kcal ÷ 4, 9 or 4). */
export const PCT_KEYS = ["protein_pct", "fat_pct", "carbohydrate_pct"] as const;
export type PctKey = (typeof PCT_KEYS)[number];
export type Percents = Partial<Record<PctKey, number>>;
export const GRAMS_OF: Record<PctKey, { key: GoalKey; kcalPerGram: number }> = {
  protein_pct: { key: "protein_g", kcalPerGram: 4 },
  fat_pct: { key: "fat_g", kcalPerGram: 9 },
  carbohydrate_pct: { key: "carbohydrate_g", kcalPerGram: 4 },
};

/** Grams of a macro goal given as % of the energy goal, exactly: % × kcal ÷ (100 × kcal per gram). */
export const gramsOfPercent = (pct: number, kcal: number, kcalPerGram: number) => (pct * kcal) / (100 * kcalPerGram);

export interface Plan {
  startsOn: string;
  everyDay: Goals;
  weekdays: Partial<Record<Weekday, Goals>>;
  /** The macro goals that were given in %, every day and per weekday (their grams are in the goals); none when absent. */
  percent?: { everyDay: Percents; weekdays: Partial<Record<Weekday, Percents>> };
  /** The carbohydrate goal counts net carbs (carbohydrate − fibre); absent: false. */
  netCarbs?: boolean;
}

/**
 * Do the macro goals add up to the energy goal (4 kcal per g of protein and carbohydrate, 9 of fat)?
 * Null without an energy goal or any macro goal. Grams kept to 0.01 leave a fraction of a kcal,
 * so a difference under 1 kcal is no warning.
 */
export function balanceOf(g: Goals) {
  const set = GOAL_KEYS.filter((k) => k !== "energy_kcal" && g[k] !== null);
  if (g.energy_kcal === null || set.length === 0) return null;
  const macroKcal = 4 * (g.protein_g ?? 0) + 9 * (g.fat_g ?? 0) + 4 * (g.carbohydrate_g ?? 0);
  const difference = Math.round((macroKcal - g.energy_kcal) * 10) / 10;
  const all = set.length === 3;
  const pct = g.energy_kcal === 0 ? null : Math.round((1000 * difference) / g.energy_kcal) / 10;
  const by = `${Math.abs(difference)} kcal${pct === null ? "" : ` (${Math.abs(pct)} %)`}`;
  let warning: string | null = null;
  if (all && Math.abs(difference) >= 1)
    warning = `The macro goals add up to ${Math.round(macroKcal * 10) / 10} kcal, ${by} ${difference > 0 ? "more" : "less"} than the energy goal.`;
  else if (!all && difference >= 1)
    warning = `The macro goals set already add up to ${Math.round(macroKcal * 10) / 10} kcal, ${by} more than the energy goal.`;
  return {
    macro_kcal: Math.round(macroKcal * 10) / 10,
    energy_kcal: g.energy_kcal,
    difference_kcal: difference,
    difference_pct: pct,
    warning,
  };
}

export const noGoals = (): Goals => ({ energy_kcal: null, protein_g: null, fat_g: null, carbohydrate_g: null });

/** The weekday of a YYYY-MM-DD date. */
export function weekdayOf(date: string): Weekday {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAYS[(d + 6) % 7]!;
}

/** The goals of one date under a list of plans sorted by start date. */
export function goalsOn(plans: readonly Plan[], date: string): Goals {
  let plan: Plan | undefined;
  for (const p of plans) if (p.startsOn <= date) plan = p;
  if (!plan) return noGoals();
  return { ...(plan.weekdays[weekdayOf(date)] ?? plan.everyDay) };
}

/** Goals for each date from..to (inclusive), one pass over the plans. */
export function goalsOver(plans: readonly Plan[], from: string, to: string): Map<string, Goals> {
  const out = new Map<string, Goals>();
  for (let d = from; d <= to; d = addDays(d, 1)) out.set(d, goalsOn(plans, d));
  return out;
}

const pctView = (p: Percents) =>
  Object.fromEntries(PCT_KEYS.map((k) => [k, p[k] ?? null])) as Record<PctKey, number | null>;

/** A plan as the API shows it. */
export function planView(p: Plan) {
  const weekdays = Object.fromEntries(
    Object.entries(p.weekdays).map(([d, g]) => [
      d,
      { ...g, ...p.percent?.weekdays[d as Weekday], balance: balanceOf(g) },
    ]),
  );
  return {
    from: p.startsOn === SINCE_ALWAYS ? null : p.startsOn,
    ...p.everyDay,
    ...pctView(p.percent?.everyDay ?? {}),
    net_carbs: p.netCarbs ?? false,
    balance: balanceOf(p.everyDay),
    weekdays,
  };
}

/** GET /goals: the newest plan's goals at the top, and every plan oldest first. */
export function goalsDocument(plans: readonly Plan[]) {
  const latest = plans.at(-1);
  const top = latest
    ? planView(latest)
    : { from: null, ...noGoals(), ...pctView({}), net_carbs: false, balance: null, weekdays: {} };
  return { ...top, schedule: plans.map(planView) };
}
