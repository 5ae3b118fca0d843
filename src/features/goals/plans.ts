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

export interface Plan {
  startsOn: string;
  everyDay: Goals;
  weekdays: Partial<Record<Weekday, Goals>>;
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

/** A plan as the API shows it. */
export function planView(p: Plan) {
  return { from: p.startsOn === SINCE_ALWAYS ? null : p.startsOn, ...p.everyDay, weekdays: { ...p.weekdays } };
}

/** GET /goals: the newest plan's goals at the top, and every plan oldest first. */
export function goalsDocument(plans: readonly Plan[]) {
  const latest = plans.at(-1);
  const top = latest ? planView(latest) : { from: null, ...noGoals(), weekdays: {} };
  return { ...top, schedule: plans.map(planView) };
}
