/**
 * POST /meals/copy — "same breakfast as yesterday": one meal, a day's meals of one type, or a
 * whole day, onto another date (API.md §Meals). Copies keep the values the originals were logged
 * with (their snapshot), so a copy works even after the food was edited or deleted. With a client
 * `id` each copy's id is derived from it and the original's, so a retried copy never doubles.
 */
import type { Ctx } from "../../context";
import { tx, type Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import { isUuid, Problems, checkDate } from "../../lib/problems";
import { addDays, localClock, localDate, localTimeToInstant, toRfc3339 } from "../../lib/time";
import { MEAL_TYPES, type CopyMealsBody, type MealT, type MealType } from "./model";
import type { MealRow } from "./repo";
import { toMeal } from "./service";
import { MAX_MEALS_PER_DAY, roomOnDay } from "./day-cap";

/** A copy makes at most a full day of meals. */
export const MAX_COPY = MAX_MEALS_PER_DAY;

/** POST /meals/copy's body, as its route validated it. */
export type CopyInput = typeof CopyMealsBody.static;

/** A UUID (version 8, RFC 9562) from the copy's id and the original's: the same pair, the same id. */
function derivedId(copyId: string, sourceId: string): string {
  const h = new Bun.CryptoHasher("sha256").update(`morsel-copy:${copyId.toLowerCase()}:${sourceId}`).digest("hex");
  const v = `8${h.slice(13, 16)}`;
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16) + h.slice(17, 20);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${v}-${variant}-${h.slice(20, 32)}`;
}

function check(ctx: Ctx, input: CopyInput) {
  const p = new Problems();
  const today = localDate(ctx.now, ctx.timezone);
  const toDate = checkDate(p, "to_date", input.to_date ?? "");
  const latest = addDays(today, 366);
  if (toDate && toDate > latest) p.add("to_date", `must be at most a year ahead (${latest})`);
  const fromDate = checkDate(p, "from_date", input.from_date);
  const ids = input.meal_ids;
  if ((ids === undefined) === (fromDate === undefined) && !p.details.some((d) => d.field === "from_date")) {
    p.add(
      "meal_ids",
      "give either meal_ids (the meals to copy) or from_date (a day to copy, optionally one meal_type of it)",
    );
  }
  if (ids !== undefined && (!Array.isArray(ids) || ids.length < 1 || ids.length > MAX_COPY || !ids.every(isUuid))) {
    p.add("meal_ids", `must be an array of 1–${MAX_COPY} meal UUIDs`);
  }
  const type = (v: unknown, field: string) => {
    if (v !== undefined && v !== null && !MEAL_TYPES.includes(v as MealType))
      p.add(field, `must be one of ${MEAL_TYPES.join(", ")}`);
    return (v ?? undefined) as MealType | undefined;
  };
  const mealType = type(input.meal_type, "meal_type");
  const toType = type(input.to_meal_type, "to_meal_type");
  if (input.id !== undefined && !isUuid(input.id))
    p.add("id", "must be a UUID the client made for this copy (a retry sends the same one)");
  p.throwIfAny();
  return {
    toDate: toDate!,
    fromDate,
    ids: ids as string[] | undefined,
    mealType,
    toType,
    copyId: input.id as string | undefined,
  };
}

export function* copyMeals({ ctx, input }: { ctx: Ctx; input: CopyInput }): Q<{ meals: MealT[]; created: number }> {
  const v = check(ctx, input);
  let sources: MealRow[] = [];
  if (v.ids) {
    for (const id of new Set(v.ids.map((id) => id.toLowerCase()))) {
      const row = yield* ctx.deps.meals.get(ctx.userId, id);
      if (!row) throw new AppError("meal_not_found", `no meal ${id} of yours`);
      sources.push(row);
    }
  } else {
    // Counted over the index before a row is read: a day stored before the cap may hold 50,000
    // meals, and reading them only to refuse held the server for everyone (review, issue 47).
    const n = yield* ctx.deps.meals.countOn(ctx.userId, v.fromDate!);
    if (n > MAX_COPY)
      throw new AppError(
        "validation_failed",
        `from_date has ${n} meals, more than the ${MAX_COPY} a copy takes; copy chosen meals with meal_ids`,
        [{ field: "from_date", message: `has ${n} meals, more than ${MAX_COPY}` }],
      );
    sources = (yield* ctx.deps.meals.day(ctx.userId, v.fromDate!, MAX_COPY)).filter(
      (m) => !v.mealType || m.mealType === v.mealType,
    );
  }
  const stamp = ctx.now.toISOString();
  let created = 0;
  const meals = yield* tx(function* () {
    const copies: (MealT | null)[] = [];
    const fresh: { src: MealRow; id: string; mealType: MealType; at: number }[] = [];
    for (const src of sources) {
      const id = v.copyId ? derivedId(v.copyId, src.id) : Bun.randomUUIDv7();
      const mealType = v.toType ?? (src.mealType as MealType);
      const existing = yield* ctx.deps.meals.byId(id);
      if (existing) {
        if (existing.userId !== ctx.userId || existing.date !== v.toDate || existing.mealType !== mealType) {
          throw new AppError(
            "id_conflict",
            `copy id ${v.copyId} was already used for a different copy; make a new id for a new copy`,
          );
        }
        copies.push(toMeal(existing));
        continue;
      }
      fresh.push({ src, id, mealType, at: copies.length });
      copies.push(null);
    }
    // a retried copy adds only what it had not made: only that must fit the target day
    if (fresh.length) yield* roomOnDay(ctx, v.toDate, fresh.length, "to_date");
    for (const { src, id, mealType, at } of fresh) {
      const [h, m] = localClock(new Date(src.eatenAt), ctx.timezone);
      yield* ctx.deps.meals.insert({
        ...src,
        id,
        date: v.toDate,
        mealType,
        eatenAt: toRfc3339(localTimeToInstant(v.toDate, h, m, ctx.timezone)),
        requestHash: null,
        createdAt: stamp,
        updatedAt: stamp,
      });
      created++;
      const meal = toMeal((yield* ctx.deps.meals.get(ctx.userId, id))!);
      yield* ctx.log.record(ctx.userId, "meal", id, "upsert", meal, ctx.now);
      copies[at] = meal;
    }
    return copies as MealT[];
  });
  return { meals, created };
}
