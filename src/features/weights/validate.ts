/** The weight validator (REST, sync and import). */
import { addDays } from "../../lib/time";
import { Problems, checkDate } from "../../lib/problems";
import { KG_PER_LB } from "./trend";

export const MIN_KG = 20;
export const MAX_KG = 400;
const NOTE_MAX = 200;

export interface WeightInput {
  kg: number;
  note: string | null;
}

/** `{ kg }` or `{ lb }` (exactly one) and an optional note; `prefix` names where it sits. */
export function checkWeight(raw: Record<string, unknown>, prefix = ""): WeightInput {
  const p = new Problems();
  let kg: number | null = null;
  const hasKg = raw.kg !== undefined && raw.kg !== null;
  const hasLb = raw.lb !== undefined && raw.lb !== null;
  if (hasKg === hasLb) p.add(`${prefix}kg`, "give the weight as exactly one of kg or lb");
  else {
    const v = hasKg ? raw.kg : raw.lb;
    const field = prefix + (hasKg ? "kg" : "lb");
    if (typeof v !== "number" || !Number.isFinite(v)) p.add(field, "must be a number");
    else {
      kg = hasKg ? v : v * KG_PER_LB;
      if (kg < MIN_KG || kg > MAX_KG) {
        p.add(
          field,
          hasKg
            ? `must be from ${MIN_KG} to ${MAX_KG} kg`
            : `must be from ${Math.ceil(MIN_KG / KG_PER_LB)} to ${Math.floor(MAX_KG / KG_PER_LB)} lb (${MIN_KG}–${MAX_KG} kg)`,
        );
      }
    }
  }
  let note: string | null = null;
  if (raw.note !== undefined && raw.note !== null) {
    if (typeof raw.note !== "string" || raw.note.length > NOTE_MAX)
      p.add(`${prefix}note`, `must be a string of at most ${NOTE_MAX} characters, or null`);
    else note = raw.note.trim() || null;
  }
  p.throwIfAny();
  return { kg: Math.round(kg! * 1000) / 1000, note };
}

/** The earliest weigh-in date taken: older diaries than this are not kept by any tracker people move from. */
export const EARLIEST_WEIGH_IN = "1970-01-01";

/** A weigh-in date: a real date from EARLIEST_WEIGH_IN, not after tomorrow in the user's zone (a weight is never in the future). */
export function checkWeightDate(date: unknown, today: string, field = "date"): string {
  const p = new Problems();
  const d = checkDate(p, field, date ?? "");
  if (d && d > addDays(today, 1)) p.add(field, `must not be in the future (today is ${today})`);
  if (d && d < EARLIEST_WEIGH_IN) p.add(field, `must be ${EARLIEST_WEIGH_IN} or later`);
  p.throwIfAny();
  return d!;
}
