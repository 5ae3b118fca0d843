/**
 * The goals of one date from the goals record the server syncs (API.md §Goals): plans with
 * per-weekday goals, each applying from its date. The rule itself is the server's (plans.ts).
 */
import { goalsOn, SINCE_ALWAYS, type Plan } from "../../src/features/goals/plans";
import type { Goals } from "./store";

/** Macro goals given as % of energy (null: in grams), and whether carbs are net carbs (API.md §Goals). */
export interface MacroForm {
  protein_pct?: number | null;
  fat_pct?: number | null;
  carbohydrate_pct?: number | null;
  net_carbs?: boolean;
}
/** A plan of the goals record as the sync feed carries it (GET /goals, Schemas["GoalsDocument"]); its weekdays are the server's Plan's. */
type PlanView = Goals & MacroForm & { from: string | null; weekdays?: Plan["weekdays"] };
/** The goals record as kept from the sync feed; a record saved by an older version may lack any of the plan fields. */
export type GoalsRecord = Goals &
  MacroForm & { from?: string | null; weekdays?: Plan["weekdays"]; schedule?: PlanView[] };

export function goalsFor(record: GoalsRecord | null, date: string): Goals | null {
  if (!record) return null;
  // goals saved on this device and not yet synced have no schedule: they are the every-day goals
  if (!Array.isArray(record.schedule) || record.schedule.length === 0) return record;
  const plans: Plan[] = record.schedule.map((p) => ({
    startsOn: p.from ?? SINCE_ALWAYS,
    everyDay: { energy_kcal: p.energy_kcal, protein_g: p.protein_g, fat_g: p.fat_g, carbohydrate_g: p.carbohydrate_g },
    weekdays: p.weekdays ?? {},
    percent: { everyDay: {}, weekdays: {} }, // the grams are in the goals already
    netCarbs: p.net_carbs === true,
  }));
  return goalsOn(plans, date);
}

/** Whether the plan in effect on `date` counts net carbs (the newest plan starting on or before it). */
export function netCarbsOn(record: GoalsRecord | null, date: string): boolean {
  if (!record) return false;
  const plans = Array.isArray(record.schedule) && record.schedule.length ? record.schedule : [record];
  let on: boolean | undefined;
  for (const p of plans) if ((p.from ?? "") <= date) on = p.net_carbs === true;
  return on ?? false;
}
