/** The goals validator (REST, sync and import): one validation_failed lists every bad field. */
import { AppError, type ErrorDetail } from "../../lib/errors";
import { isCalendarDate } from "../../lib/time";
import { GOAL_KEYS, type GoalKey, type Goals, type Plan, WEEKDAYS, type Weekday, SINCE_ALWAYS } from "./plans";

const MAX: Record<GoalKey, number> = { energy_kcal: 20_000, protein_g: 2_000, fat_g: 2_000, carbohydrate_g: 2_000 };

function goalsFrom(input: Record<string, unknown>, prefix: string, details: ErrorDetail[]): Goals {
  const out = {} as Goals;
  for (const k of GOAL_KEYS) {
    const v = input[k];
    if (v === undefined || v === null) out[k] = null;
    else if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > MAX[k]) {
      details.push({ field: prefix + k, message: `must be a number from 0 to ${MAX[k]}, or null` });
    } else out[k] = Math.round(v * 100) / 100;
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * A plan from PUT /goals input. `from` defaults to `today`; `null` means since always (where
 * `allowSinceAlways`). `prefix` names where the input sits (import: "goals.").
 */
export function checkGoalsInput(
  input: Record<string, unknown>,
  dates: { today: string; latest: string },
  prefix = "",
  allowSinceAlways = false,
): Plan {
  const details: ErrorDetail[] = [];
  const everyDay = goalsFrom(input, prefix, details);
  const weekdays: Partial<Record<Weekday, Goals>> = {};
  const w = input.weekdays;
  if (w !== undefined && w !== null) {
    if (!isObject(w))
      details.push({ field: `${prefix}weekdays`, message: `must be an object keyed by ${WEEKDAYS.join(", ")}` });
    else {
      for (const [day, g] of Object.entries(w)) {
        if (!WEEKDAYS.includes(day as Weekday))
          details.push({ field: `${prefix}weekdays.${day}`, message: `is not a weekday; use ${WEEKDAYS.join(", ")}` });
        else if (g === null) continue;
        else if (!isObject(g))
          details.push({ field: `${prefix}weekdays.${day}`, message: "must be an object of goals, or null" });
        else weekdays[day as Weekday] = goalsFrom(g, `${prefix}weekdays.${day}.`, details);
      }
    }
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
