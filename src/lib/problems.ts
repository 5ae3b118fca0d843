/** Collecting field problems so that one validation_failed lists every bad field at once. */
import { AppError, type ErrorDetail } from "./errors";
import { isCalendarDate } from "./time";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === "string" && UUID.test(s);

export class Problems {
  readonly details: ErrorDetail[] = [];
  add(field: string, message: string, extra: Record<string, unknown> = {}): void {
    this.details.push({ field, message, ...extra });
  }
  throwIfAny(): void {
    if (this.details.length)
      throw new AppError("validation_failed", `${this.details[0]!.field} ${this.details[0]!.message}`, this.details);
  }
}

/** A real calendar date (not 2026-02-30), or undefined when absent. */
export function checkDate(p: Problems, field: string, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (!isCalendarDate(v)) {
    p.add(field, "must be a real calendar date YYYY-MM-DD");
    return undefined;
  }
  return v;
}

/**
 * A record's date from its path (`/weights/{date}`, `/days/{date}`): 400 when it is not a calendar
 * date, `missing(date)` (the feature's 404) when there is none.
 */
export function pathDate(v: unknown, missing: (date: string) => AppError): string {
  const p = new Problems();
  const d = checkDate(p, "date", v);
  p.throwIfAny();
  if (!d) throw missing(String(v));
  return d;
}
