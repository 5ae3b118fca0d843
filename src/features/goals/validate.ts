/** The goals validator (REST, sync and import): one validation_failed lists every bad field. */
import { AppError, type ErrorDetail } from "../../lib/errors";
import { addDays, isCalendarDate } from "../../lib/time";
import type { PutGoalsInput } from "./model";
import { GOAL_KEYS, type Goals, type Plan, WEEKDAYS, type Weekday, SINCE_ALWAYS } from "./plans";

/** The latest date a plan may start on: a year ahead of today (the web app's goals form checks the same). */
export const latestGoalsStart = (today: string) => addDays(today, 366);

/** Goals already checked by the schema: each a number in range or null, to 0.01. */
function goalsFrom(input: Partial<Record<keyof Goals, number | null>>): Goals {
  const out = {} as Goals;
  for (const k of GOAL_KEYS) {
    const v = input[k];
    out[k] = v === undefined || v === null ? null : Math.round(v * 100) / 100;
  }
  return out;
}

/**
 * A plan from PUT /goals input. `from` defaults to `today`; `null` means since always (where
 * `allowSinceAlways`). `prefix` names where the input sits (import: "goals.").
 */
export function checkGoalsInput(
  input: PutGoalsInput,
  dates: { today: string; latest: string },
  prefix = "",
  allowSinceAlways = false,
): Plan {
  const details: ErrorDetail[] = [];
  const everyDay = goalsFrom(input);
  const weekdays: Partial<Record<Weekday, Goals>> = {};
  for (const [day, g] of Object.entries(input.weekdays ?? {})) {
    if (!WEEKDAYS.includes(day as Weekday))
      details.push({ field: `${prefix}weekdays.${day}`, message: `is not a weekday; use ${WEEKDAYS.join(", ")}` });
    else if (g) weekdays[day as Weekday] = goalsFrom(g as Partial<Goals>);
  }
  let startsOn = dates.today;
  if (input.from === null && allowSinceAlways) startsOn = SINCE_ALWAYS;
  else if (input.from !== undefined) {
    if (!isCalendarDate(input.from))
      details.push({ field: `${prefix}from`, message: "must be a real calendar date YYYY-MM-DD" });
    else if (input.from > dates.latest)
      details.push({ field: `${prefix}from`, message: `must be at most a year ahead (${dates.latest})` });
    else startsOn = input.from;
  }
  if (details.length) throw new AppError("validation_failed", `${details[0]!.field} ${details[0]!.message}`, details);
  const ordered = Object.fromEntries(WEEKDAYS.filter((d) => weekdays[d]).map((d) => [d, weekdays[d]!]));
  return { startsOn, everyDay, weekdays: ordered };
}
