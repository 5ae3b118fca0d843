/**
 * The meal log (API.md §Meals). Days are calendar dates in the user's time zone; nutrients are
 * computed when a meal is written and stored with it.
 */
import type { Ctx } from "../../context";
import { ownAccount, tx, isUniqueViolation, type Q } from "../../db/q";
import type { Alone } from "../../db/change-log";
import { MEAL_NUTRIENT_KEYS } from "../../db/nutrients";
import { AppError } from "../../lib/errors";
import { localClock, localDate, localTimeToInstant, toRfc3339 } from "../../lib/time";
import type { CreateMealInput, MealT, MealType, PatchMealInput } from "./model";
import { scale, type MealNutrients } from "./nutrition";
import type { MealRow, NewMeal } from "./repo";
import { isUuid } from "../../lib/problems";
import { cleanMeasure, cleanNote, validateCreate, validatePatch } from "./validate";
import { nutrientColumns, nutrientsOf, portionFields, toMeal } from "./meal-view";
import { dayFull, MAX_MEALS_PER_DAY, roomOnDay } from "./day-cap";
import { placeNew } from "./placement";

export { toMeal };

/**
 * What the photo scanner does around meals; it registers these (scanner/photo-hooks.ts), so the
 * meal log knows nothing of photos beyond an id.
 */
export interface PhotoHooks {
  /** Is this one of the user's photos from the last 24 hours? */
  live(userId: number, photoId: string, now: Date): Q<boolean>;
  /** A meal was logged from this photo: its embedding becomes an example of the food. */
  confirmed(userId: number, photoId: string, foodId: number, mealId: string, now: Date): Q<void>;
  /** That meal was deleted: its example goes too. */
  withdrawn(userId: number, mealId: string): Q<void>;
}

/** A tracker import's entry without a time sits at a typical local time for its type (POST /meals: placement.ts). */
export const TYPICAL_TIME: Record<MealType, [number, number]> = {
  breakfast: [8, 0],
  lunch: [12, 30],
  snack: [16, 0],
  dinner: [19, 0],
};

/** A quick add's per-100 g snapshot: it has no food, so nothing is known per 100 g. */
const NO_VALUES: Record<string, number | null> = Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, null]));

const notFound = (id: string) => new AppError("meal_not_found", `no meal ${id} of yours`);

function requestHash(input: CreateMealInput, eatenAt: Date | undefined): string {
  const canonical = JSON.stringify([
    input.food_id ?? input.quick_add ?? null,
    input.quantity,
    input.meal_type,
    input.portion_id ?? null,
    input.date ?? null,
    eatenAt ? toRfc3339(eatenAt) : null,
    input.note ?? null,
    input.photo_id ?? null,
    // only when sent, so a retry of a meal stored before measures were kept still matches
    ...(input.measure ? [input.measure] : []),
  ]);
  return new Bun.CryptoHasher("sha256").update(canonical).digest("hex");
}

/**
 * POST /meals (and a sync create). With a client `id`, a retry with the same content returns the
 * stored meal (`created: false`); the same id with other content is 409 id_conflict.
 */
