/** The goals validator (REST, sync and import): one validation_failed lists every bad field. */
import { AppError, type ErrorDetail } from "../../lib/errors";
import { addDays, isCalendarDate } from "../../lib/time";
import { checkSchema } from "../../lib/validation";
import { PutGoalsBody } from "./model";
import {
  GOAL_KEYS,
  GRAMS_OF,
  gramsOfPercent,
  PCT_KEYS,
  SINCE_ALWAYS,
  WEEKDAYS,
  type GoalKey,
  type Goals,
  type PctKey,
  type Percents,
  type Plan,
  type Weekday,
} from "./plans";

/** The latest date a plan may start on: a year ahead of today (the web app's goals form checks the same). */
export const latestGoalsStart = (today: string) => addDays(today, 366);

/**
 * Goals already checked by the schema: each a number in range or null, to 0.01. A macro given in %
 * of energy takes its grams from the energy goal beside it, exactly (not rounded): grams sent for
 * the same macro are replaced, so a document read with both can be sent back.
 */
function goalsFrom(
  input: Partial<Record<GoalKey | PctKey, number | null>>,
  field: string,
  details: ErrorDetail[],
): { goals: Goals; percent: Percents } {
  const goals = {} as Goals;
  for (const k of GOAL_KEYS) {
    const v = input[k];
    goals[k] = v === undefined || v === null ? null : Math.round(v * 100) / 100;
  }
  const percent: Percents = {};
  for (const k of PCT_KEYS) {
    const pct = input[k];
    if (pct === undefined || pct === null) continue;
    const { key, kcalPerGram } = GRAMS_OF[k];
    if (goals.energy_kcal === null) {
      details.push({
        field: `${field}${k}`,
        message: `needs energy_kcal beside it: grams = % × kcal ÷ ${kcalPerGram}`,
      });
      continue;
    }
    percent[k] = pct;
    goals[key] = gramsOfPercent(pct, goals.energy_kcal, kcalPerGram);
  }
  return { goals, percent };
}

/**
 * A plan from PUT /goals input. `from` defaults to `today`; `null` means since always (where
 * `allowSinceAlways`). `prefix` names where the input sits (import: "goals.").
 */
export function checkGoalsInput(
  raw: unknown,
  dates: { today: string; latest: string },
  prefix = "",
  allowSinceAlways = false,
): Plan {
  const input = checkSchema(PutGoalsBody, raw, prefix);
  const details: ErrorDetail[] = [];
  const { goals: everyDay, percent } = goalsFrom(input, prefix, details);
  const weekdays: Partial<Record<Weekday, Goals>> = {};
  const weekdayPercent: Partial<Record<Weekday, Percents>> = {};
  for (const [day, g] of Object.entries(input.weekdays ?? {})) {
    if (!WEEKDAYS.includes(day as Weekday))
      details.push({ field: `${prefix}weekdays.${day}`, message: `is not a weekday; use ${WEEKDAYS.join(", ")}` });
    else if (g) {
      const own = goalsFrom(g, `${prefix}weekdays.${day}.`, details);
      weekdays[day as Weekday] = own.goals;
      if (Object.keys(own.percent).length) weekdayPercent[day as Weekday] = own.percent;
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
  const orderedPct = Object.fromEntries(WEEKDAYS.filter((d) => weekdayPercent[d]).map((d) => [d, weekdayPercent[d]!]));
  return {
    startsOn,
    everyDay,
    weekdays: ordered,
    percent: { everyDay: percent, weekdays: orderedPct },
    netCarbs: input.net_carbs ?? false,
  };
}
