/**
 * The account's weight unit as the app shows it: kg, lb, or stones and pounds ("st", as British scales and people
 * say a weight: "11 st 4 lb"). Weights are kept in kg; the API gives an `st` account's weights in lb, 14 to a stone.
 */
import { KG_PER_LB, toUnit } from "../../src/features/weights/trend";

export type WeightUnit = "kg" | "lb" | "st";
export const LB_PER_ST = 14;

/** The unit a single number is in: kg, or lb for both lb and stones and pounds (a rate, a chart's axis). */
export const numberUnit = (u: WeightUnit): "kg" | "lb" => (u === "kg" ? "kg" : "lb");

/** Whole stones and the pounds left, to 0.1 lb (11 st 4 lb for 71.67 kg). */
export function stonesOf(kg: number): { st: number; lb: number } {
  const tenths = Math.round((kg / KG_PER_LB) * 10); // the pounds in tenths, so 13.96 lb never shows as 14 lb
  const st = Math.floor(tenths / (LB_PER_ST * 10));
  return { st, lb: (tenths - st * LB_PER_ST * 10) / 10 };
}

/** kg of stones and pounds. */
export const kgOfStones = (st: number, lb: number) => (st * LB_PER_ST + lb) * KG_PER_LB;

/** A weight in words of the unit: "71.7 kg", "158 lb", "11 st 4 lb". */
export function weightText(kg: number, u: WeightUnit): string {
  if (u !== "st") return `${toUnit(kg, u)} ${u}`;
  const { st, lb } = stonesOf(kg);
  return `${st} st ${lb} lb`;
}

export const UNIT_WORDS = { kg: "kilograms (kg)", lb: "pounds (lb)", st: "stones and pounds (st lb)" };

/** A weigh-in in a table: the number alone in kg or lb, "11 st 4 lb" in stones and pounds. */
export const cellText = (kg: number, u: WeightUnit) => (u === "st" ? weightText(kg, u) : toUnit(kg, u));

/** The unit's name in a heading or a label: "kg", "lb", "st lb". */
export const unitName = (u: WeightUnit) => (u === "st" ? "st lb" : u);

/** An axis label: the number in kg or lb; stones and pounds as "11 st 4" (whole pounds: a tick is not a weigh-in). */
export function axisText(kg: number, u: WeightUnit): string {
  if (u !== "st") return String(toUnit(kg, u));
  const lb = Math.round(kg / KG_PER_LB);
  return `${Math.floor(lb / LB_PER_ST)} st ${lb % LB_PER_ST}`;
}