export function* createMeal({
  ctx,
  input: body,
  alone = false,
}: {
  ctx: Ctx;
  input: CreateMealInput;
} & Alone): Q<{ meal: MealT; created: boolean }> {
  // first, before any read: asked with the first statement, and it lets a batch run other accounts' creates
  // beside this one (db/pg/store.ts byAccount)
  yield* ownAccount(ctx.userId);
  const v = yield* validateCreate(ctx, body);
  const { input } = v;
  const hash = requestHash(input, v.eatenAt);
  const id = input.id !== undefined ? input.id.toLowerCase() : Bun.randomUUIDv7();
  const replay = function* () {
    const existing = yield* ctx.deps.meals.byId(id);
    // another account's deleted meal keeps its id: its owner's undo (a create with that id) must work
    if (!existing && (yield* ctx.log.deletedElsewhere("meal", id, ctx.userId)))
      throw new AppError("id_conflict", `meal id ${id} is already used for a different meal`);
    if (!existing) return null;
    if (existing.userId !== ctx.userId || existing.requestHash !== hash) {
      throw new AppError("id_conflict", `meal id ${id} is already used for a different meal`);
    }
    return { meal: toMeal(existing), created: false };
  };
  const { food, quick, portion, grams } = v;
  const today = localDate(ctx.now, ctx.timezone);
  const day = v.date ?? (v.eatenAt ? localDate(v.eatenAt, ctx.timezone) : today);
  const placed = v.eatenAt ? null : yield* placeNew(ctx, day, today, input.meal_type);
  const at = v.eatenAt ?? placed!.at;
  // counted under the account's lock with placement's read (PostgreSQL): a full day is refused before the write,
  // and with no read left after it (no replay for a server-made id, no photo), the insert takes COMMIT along
  const counted = placed?.dayCount ?? null;
  const serverId = input.id === undefined; // a client id's retry is answered as a replay, full day or not (below)
  if (serverId && counted !== null && counted >= MAX_MEALS_PER_DAY) throw dayFull("date", day, counted);
  const final = alone && serverId && counted !== null && !(typeof input.photo_id === "string" && food);
  const stamp = ctx.now.toISOString();
  const row: NewMeal = {
    id,
    userId: ctx.userId,
    foodId: food?.id ?? null,
    foodName: food?.name ?? quick!.description,
    mealType: input.meal_type,
    quantity: input.quantity ?? 1,
    ...portionFields(portion),
    measure: v.measure,
    grams,
    date: day,
    eatenAt: toRfc3339(at),
    note: v.note ?? null,
    per100g: food?.per100g ?? NO_VALUES,
    requestHash: hash,
    ...nutrientColumns(food ? scale(food.per100g, grams) : quick!.nutrients),
    createdAt: stamp,
    updatedAt: stamp,
  };
  try {
    // the meal as stored: every column is given, and doubles and text come back as they went in
    const meal = toMeal(row as MealRow);
    return yield* tx(function* () {
      // the day's cap, the insert and its change-log record: one statement on PostgreSQL, with no read
      // before it; a client id already used fails the insert (below), a tombstone's makes it write nothing
      const write = ctx.deps.meals.insertOnDay(row, MAX_MEALS_PER_DAY);
      const fresh = { unlessDeletedElsewhere: input.id !== undefined };
      const seq = yield* ctx.log.recordWith(write, ctx.userId, "meal", id, "upsert", meal, ctx.now, {
        ...fresh,
        final,
      });
      if (seq === null && final) throw dayFull("date", day, counted!); // nothing written; no read after COMMIT
      if (seq === null) {
        const earlier = input.id !== undefined ? yield* replay() : null; // a retry is answered, full day or not
        if (earlier) return earlier;
        throw dayFull("date", day, yield* ctx.deps.meals.countOn(ctx.userId, day));
      }
      if (typeof input.photo_id === "string" && food)
        yield* ctx.deps.photoHooks.confirmed(ctx.userId, input.photo_id, food.id, id, ctx.now);
      return { meal, created: true };
    });
  } catch (e) {
    // The id is taken (a retry, or a concurrent one that won the insert): answer as a replay.
    const again = isUniqueViolation(e) ? yield* replay() : null;
    if (again) return again;
    throw e;
  }
}

/** A meal from an export, with its stored values, already validated by portability/import.ts. */
export interface RestoredMeal {
  id: string;
  /** null: a quick add */
  foodId: number | null;
  foodName: string;
  mealType: MealType;
  quantity: number;
  portion: { id: number; name: string; grams: number } | null;
  grams: number;
  date: string;
  eatenAt: string;
  note: string | null;
  measure?: string | null;
  nutrients: MealNutrients;
  per100g: Record<string, number | null>;
  createdAt?: string;
}

/**
 * Puts back an exported meal as it was (its id and stored nutrients, so statistics come out the
 * same). A meal id this user already has is left alone; another user's is 409 id_conflict.
 */
export function* restoreMeal(ctx: Ctx, m: RestoredMeal): Q<"added" | "unchanged"> {
  const existing = yield* ctx.deps.meals.byId(m.id);
  if (!existing && (yield* ctx.log.deletedElsewhere("meal", m.id, ctx.userId)))
    throw new AppError(
      "id_conflict",
      `meal ${m.id} in the export belongs to another account on this server; nothing was imported`,
    );
  if (existing) {
    if (existing.userId !== ctx.userId)
      throw new AppError(
        "id_conflict",
        `meal ${m.id} in the export belongs to another account on this server; nothing was imported`,
      );
    return "unchanged";
  }
  yield* roomOnDay(ctx, m.date, 1); // import.ts checked it; this holds against writes since
  const stamp = ctx.now.toISOString();
  yield* ctx.deps.meals.insert({
    id: m.id,
    userId: ctx.userId,
    foodId: m.foodId,
    foodName: m.foodName,
    mealType: m.mealType,
    quantity: m.quantity,
    portionId: m.portion?.id ?? null,
    portionName: m.portion?.name ?? null,
    portionGrams: m.portion?.grams ?? null,
    measure: cleanMeasure(m.measure) ?? null,
    grams: m.grams,
    date: m.date,
    eatenAt: m.eatenAt,
    note: cleanNote(m.note) ?? null,
    per100g: m.per100g,
    requestHash: null,
    ...nutrientColumns(m.nutrients),
    createdAt: m.createdAt ?? stamp,
    updatedAt: stamp,
  });
  const meal = toMeal((yield* ctx.deps.meals.get(ctx.userId, m.id))!);
  yield* ctx.log.record(ctx.userId, "meal", m.id, "upsert", meal, ctx.now);
  return "added";
}

function* ownMeal(ctx: Ctx, id: string): Q<MealRow> {
  const row = yield* ctx.deps.meals.get(ctx.userId, checkMealId(id));
  if (!row) throw notFound(id);
  return row;
}

function checkMealId(id: string): string {
  if (!isUuid(id)) {
    throw new AppError("validation_failed", "id must be a meal UUID", [
      { field: "id", message: "must be a meal UUID" },
    ]);
  }
  return id.toLowerCase();
}

