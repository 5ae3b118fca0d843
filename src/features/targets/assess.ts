/** An amount against its target: % of the minimum and below / within / above. Pure. */
import type { TargetT } from "./model";

export type Status = "below" | "within" | "above" | "no_data";
const r1 = (x: number) => Math.round(x * 10) / 10;

/**
 * `above` is said of a maximum that counts all intake, never of a UL that counts supplements and
 * fortified foods only (magnesium, folic acid, niacin, vitamin E) or only the preformed part of the
 * amount (vitamin A's UL beside RAE, which carotenoids count in; retinol_ug carries it as `total`).
 */
export function assess(
  t: Pick<TargetT, "minimum" | "maximum" | "maximum_applies_to">,
  amount: number | null,
): { percent_of_minimum: number | null; status: Status } {
  if (amount === null) return { percent_of_minimum: null, status: "no_data" };
  const warnAbove = t.maximum !== null && t.maximum_applies_to === "total";
  const status: Status =
    t.minimum !== null && amount < t.minimum ? "below" : warnAbove && amount > t.maximum! ? "above" : "within";
  return { percent_of_minimum: t.minimum ? r1((100 * amount) / t.minimum) : null, status };
}
