/** The weight validator (REST, sync and import). */
import { addDays } from "../../lib/time";
import { Problems, checkDate } from "../../lib/problems";
import type { WeightBodyT } from "./model";
import { KG_PER_LB } from "./trend";

export { MAX_KG, MIN_KG } from "./model";

export interface WeightInput {
  kg: number;
  note: string | null;
}

/**
 * `{ kg }` or `{ lb }` (exactly one) and an optional note; `prefix` names where it sits. The body was
 * checked against WeightBody (model.ts) already, by the route or at sync's boundary; this adds exactly one unit.
 */
export function checkWeight(body: WeightBodyT, prefix = ""): WeightInput {
  const p = new Problems();
  const hasKg = body.kg !== undefined && body.kg !== null;
  const hasLb = body.lb !== undefined && body.lb !== null;
  if (hasKg === hasLb) p.add(`${prefix}kg`, "give the weight as exactly one of kg or lb");
  p.throwIfAny();
  const kg = hasKg ? body.kg! : body.lb! * KG_PER_LB;
  return { kg: Math.round(kg * 1000) / 1000, note: body.note?.trim() || null };
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
