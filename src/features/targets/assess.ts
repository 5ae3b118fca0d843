/**
 * An amount against its target: % of the target and below / within / above. Pure, and bundled by the web app
 * (its day-view bars), so the app and GET /report/day say the same for the same day.
 */
import type { TargetT } from "./model";

export type Status = "below" | "within" | "above" | "no_data";
const r1 = (x: number) => Math.round(x * 10) / 10;
/** A day's total as the API gives it: to 0.01. */
export const totalOf = (x: number) => Math.round(x * 100) / 100;
/** Half away from zero (Math.round takes -2.5 to -2). */
export const roundHalfAway = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/**
 * The % of `target` that `amount` is, to 0.1, from the total to 0.01 as the API gives it (null: no target).
 * The app shows it rounded to a whole % with roundHalfAway: 214.6 % is 215 %, whatever the unrounded sum was.
 */
export function percentOf(target: number | null, amount: number): number | null {
  return target ? r1((100 * totalOf(amount)) / target) : null;
}

/**
 * `above` is said of a maximum that counts all intake, never of a UL that counts supplements and
 * fortified foods only (magnesium, folic acid, niacin, vitamin E) or only the preformed part of the
 * amount (vitamin A's UL beside RAE, which carotenoids count in; retinol_ug carries it as `total`).
 * One rule for the API and the app: under the minimum is below; else over a maximum that counts food is above.
 */
export function assess(
  t: Pick<TargetT, "minimum" | "maximum"> & { maximum_applies_to?: TargetT["maximum_applies_to"] },
  amount: number | null,
): { percent_of_minimum: number | null; status: Status } {
  if (amount === null) return { percent_of_minimum: null, status: "no_data" };
  const total = totalOf(amount);
  const warnAbove = t.maximum !== null && (t.maximum_applies_to ?? "total") === "total";
  const status: Status =
    t.minimum !== null && total < t.minimum ? "below" : warnAbove && total > t.maximum! ? "above" : "within";
  return { percent_of_minimum: percentOf(t.minimum, total), status };
}
