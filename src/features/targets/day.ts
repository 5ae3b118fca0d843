/**
 * GET /report/day?date= (API.md §Nutrient targets): one day's total of every catalogue nutrient, with
 * how many of its entries carry a value, against the targets. The day view's bars show these: a
 * nutrient some foods lack is "from 9 of 11 foods", never a total of zero presented as whole.
 */
import type { Ctx } from "../../context";
import { NUTRIENTS } from "../../db/nutrients";
import type { Q } from "../../db/q";
import { checkDate, Problems } from "../../lib/problems";
import { localDate } from "../../lib/time";
import { assess } from "./assess";
import { intakeOver } from "./intake";
import { targetsOn } from "./service";
import type { DayReportT } from "./report-model";
import { drinksOver, WATER_KEY } from "./water";

const r2 = (x: number) => Math.round(x * 100) / 100;

export function* buildDay({ ctx, input }: { ctx: Ctx; input: { date?: string } }): Q<DayReportT> {
  const m = ctx;
  const p = new Problems();
  const date = checkDate(p, "date", input.date) ?? localDate(m.now, m.timezone);
  p.throwIfAny();
  const { days } = yield* intakeOver(m, date, date);
  const day = days[0];
  const meals = day?.meals ?? 0;
  const drunk = (yield* drinksOver(m, date, date)).get(date) ?? 0;
  const { items: targets } = yield* targetsOn(m, date);
  const byKey = new Map(targets.map((t) => [t.key, t]));
  const items = NUTRIENTS.filter((n) => n.key !== "energy_kj").map((n) => {
    const known = day?.known[n.key] ?? 0;
    // nothing logged: zero, as GET /meals/daily says; logged but no entry knows it: unknown
    let total = meals === 0 ? 0 : known === 0 ? null : r2(day!.sums[n.key]!);
    // total water: the food's and the drinks' (water.ts)
    if (n.key === WATER_KEY && drunk > 0) total = r2((total ?? 0) + drunk);
    const t = byKey.get(n.key);
    const bounds = t
      ? { minimum: t.minimum, maximum: t.maximum, maximum_applies_to: t.maximum_applies_to }
      : { minimum: null, maximum: null, maximum_applies_to: null };
    return {
      key: n.key,
      name: t?.name ?? n.name,
      unit: n.unit,
      total,
      from_foods: { known, of: meals },
      ...bounds,
      ...(t ? assess(t, total) : { percent_of_minimum: null, status: null }),
    };
  });
  const foodWater = meals === 0 ? 0 : (day!.sums[WATER_KEY] ?? 0);
  return { date, meal_count: meals, items, water: { food_g: r2(foodWater), drinks_g: drunk } };
}
