/**
 * The Week view's `Range`: a week, a month (30 days), 90 days or a custom span, each ending on a date. It lives in
 * the address, so Back and a reload keep it: `#/week/<to>` (a week), `#/week/<to>/month`, `#/week/<to>/90`,
 * `#/week/<to>/<from>` (custom).
 */
import { useEffect, useState } from "preact/hooks";
import { addDays, useApp } from "../ui";

export type RangeKind = "week" | "month" | "90" | "custom";
export interface Range {
  kind: RangeKind;
  from: string;
  to: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const SPAN: Record<Exclude<RangeKind, "custom">, number> = { week: 7, month: 30, "90": 90 };
/** The longest custom range: a year and a day, as GET /stats/days allows. */
export const MAX_DAYS = 366;
const LABEL: Record<RangeKind, string> = { week: "Week", month: "Month", "90": "90 days", custom: "Custom" };
const KINDS: RangeKind[] = ["week", "month", "90", "custom"]; // in this order ("90" would sort first as a key)

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The range an address names (`spec` is what follows the end date); anything unknown is the week. */
export function parseRange(to: string, spec: string | null | undefined): Range {
  if (spec === "month" || spec === "90") return { kind: spec, from: addDays(to, 1 - SPAN[spec]), to };
  if (spec && DATE.test(spec) && spec <= to && daysBetween(spec, to) <= MAX_DAYS)
    return { kind: "custom", from: spec, to };
  return { kind: "week", from: addDays(to, -6), to };
}

export function rangeHash(r: Range): string {
  if (r.kind === "week") return `#/week/${r.to}`;
  return `#/week/${r.to}/${r.kind === "custom" ? r.from : r.kind}`;
}

/** The same kind of range moved by its own length (`dir` −1: earlier, 1: later). */
export function shifted(r: Range, dir: -1 | 1): Range {
  const n = daysBetween(r.from, r.to);
  return { kind: r.kind, from: addDays(r.from, dir * n), to: addDays(r.to, dir * n) };
}

/** `Range` (Week, Month, 90 days, Custom); Custom adds `From` and `To`. */
export function RangePicker({ range }: { range: Range }) {
  const app = useApp();
  const [error, setError] = useState<string | null>(null);
  // the dates as typed: a From refused stays in its field (with the reason) when To is changed next
  const [draft, setDraft] = useState({ from: range.from, to: range.to });
  useEffect(() => setDraft({ from: range.from, to: range.to }), [range.from, range.to]);
  const pick = (kind: RangeKind) => {
    if (kind === "custom") app.go(rangeHash({ kind, from: range.from, to: range.to }));
    else app.go(rangeHash({ kind, from: addDays(range.to, 1 - SPAN[kind]), to: range.to }));
  };
  const custom = (from: string, to: string) => {
    setDraft({ from, to });
    if (!DATE.test(from) || !DATE.test(to)) return setError("Pick both dates.");
    if (from > to) return setError("The range must start on or before its last day.");
    if (daysBetween(from, to) > MAX_DAYS)
      return setError(
        `A range is at most ${MAX_DAYS} days: with To ${to}, From can go back to ${addDays(to, 1 - MAX_DAYS)}. The range shown is still the one before.`,
      );
    setError(null);
    app.go(rangeHash({ kind: "custom", from, to }));
  };
  return (
    <div class="range">
      <label>
        Range
        <select onChange={(e) => pick((e.target as HTMLSelectElement).value as RangeKind)}>
          {KINDS.map((k) => (
            <option key={k} value={k} selected={k === range.kind}>
              {LABEL[k]}
            </option>
          ))}
        </select>
      </label>
      {range.kind === "custom" && (
        <>
          <label>
            From
            <input
              type="date"
              value={draft.from}
              max={draft.to}
              onChange={(e) => custom((e.target as HTMLInputElement).value, draft.to)}
            />
          </label>
          <label>
            To
            <input
              type="date"
              value={draft.to}
              min={draft.from}
              onChange={(e) => custom(draft.from, (e.target as HTMLInputElement).value)}
            />
          </label>
        </>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
