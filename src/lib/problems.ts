/** Collecting field problems so that one validation_failed lists every bad field at once. */
import { AppError, type ErrorDetail } from "./errors";
import { isCalendarDate } from "./time";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === "string" && UUID.test(s);

export class Problems {
  readonly details: ErrorDetail[] = [];
  /**
   * The problems of each item of a document's lists (list → index → details, fields inside the item),
   * added through `at`: an import that leaves refused rows out reads them here, not from field strings.
   */
  readonly rows = new Map<string, Map<number, ErrorDetail[]>>();
  /** Which of `details` were added through `at`/`addAt`. */
  private readonly itemDetails = new Set<ErrorDetail>();
  add(field: string, message: string, extra: Record<string, unknown> = {}): void {
    this.details.push({ field, message, ...extra });
  }
  /** Where to add the problems of item `index` of `list` (an import's `meals.3`): fields are the item's own. */
  at(list: string, index: number): Problems {
    return new ItemProblems(this, list, index);
  }
  /** A problem of item `index` of `list`: in `details` as `list.index.field`, and under `rows`. */
  addAt(list: string, index: number, field: string, message: string, extra: Record<string, unknown> = {}): void {
    this.add(`${list}.${index}.${field}`, message, extra);
    this.itemDetails.add(this.details.at(-1)!);
    let items = this.rows.get(list);
    if (!items) this.rows.set(list, (items = new Map()));
    const detail = { field, message, ...extra };
    const found = items.get(index);
    if (found) found.push(detail);
    else items.set(index, [detail]);
  }
  /** The details that are no list item's (a missing list, a cycle among recipes, the goals). */
  outsideRows(): ErrorDetail[] {
    return this.details.filter((d) => !this.itemDetails.has(d));
  }
  throwIfAny(): void {
    if (this.details.length)
      throw new AppError("validation_failed", `${this.details[0]!.field} ${this.details[0]!.message}`, this.details);
  }
}

/** An item's problems: each is its list's (Problems.addAt) in the document's Problems. */
class ItemProblems extends Problems {
  constructor(
    private readonly doc: Problems,
    private readonly list: string,
    private readonly index: number,
  ) {
    super();
  }
  override add(field: string, message: string, extra: Record<string, unknown> = {}): void {
    super.add(field, message, extra);
    this.doc.addAt(this.list, this.index, field, message, extra);
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
