/** POST /goals/suggest: what the schema cannot say (an adult's birth year, a rate in range), then the proposal. */
import type { Ctx } from "../../context";
import { AppError, type ErrorDetail } from "../../lib/errors";
import { localDate } from "../../lib/time";
import type { SuggestBodyT } from "./suggest-model";
import { AGE_RANGE, RATE_RANGE, type Suggestion, suggestGoal } from "./suggest";

/** Every problem of the body as one validation_failed; the year is the caller's (their time zone). */
export function checkSuggest(input: SuggestBodyT, year: number): void {
  const details: ErrorDetail[] = [];
  const age = year - input.birth_year;
  if (age < AGE_RANGE.min || age > AGE_RANGE.max)
    details.push({
      field: "birth_year",
      message: `must be from ${year - AGE_RANGE.max} to ${year - AGE_RANGE.min}: the equation is for adults`,
    });
  const unit = input.rate_unit ?? "kg";
  const { min, max } = RATE_RANGE[unit];
  const rate = input.rate_per_week;
  if (input.goal !== "keep" && (rate === undefined || rate === null || rate < min || rate > max))
    details.push({ field: "rate_per_week", message: `must be from ${min} to ${max} ${unit} a week to ${input.goal}` });
  if (input.goal === "keep" && rate !== undefined && rate !== null && rate !== 0)
    details.push({ field: "rate_per_week", message: "must be left out, null or 0 to keep your weight" });
  if (details.length) throw new AppError("validation_failed", `${details[0]!.field} ${details[0]!.message}`, details);
}

/** The proposal for the signed-in caller: nothing is read or stored. */
export function proposeGoal({ ctx, input }: { ctx: Ctx; input: SuggestBodyT }): Suggestion {
  const year = Number(localDate(ctx.now, ctx.timezone).slice(0, 4));
  checkSuggest(input, year);
  return suggestGoal(input, year);
}