export function* getMeal({ ctx, id }: { ctx: Ctx; id: string }): Q<MealT> {
  return toMeal(yield* ownMeal(ctx, id));
}

/** PATCH /meals/:id (and a sync update) — grams and nutrients are recomputed from the per-100 g values stored with the meal. */
export function* updateMeal({
  ctx,
  id,
  input: raw,
  alone = false,
}: { ctx: Ctx; id: string; input: PatchMealInput } & Alone): Q<MealT> {
  yield* ownAccount(ctx.userId); // asked with the read: the write then takes COMMIT along (db/pg/store.ts)
  const row = yield* ownMeal(ctx, id);
  const stored = toMeal(row);
  const quick = stored.food ? undefined : { description: stored.description!, nutrients: nutrientsOf(row) };
  const v = yield* validatePatch(ctx, { ...row, quick }, raw);
  const { input } = v;
  const set: Partial<NewMeal> = { updatedAt: ctx.now.toISOString() };
  if (input.meal_type !== undefined) set.mealType = input.meal_type;
  if (v.note !== undefined) set.note = v.note;
  if (v.measure !== undefined) set.measure = v.measure;
  if (v.eatenAt) set.eatenAt = toRfc3339(v.eatenAt);
  if (v.date) set.date = v.date;
  else if (v.eatenAt) set.date = localDate(v.eatenAt, ctx.timezone);
  if (v.date && !v.eatenAt && v.date !== row.date) {
    // a move to another day keeps the meal's local time of day, as a copy does: its eaten_at stayed on the old day
    const [h, m] = localClock(new Date(row.eatenAt), ctx.timezone);
    set.eatenAt = toRfc3339(localTimeToInstant(v.date, h, m, ctx.timezone));
  }
  if (input.quantity !== undefined || v.portion !== undefined) {
    Object.assign(set, { quantity: v.quantity, grams: v.grams, ...nutrientColumns(scale(row.per100g, v.grams)) });
    if (v.portion !== undefined) Object.assign(set, portionFields(v.portion));
  }
  if (v.quick) Object.assign(set, { foodName: v.quick.description, ...nutrientColumns(v.quick.nutrients) });
  // the meal as it will be stored: the row read, with what changes (doubles and text come back as they go in)
  const changed: Record<string, unknown> = { ...row };
  for (const [key, value] of Object.entries(set)) if (value !== undefined) changed[key] = value;
  const m = toMeal(changed as MealRow);
  return yield* tx(function* () {
    if (set.date !== undefined && set.date !== row.date) yield* roomOnDay(ctx, set.date, 1);
    // the update and its change-log record: one statement on PostgreSQL, no read back
    const write = ctx.deps.meals.updateLogged(ctx.userId, row.id, set);
    const seq = yield* ctx.log.recordWith(write, ctx.userId, "meal", row.id, "upsert", m, ctx.now, { final: alone });
    if (seq === null) throw notFound(id); // deleted since it was read
    return m;
  });
}

/** DELETE /meals/:id (and a sync delete): its example withdrawn, then the delete and its record, with no read first. */
export function* deleteMeal({ ctx, id, alone = false }: { ctx: Ctx; id: string } & Alone): Q<void> {
  const mealId = checkMealId(id);
  yield* tx(function* () {
    yield* ownAccount(ctx.userId); // asked with the first statement: the delete takes COMMIT along (db/pg/store.ts)
    yield* ctx.deps.photoHooks.withdrawn(ctx.userId, mealId); // only this account's examples of that meal
    const write = ctx.deps.meals.deleteLogged(ctx.userId, mealId);
    const seq = yield* ctx.log.recordWith(write, ctx.userId, "meal", mealId, "delete", null, ctx.now, { final: alone });
    if (seq === null) throw notFound(id);
  });
}

/**
 * The account a meal id belongs to, or null when no account has it. An import refuses a file whose
 * meal id is another account's (a meal's UUID is the client's, so it could name anyone's), and a
 * preview counts the meals that are already the user's.
 */
export function* mealOwner(ctx: Ctx, id: string): Q<number | null> {
  return (yield* ctx.deps.meals.byId(id.toLowerCase()))?.userId ?? null;
}

export type { MealRow };

/** Each food id from `min` to `max` the user has logged, once (the export finds custom foods deleted after logging). */
export function loggedFoodIds(ctx: Ctx, userId: number, min: number, max: number): Q<number[]> {
  return ctx.deps.meals.foodIdsLogged(userId, min, max);
}

/** The user's first meal (by date, time, id) of this food. */
export function firstMealOf(ctx: Ctx, userId: number, foodId: number): Q<MealRow | null> {
  return ctx.deps.meals.firstOf(userId, foodId);
}

/** Up to `limit` of the user's meals, oldest first by (date, time, id), after `after` when paging. */
export function mealsInOrder(
  ctx: Ctx,
  userId: number,
  after: { date: string; eatenAt: string; id: string } | null,
  limit: number,
): Q<MealRow[]> {
  return ctx.deps.meals.range(userId, "0000-01-01", "9999-12-31", "asc", after, limit);
}
