/**
 * The one exercise validator: REST (POST/PATCH /exercises), sync push and import call it, so an exercise
 * refused on one path is refused on every path naming the same field. The schema first, then the activity
 * code (it must be in the catalogue), the time of day and the date (1970 to tomorrow, as a weigh-in's).
 */
import { AppError } from "../../lib/errors";
import { Problems, checkDate } from "../../lib/problems";
import { addDays } from "../../lib/time";
import { checkSchema } from "../../schema/validation";
import { activityByCode, type Activity } from "../activities/catalogue";
import { EARLIEST_WEIGH_IN } from "../weights/validate";
import { CreateExerciseBody, MAX_KCAL, PatchExerciseBody, type CreateExerciseT } from "./model";

export interface CheckedExercise extends Omit<CreateExerciseT, "activity"> {
  /** The catalogue entry: undefined when not given, null when given as null. */
  activity?: Activity | null;
}

/** Sync push and import parse a record here, at their edge (REST has Elysia check the same schema). */
export const parseExercise = (raw: unknown, create: boolean, prefix = ""): CreateExerciseT =>
  checkSchema(create ? CreateExerciseBody : PatchExerciseBody, raw, prefix) as CreateExerciseT;

/**
 * What the schema cannot say; services call it on every path. `create` requires minutes and an activity or
 * a name; `today` is the user's local date.
 */
export function checkExercise(body: CreateExerciseT, create: boolean, today: string, prefix = ""): CheckedExercise {
  const p = new Problems();
  const { activity: code, ...rest } = body;
  const out: CheckedExercise = { ...rest };
  if (code !== undefined) {
    out.activity = code === null ? null : activityByCode(code);
    if (code !== null && !out.activity)
      p.add(`${prefix}activity`, `is not an activity code; search GET /activities?q= for one`);
  }
  if (body.name !== undefined) {
    out.name = body.name.trim();
    if (!out.name) p.add(`${prefix}name`, "must not be blank");
  }
  if (create) {
    if (body.minutes === undefined) p.add(`${prefix}minutes`, "is required");
    if (!code && body.name === undefined) p.add(`${prefix}name`, "is required without an activity");
  }
  if (body.start_time !== undefined && body.start_time !== null && !/^([01]\d|2[0-3]):[0-5]\d$/.test(body.start_time))
    p.add(`${prefix}start_time`, "must be a time of day HH:MM (00:00–23:59), or null");
  const date = checkDate(p, `${prefix}date`, body.date);
  if (date && date > addDays(today, 1)) p.add(`${prefix}date`, `must not be in the future (today is ${today})`);
  if (date && date < EARLIEST_WEIGH_IN) p.add(`${prefix}date`, `must be ${EARLIEST_WEIGH_IN} or later`);
  if (body.note !== undefined) out.note = body.note?.trim() || null;
  p.throwIfAny();
  return out;
}

/**
 * A computed kcal obeys the cap a typed one has (MAX_KCAL): MET × kg × hours can pass it (150 kg running for
 * 24 h is 28,800), and a stored figure over it would make the account's own export refuse to import. Every path
 * that computes (REST, sync, the health bridges and tracker imports, through the exercise service) calls this.
 */
export function checkComputedKcal(kcal: number, how: string, prefix = ""): void {
  if (kcal <= MAX_KCAL) return;
  const message = `computed as ${kcal} (${how}), over the ${MAX_KCAL} an exercise may have: give kcal, or fewer minutes`;
  throw new AppError("validation_failed", `${prefix}kcal ${message}`, [{ field: `${prefix}kcal`, message }]);
}
