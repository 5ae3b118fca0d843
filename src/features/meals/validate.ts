/** Pure checks for meal input; every bad field is reported at once. */
import { AppError, type ErrorDetail } from "../../lib/errors";
import { isCalendarDate, parseRfc3339 } from "../../lib/time";

export const MAX_GRAMS = 5000;
export const MAX_PORTIONS = 100;
export const NOTE_MAX = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (s: unknown): s is string => typeof s === "string" && UUID.test(s);

export class Problems {
  readonly details: ErrorDetail[] = [];
  add(field: string, message: string): void {
    this.details.push({ field, message });
  }
  throwIfAny(): void {
    if (this.details.length) throw new AppError("validation_failed", `${this.details[0]!.field} ${this.details[0]!.message}`, this.details);
  }
}

/** Checks the quantity against the unit it counts: grams, or portions of the food. */
export function checkQuantity(p: Problems, q: unknown, portions: boolean): q is number {
  const max = portions ? MAX_PORTIONS : MAX_GRAMS;
  if (typeof q !== "number" || !Number.isFinite(q) || q <= 0 || q > max) {
    p.add("quantity", portions ? `must be more than 0 and at most ${MAX_PORTIONS} portions` : `must be more than 0 and at most ${MAX_GRAMS} grams`);
    return false;
  }
  return true;
}

export function checkDate(p: Problems, field: string, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (!isCalendarDate(v)) {
    p.add(field, "must be a real calendar date YYYY-MM-DD");
    return undefined;
  }
  return v;
}

export function checkEatenAt(p: Problems, v: unknown): Date | undefined {
  if (v === undefined) return undefined;
  const t = parseRfc3339(v);
  if (!t) p.add("eaten_at", "must be an RFC 3339 timestamp with an offset, such as 2026-11-22T08:15:00Z");
  return t ?? undefined;
}

export function checkNote(p: Problems, v: unknown): string | null | undefined {
  if (v === undefined || v === null) return v;
  if (typeof v !== "string" || [...v].length > NOTE_MAX) {
    p.add("note", `must be at most ${NOTE_MAX} characters, or null`);
    return undefined;
  }
  return v.trim() === "" ? null : v;
}
