/**
 * GET /report (API.md §Nutrient targets): the average per day of every nutrient with a target over
 * a range, counting complete days only, against the targets; energy and macros against the goals;
 * the three nutrients furthest below target with the foods richest in each.
 *
 * Which days count (the expenditure estimate's first rules, stats/day-selection.ts, without its
 * guesses): days with meals, up to today; never a day marked incomplete; today only once marked
 * complete (it is not over: half a day would pull the averages down); and where the range has days
 * marked complete, only those, since the person says which days are whole.
 */
import type { Ctx } from "../../context";
import type { Q } from "../../db/q";
import { checkRange } from "../../schema/date-range";
import { addDays, localDate } from "../../lib/time";
import { marksOver } from "../days/service";
import { GOAL_KEYS, goalsOver, plansOf } from "../goals/service";
import { foodValues, intakeOver, type DayIntake } from "./intake";
import { assess } from "./assess";
import { everydayFoods, richestIn } from "./richest";
import { targetsOn } from "./service";
import { drinksOver, WATER_KEY } from "./water";
import type { ReportQueryT, ReportT } from "./report-model";

export const MAX_REPORT_DAYS = 93;
/** How far back "what this person eats" reaches for the richest foods. */
export const HISTORY_DAYS = 90;
const PERIOD_DAYS = { week: 7, month: 30 } as const;
/** Mostly drunk, from tap water, which few people log: never among the lowest. */
const NOT_RANKED = new Set(["water_g", "fluoride_ug"]);
const r2 = (x: number) => Math.round(x * 100) / 100;

type Reason = "today_not_over" | "marked_incomplete" | "not_marked_complete";

function counted(days: DayIntake[], marks: Map<string, boolean>, today: string) {
  const anyComplete = days.some((d) => marks.get(d.date) === true);
  const left_out: Record<Reason, number> = { today_not_over: 0, marked_incomplete: 0, not_marked_complete: 0 };
  const used: DayIntake[] = [];
  const why = new Map<string, Reason>();
  for (const d of days) {
    const mark = marks.get(d.date);
    let reason: Reason | null = null;
    if (mark === false) reason = "marked_incomplete";
    else if (d.date >= today && mark !== true) reason = "today_not_over";
    else if (anyComplete && mark !== true) reason = "not_marked_complete";
    if (reason) {
      left_out[reason]++;
      why.set(d.date, reason);
    } else used.push(d);
  }
  return { used, left_out, why };
}

export function* buildReport({ ctx, input }: { ctx: Ctx; input: ReportQueryT }): Q<ReportT> {
  const m = ctx;
  const today = localDate(m.now, m.timezone);
  const days = PERIOD_DAYS[input.period ?? "week"];
  const { from, to } = checkRange(input, today, MAX_REPORT_DAYS, days);
  const last = [to, today].sort()[0]!; // the range up to today (dates compare as text)
  const { days: eaten, foods } = from <= last ? yield* intakeOver(m, from, last) : { days: [], foods: new Map() };
  const marks = yield* marksOver(m, from, to);
  const { used, left_out, why } = counted(eaten, marks, today);
  const n = used.length;
  const sum = (k: string) => used.reduce((a, d) => a + (d.sums[k] ?? 0), 0);
  const known = (k: string) => used.reduce((a, d) => a + (d.known[k] ?? 0), 0);
  const entries = used.reduce((a, d) => a + d.meals, 0);
  const average = (k: string) => (n === 0 || known(k) === 0 ? null : r2(sum(k) / n));

  // total water: the food's and the drinks' logged on the counted days (water.ts)
  const drinks = yield* drinksOver(m, from, last);
  const drunk = used.reduce((a, d) => a + (drinks.get(d.date) ?? 0), 0);
  const water = n === 0 ? null : { food_g: r2(sum(WATER_KEY) / n), drinks_g: r2(drunk / n) };
  const waterTotal = water && (known(WATER_KEY) > 0 || drunk > 0) ? r2(water.food_g + water.drinks_g) : null;

  const { items: targets } = yield* targetsOn(m, last);
  const items = targets.map((t) => {
    const avg = t.key === WATER_KEY ? waterTotal : average(t.key);
    return {
      key: t.key,
      name: t.name,
      unit: t.unit,
      average: avg,
      minimum: t.minimum,
      maximum: t.maximum,
      maximum_applies_to: t.maximum_applies_to,
      ...assess(t, avg),
      from_foods: { known: known(t.key), of: entries },
    };
  });

  const plans = yield* plansOf(m);
  const goalDays = goalsOver(plans, from, to);
  // with net carbs, the carbohydrate goal is judged on carbohydrate − fibre (fibre unknown: 0)
  const net = plans.filter((p) => p.startsOn <= last).at(-1)?.netCarbs ?? false;
  const netCarbs = () =>
    n === 0 || known("carbohydrate_g") === 0 ? null : r2((sum("carbohydrate_g") - sum("fiber_g")) / n);
  const goals = GOAL_KEYS.map((k) => {
    const set = used.map((d) => goalDays.get(d.date)![k]).filter((g): g is number => g !== null);
    const avg = (k === "carbohydrate_g" && net ? netCarbs() : average(k)) ?? (n > 0 ? 0 : null);
    const goal = set.length === 0 ? null : r2(set.reduce((a, g) => a + g, 0) / set.length);
    const difference = avg === null || goal === null ? null : r2(avg - goal);
    return { key: k, average: avg, goal, difference, net_carbs: k === "carbohydrate_g" && net };
  });

  const below = items
    .filter((i) => i.status === "below" && i.minimum && i.from_foods.known > 0 && !NOT_RANKED.has(i.key))
    .sort((a, b) => a.average! / a.minimum! - b.average! / b.minimum! || a.key.localeCompare(b.key))
    .slice(0, 3);
  const everyday = below.length ? everydayFoods(ctx.deps.catalogue) : [];
  if (below.length) {
    // what this person eats: the range's foods and the 90 days' before its end
    const since = `${addDays(last, -(HISTORY_DAYS - 1))}T00:00:00Z`;
    yield* foodValues(
      m,
      (yield* m.deps.meals.foodHistory(m.userId, since)).map((h) => h.id),
      foods,
    );
  }
  const furthest_below = below.map((i) => ({
    key: i.key,
    name: i.name,
    unit: i.unit,
    average: i.average!,
    minimum: i.minimum!,
    percent_of_minimum: i.percent_of_minimum!,
    richest: richestIn(i.key, i.minimum!, foods, everyday),
  }));

  const dayList = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const e = eaten.find((x) => x.date === d);
    const mark = marks.get(d);
    dayList.push({
      date: d,
      meal_count: e?.meals ?? 0,
      energy_kcal: e ? (e.sums.energy_kcal ?? null) : null,
      marked: mark === undefined ? null : mark,
      counted: !!e && !why.has(d),
      left_out: e ? (why.get(d) ?? null) : d > today ? ("future" as const) : ("nothing_logged" as const),
    });
  }
  return {
    from,
    to,
    today,
    days_counted: n,
    days_left_out: left_out,
    days: dayList,
    from_foods: entries,
    goals,
    items,
    water,
    furthest_below,
  };
}
