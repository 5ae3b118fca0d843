/**
 * Saved meals (API.md §Saved meals): a named set of entries, saved from a meal or made from a list, that
 * POST /saved-meals/{id}/log writes into a day and meal type in one request. Each saved meal is its
 * owner's alone: another account's id answers as an unknown one (404).
 */
import type { Ctx } from "../../context";
import type { Alone } from "../../db/change-log";
import { ownAccount, tx, type Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import { checkDate, isUuid, Problems } from "../../lib/problems";
import type { MealT } from "../meals/model";
import { createMeal } from "../meals/service";
import { MAX_SAVED_ENTRIES, MAX_SAVED_MEALS, type LogSavedMealBody, type SavedMealT } from "./model";
import type { MealRow } from "../meals/repo";
import { MAX_MEALS_PER_DAY } from "../meals/day-cap";
import { checkSavedMeal, mealInput } from "./validate";

export const savedMealNotFound = (id: string) => new AppError("not_found", `no saved meal ${id} of yours`);

const lookup = (ctx: Ctx) => (id: number) => ctx.deps.foods.loggable(ctx.userId, id);

export function* listSavedMeals(ctx: Ctx): Q<SavedMealT[]> {
  return yield* ctx.deps.savedMeals.allOf(ctx.userId);
}

/** GET /saved-meals */
export function* savedMealList(ctx: Ctx): Q<{ items: SavedMealT[] }> {
  return { items: yield* ctx.deps.savedMeals.allOf(ctx.userId) };
}

export function* getSavedMeal({ ctx, id }: { ctx: Ctx; id: string }): Q<SavedMealT> {
  const found = isUuid(id) ? yield* ctx.deps.savedMeals.of(ctx.userId, id.toLowerCase()) : null;
  if (!found) throw savedMealNotFound(id);
  return found;
}

/** Is this id another account's saved meal? (sync: such an id can never be written by this caller) */
export function* takenByOther(ctx: Ctx, id: string): Q<boolean> {
  const owner = yield* ctx.deps.savedMeals.ownerOf(id.toLowerCase());
  return owner !== null && owner !== ctx.userId;
}

/**
 * POST /saved-meals (and a sync create, and an import). With a client `id` already saved by this user,
 * the stored one is returned (`created: false`); another account's id is 409 id_conflict.
 */
export function* createSavedMeal({
  ctx,
  input,
  prefix = "",
  alone = false,
}: {
  ctx: Ctx;
  input: unknown;
  prefix?: string;
} & Alone): Q<{ saved: SavedMealT; created: boolean }> {
  const v = yield* checkSavedMeal(lookup(ctx), yield* withLoggedEntries(ctx, input), true, prefix);
  const id = v.id ?? Bun.randomUUIDv7();
  return yield* tx(function* () {
    yield* ownAccount(ctx.userId); // asked with the read: the insert then takes COMMIT along (db/pg/store.ts)
    const { owner, theirs, have } = yield* ctx.deps.savedMeals.beforeCreate(ctx.userId, id);
    // a client-made id stays its owner's after a delete, so their undo (a create with it) still works
    if ((owner !== null && owner !== ctx.userId) || (owner === null && theirs))
      throw new AppError("id_conflict", `saved meal id ${id} is already used; make a new id`);
    if (owner !== null) return { saved: (yield* ctx.deps.savedMeals.of(ctx.userId, id))!, created: false };
    // a bound on what GET /saved-meals and the export carry (200 × 50 entries), not a field's fault
    if (have >= MAX_SAVED_MEALS)
      throw new AppError(
        "validation_failed",
        `you have ${have} saved meals, the most an account keeps (${MAX_SAVED_MEALS}); delete one to save another`,
      );
    const { write, saved } = ctx.deps.savedMeals.insertLogged(
      ctx.userId,
      { id, name: v.name!, entries: v.entries! },
      ctx.now.toISOString(),
    );
    yield* ctx.log.recordWith(write, ctx.userId, "saved_meal", id, "upsert", saved, ctx.now, { final: alone });
    return { saved, created: true };
  });
}

/**
 * "Save as meal": `meal_ids`, or `from_date` (and `meal_type`), become the body's entries, each as POST
 * /meals would log it again (its food, quantity and portion, or its quick add). Another account's meal
 * is 404 as an unknown one is. A body with entries, or with neither, is left to the validator.
 */
function* withLoggedEntries(ctx: Ctx, input: unknown): Q<unknown> {
  const body = (input ?? {}) as Record<string, unknown>;
  const { meal_ids: ids, from_date: fromDate, meal_type: mealType } = body;
  if (ids === undefined && fromDate === undefined) return input;
  const p = new Problems();
  if (body.entries !== undefined || (ids !== undefined && fromDate !== undefined))
    p.add(ids !== undefined ? "meal_ids" : "from_date", "give one of entries, meal_ids or from_date");
  if (mealType !== undefined && fromDate === undefined) p.add("meal_type", "goes with from_date");
  const date = checkDate(p, "from_date", fromDate);
  if (
    ids !== undefined &&
    !(Array.isArray(ids) && ids.length >= 1 && ids.length <= MAX_SAVED_ENTRIES && ids.every(isUuid))
  )
    p.add("meal_ids", `must be an array of 1–${MAX_SAVED_ENTRIES} meal UUIDs`);
  p.throwIfAny();
  const repo = ctx.deps.meals;
  let found: MealRow[] = [];
  if (date) {
    found = (yield* repo.day(ctx.userId, date, MAX_MEALS_PER_DAY)).filter((m) => !mealType || m.mealType === mealType);
    const what = `${mealType ? `${String(mealType)} meals` : "meals"} on ${date}`;
    if (!found.length) p.add("from_date", `has no ${what}`);
    else if (found.length > MAX_SAVED_ENTRIES)
      p.add("from_date", `has ${found.length} ${what}, more than the ${MAX_SAVED_ENTRIES} a saved meal holds`);
    p.throwIfAny();
  } else {
    for (const id of new Set((ids as string[]).map((x) => x.toLowerCase()))) {
      const m = yield* repo.get(ctx.userId, id);
      if (!m) throw new AppError("meal_not_found", `no meal ${id} of yours`);
      found.push(m);
    }
  }
  const entries = found.map((m) =>
    m.foodId === null
      ? {
          quick_add: {
            energy_kcal: m.energyKcal ?? 0,
            protein_g: m.proteinG,
            fat_g: m.fatG,
            carbohydrate_g: m.carbohydrateG,
            description: m.foodName,
          },
        }
      : { food_id: m.foodId, quantity: m.quantity, portion_id: m.portionId, measure: m.measure },
  );
  return { ...body, entries };
}

/** PATCH /saved-meals/{id} (and a sync update): only the fields given change. */
export function* updateSavedMeal({
  ctx,
  id,
  input,
  prefix = "",
  alone = false,
}: {
  ctx: Ctx;
  id: string;
  input: unknown;
  prefix?: string;
} & Alone): Q<SavedMealT> {
  yield* ownAccount(ctx.userId); // asked with the read: the update then takes COMMIT along (db/pg/store.ts)
  const stored = yield* getSavedMeal({ ctx, id });
  const v = yield* checkSavedMeal(lookup(ctx), input, false, prefix);
  return yield* tx(function* () {
    const next = { id: stored.id, name: v.name ?? stored.name, entries: v.entries ?? stored.entries };
    const { write, saved } = ctx.deps.savedMeals.updateLogged(
      ctx.userId,
      next,
      stored.created_at,
      ctx.now.toISOString(),
    );
    const seq = yield* ctx.log.recordWith(write, ctx.userId, "saved_meal", stored.id, "upsert", saved, ctx.now, {
      final: alone,
    });
    if (seq === null) throw savedMealNotFound(id); // deleted since it was read
    return saved;
  });
}

/** DELETE /saved-meals/{id} (and a sync delete): the delete and its record, with no read first. */
export function* deleteSavedMeal({ ctx, id, alone = false }: { ctx: Ctx; id: string } & Alone): Q<void> {
  if (!isUuid(id)) throw savedMealNotFound(id);
  const key = id.toLowerCase();
  yield* tx(function* () {
    yield* ownAccount(ctx.userId);
    const write = ctx.deps.savedMeals.deleteLogged(ctx.userId, key);
    const seq = yield* ctx.log.recordWith(write, ctx.userId, "saved_meal", key, "delete", null, ctx.now, {
      final: alone,
    });
    if (seq === null) throw savedMealNotFound(id);
  });
}

/** A UUID (version 8) from the log request's id, the saved meal's and the entry's place: the same, the same id. */
function derivedId(requestId: string, savedId: string, n: number): string {
  const h = new Bun.CryptoHasher("sha256").update(`morsel-saved-log:${requestId.toLowerCase()}:${savedId}:${n}`);
  const hex = h.digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}-${hex.slice(20, 32)}`;
}

/**
 * POST /saved-meals/{id}/log: every entry as a meal on `date` (default today) at `meal_type`, in one
 * transaction, each through createMeal (the same checks, the 200-meals-a-day cap). With a request `id`,
 * each meal's id is derived from it, so the same request again (a double tap, a retry) logs nothing more.
 * An entry whose food can no longer be logged fails the whole request, naming `entries.N.food_id`.
 */
export function* logSavedMeal({
  ctx,
  id,
  input: body,
}: {
  ctx: Ctx;
  id: string;
  input: typeof LogSavedMealBody.static;
}): Q<{ meals: MealT[]; created: number }> {
  const p = new Problems();
  const date = checkDate(p, "date", body.date);
  p.throwIfAny();
  const saved = yield* getSavedMeal({ ctx, id });
  return yield* tx(function* () {
    const meals: MealT[] = [];
    let created = 0;
    for (const [n, e] of saved.entries.entries()) {
      const mealId = body.id ? derivedId(body.id, saved.id, n) : undefined;
      const one = {
        ...mealInput(e),
        meal_type: body.meal_type,
        ...(date ? { date } : {}),
        ...(mealId ? { id: mealId } : {}),
      };
      try {
        const out = yield* createMeal({ ctx, input: one });
        meals.push(out.meal);
        if (out.created) created++;
      } catch (err) {
        throw err instanceof AppError ? inEntry(err, n) : err;
      }
    }
    return { meals, created };
  });
}

/** An entry's food or portion problem, named where it sits in the saved meal; the date and cap stay as they are. */
function inEntry(e: AppError, n: number): AppError {
  const own = new Set(["food_id", "quantity", "portion_id"]);
  if (!e.details?.some((d) => d.field !== undefined && own.has(d.field))) return e;
  const details = e.details.map((d) => (d.field && own.has(d.field) ? { ...d, field: `entries.${n}.${d.field}` } : d));
  return new AppError("validation_failed", `entries.${n}: ${e.message}`, details);
}
