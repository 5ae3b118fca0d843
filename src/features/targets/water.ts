/**
 * Total water against the water target: the water in food (the catalogue's "Water", per 100 g) plus what was
 * drunk and logged as the `water_ml` daily value (`Add a glass`), 1 ml taken as 1 g. The DRI's adequate intake
 * (2.7 L women, 3.7 L men) is for total water from food and drinks, so food water alone read 39 % after 750 ml of
 * drinks had been logged.
 */
import type { Ctx } from "../../context";
import type { Q } from "../../db/q";
import { listDailyValues } from "../daily-values/service";

export const WATER_KEY = "water_g";

/** The drinks' water per date from..to (ml = g); dates without a value are absent. */
export function* drinksOver(ctx: Ctx, from: string, to: string): Q<Map<string, number>> {
  if (from > to) return new Map();
  const { items } = yield* listDailyValues({ ctx, input: { from, to, metric: "water_ml" } });
  return new Map(items.map((v) => [v.date, v.value]));
}
