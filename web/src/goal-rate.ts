/**
 * Applying a suggested energy goal (GET /stats/expenditure's `suggestions`) to a plan with per-weekday goals:
 * the suggestion is a daily average, so the week's seven goals must average to it. Either the days keep their
 * shape (every day scaled by one factor: 2000 on weekdays and 2400 at the weekend stay 5 to 6) or they become
 * flat (the weekday goals are dropped). Protein, carbs and fat may be scaled to supply each day's energy goal
 * (4, 4 and 9 kcal a gram); else the gap is reported, so the person knows their macros no longer add up.
 * Pure: the Expenditure region saves what this returns.
 */
import { WEEKDAYS, type Weekday } from "../../src/features/goals/plans";
import type { Goals } from "./store";

export interface WeekPlan {
  goals: Goals;
  weekdays: Partial<Record<Weekday, Goals>>;
}

export const dayGoals = (p: WeekPlan, d: Weekday): Goals => p.weekdays[d] ?? p.goals;

/** The energy goals of Monday … Sunday, or null when a day has none. */
function energies(p: WeekPlan): number[] | null {
  const e = WEEKDAYS.map((d) => dayGoals(p, d).energy_kcal);
  return e.every((v): v is number => v !== null && v > 0) ? e : null;
}

/** The days' energy goals differ: there is a shape to keep. */
export function hasShape(p: WeekPlan): boolean {
  const e = energies(p);
  return e !== null && new Set(e).size > 1;
}

/** The week's average energy goal (null when a day has none). */
export function weeklyAverage(p: WeekPlan): number | null {
  const e = energies(p);
  return e === null ? null : e.reduce((a, b) => a + b, 0) / 7;
}

/** The kcal protein, carbs and fat supply, when all three are set. */
export const macroKcal = (g: Goals): number | null =>
  g.protein_g === null || g.fat_g === null || g.carbohydrate_g === null
    ? null
    : 4 * g.protein_g + 4 * g.carbohydrate_g + 9 * g.fat_g;

export const hasMacros = (p: WeekPlan) => WEEKDAYS.some((d) => macroKcal(dayGoals(p, d)) !== null);

function fit(g: Goals): Goals {
  const m = macroKcal(g);
  if (m === null || m <= 0 || g.energy_kcal === null) return g;
  const f = g.energy_kcal / m;
  const r = (v: number | null) => (v === null ? null : Math.round(v * f));
  return { ...g, protein_g: r(g.protein_g), fat_g: r(g.fat_g), carbohydrate_g: r(g.carbohydrate_g) };
}

const mapPlan = (p: WeekPlan, f: (g: Goals) => Goals): WeekPlan => ({
  goals: f(p.goals),
  weekdays: Object.fromEntries(Object.entries(p.weekdays).map(([d, g]) => [d, f(g!)])),
});

/** A plan whose seven energy goals average `target` kcal (to within half a kcal, from rounding to whole kcal). */
export function planForAverage(p: WeekPlan, target: number, o: { keepShape: boolean; fitMacros: boolean }): WeekPlan {
  let next: WeekPlan;
  const avg = weeklyAverage(p);
  if (o.keepShape && avg !== null && hasShape(p)) {
    const k = target / avg;
    next = mapPlan(p, (g) => (g.energy_kcal === null ? g : { ...g, energy_kcal: Math.round(g.energy_kcal * k) }));
  } else if (o.keepShape) {
    // no shape to keep (the days' energy goals are alike, or some have none): the target every day, and each
    // weekday keeps its own protein, carbs and fat
    next = mapPlan(p, (g) => ({ ...g, energy_kcal: target }));
  } else next = { goals: { ...p.goals, energy_kcal: target }, weekdays: {} };
  return o.fitMacros ? mapPlan(next, fit) : next;
}

/**
 * How far the macros are from the energy goal, as a week's daily average: null when they fit (within 10 kcal) or
 * are not all set.
 */
export function macroGap(p: WeekPlan): { macros: number; energy: number } | null {
  let macros = 0;
  let energy = 0;
  for (const d of WEEKDAYS) {
    const g = dayGoals(p, d);
    const m = macroKcal(g);
    if (m === null || g.energy_kcal === null) return null;
    macros += m / 7;
    energy += g.energy_kcal / 7;
  }
  return Math.abs(macros - energy) < 10 ? null : { macros: Math.round(macros), energy: Math.round(energy) };
}

const DAY = (d: Weekday) => d[0]!.toUpperCase() + d.slice(1);

/** "Monday to Friday 1847 kcal, Saturday and Sunday 2216 kcal": the days grouped by their energy goal. */
export function describeDays(p: WeekPlan): string {
  const groups = new Map<number | null, Weekday[]>();
  for (const d of WEEKDAYS) {
    const e = dayGoals(p, d).energy_kcal;
    groups.set(e, [...(groups.get(e) ?? []), d]);
  }
  return [...groups]
    .map(([e, days]) => {
      const i = WEEKDAYS.indexOf(days[0]!);
      const run = days.length >= 3 && days.every((d, j) => WEEKDAYS[i + j] === d);
      const names = run
        ? `${DAY(days[0]!)} to ${DAY(days.at(-1)!)}`
        : days.length === 1
          ? DAY(days[0]!)
          : `${days.slice(0, -1).map(DAY).join(", ")} and ${DAY(days.at(-1)!)}`;
      return `${names} ${e === null ? "no goal" : `${e} kcal`}`;
    })
    .join(", ");
}
