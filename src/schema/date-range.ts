/** A from..to range of local dates, both included, as query parameters give it. */
import { Type as t } from "@sinclair/typebox";
import { Problems, checkDate } from "../lib/problems";
import { addDays } from "../lib/time";

/** Defaults: `to` today, `from` so the range is `defaultDays` long. At most `max` days. */
export function checkRange(
  input: { from?: string; to?: string },
  today: string,
  max: number,
  defaultDays: number,
): { from: string; to: string } {
  const p = new Problems();
  const to = checkDate(p, "to", input.to) ?? today;
  const from = checkDate(p, "from", input.from) ?? addDays(to, -(defaultDays - 1));
  p.throwIfAny();
  if (from > to) p.add("from", `must not be after to (${to})`);
  else if (addDays(from, max - 1) < to)
    p.add("to", `the range is at most ${max} days from \`from\`; ask for it in pieces`);
  p.throwIfAny();
  return { from, to };
}

/** The query fields `from` and `to`, for a route whose range is `defaultDays` long by default. */
export const rangeFields = (defaultDays: number) => ({
  from: t.Optional(
    t.String({ format: "date", description: `first day, included; default: ${defaultDays - 1} days before \`to\`` }),
  ),
  to: t.Optional(t.String({ format: "date", description: "last day, included; default: today" })),
});
