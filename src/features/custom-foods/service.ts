/**
 * Custom foods (API.md §Foods): owned by one user, invisible to everyone else. Deleting one
 * keeps the meals that used it, since every meal holds its own snapshot.
 */
import type { Ctx } from "../../context";
import { tx, type Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import type { FoodT } from "../foods/model";
import { customDetail } from "./as-food";
import type { CustomFoodRow } from "./repo";
import { checkFoodInput } from "./validate";

const notFound = (id: number) => new AppError("food_not_found", `no custom food ${id} of yours`);

/** A recipe's food changes only through /recipes, which computes its nutrients. */
function refuseComputed(row: { kind: string }, id: number): void {
  if (row.kind !== "food") {
    throw new AppError("validation_failed", `food ${id} is a recipe; change or delete it with /recipes/${id}`, [
      { field: "id", message: "is a recipe; use /recipes/{id}" },
    ]);
  }
}

/**
 * A food whose values another feature computed (a recipe, `kind` "recipe"): created (`id` null; the
 * server chooses the id) or, with `id`, the caller's existing food replaced as given. Call inside that
 * feature's transaction.
 */
export function* saveComputedFood({
  ctx,
  id,
  kind,
  fields,
}: {
  ctx: Ctx;
  id: number | null;
  kind: string;
  fields: {
    name: string;
    brand: string | null;
    nutrients: Record<string, number | null>;
    portions: { name: string; grams: number }[];
  };
}): Q<FoodT> {
  const now = ctx.now.toISOString();
  const existing = id === null ? null : yield* ctx.deps.customFoods.get(ctx.userId, id);
  if (id !== null && !existing) throw notFound(id);
  const values = { name: fields.name, brand: fields.brand, nutrients: fields.nutrients, kind, updatedAt: now };
  let foodId: number;
  if (existing) {
    yield* ctx.deps.customFoods.update(ctx.userId, existing.id, values);
    foodId = existing.id;
  } else
    foodId = (yield* ctx.deps.customFoods.insert({ userId: ctx.userId, barcode: null, createdAt: now, ...values })).id;
  yield* ctx.deps.customFoods.replacePortions(foodId, fields.portions);
  const food = yield* customDetail(ctx.deps.customFoods, (yield* ctx.deps.customFoods.get(ctx.userId, foodId))!);
  yield* ctx.log.record(ctx.userId, "food", foodId, "upsert", food, ctx.now);
  return food;
}

/**
 * POST /foods (and a food create from sync or import). The server chooses the id: ids are one sequence
 * shared by every account (and below the imported products' range), so an `id` in the input is ignored.
 */
export function* createFood({ ctx, input }: { ctx: Ctx; input: Record<string, unknown> }): Q<FoodT> {
  const v = checkFoodInput(input, true);
  const now = ctx.now.toISOString();
  return yield* tx(function* () {
    const r = yield* ctx.deps.customFoods.insert({
      userId: ctx.userId,
      name: v.name!,
      brand: v.brand ?? null,
      barcode: v.barcode ?? null,
      nutrients: v.nutrients!,
      createdAt: now,
      updatedAt: now,
    });
    yield* ctx.deps.customFoods.replacePortions(r.id, v.portions ?? []);
    const food = yield* customDetail(ctx.deps.customFoods, r);
    yield* ctx.log.record(ctx.userId, "food", r.id, "upsert", food, ctx.now);
    return food;
  });
}

/** PATCH /foods/:id — nutrients merge key by key (null clears one); portions replace the list. */
export function* updateFood({ ctx, id, input }: { ctx: Ctx; id: number; input: Record<string, unknown> }): Q<FoodT> {
  const existing = yield* ctx.deps.customFoods.get(ctx.userId, id);
  if (!existing) throw notFound(id);
  refuseComputed(existing, id);
  const v = checkFoodInput(input, false);
  const nutrients = v.nutrients ? { ...existing.nutrients, ...v.nutrients } : existing.nutrients;
  return yield* tx(function* () {
    yield* ctx.deps.customFoods.update(ctx.userId, id, {
      ...(v.name !== undefined ? { name: v.name } : {}),
      ...(v.brand !== undefined ? { brand: v.brand } : {}),
      ...(v.barcode !== undefined ? { barcode: v.barcode } : {}),
      nutrients,
      updatedAt: ctx.now.toISOString(),
    });
    if (v.portions) yield* ctx.deps.customFoods.replacePortions(id, v.portions);
    const food = yield* customDetail(ctx.deps.customFoods, (yield* ctx.deps.customFoods.get(ctx.userId, id))!);
    yield* ctx.log.record(ctx.userId, "food", id, "upsert", food, ctx.now);
    return food;
  });
}

/** DELETE /foods/:id (`computed`: the owning feature deletes its own, e.g. a recipe). */
export function* deleteFood({ ctx, id, computed = false }: { ctx: Ctx; id: number; computed?: boolean }): Q<void> {
  const row = yield* ctx.deps.customFoods.get(ctx.userId, id);
  if (!row) throw notFound(id);
  if (!computed) refuseComputed(row, id);
  yield* tx(function* () {
    yield* ctx.deps.customFoods.delete(ctx.userId, id);
    yield* ctx.log.record(ctx.userId, "food", id, "delete", null, ctx.now);
  });
}

/**
 * The user's custom foods by content (`contentKey`: name, brand, barcode and nutrients, exactly) → their ids,
 * oldest first, read once: an import reuses a food the user already has instead of making a twin.
 */
export function foodsByContent(ctx: Ctx): Q<Map<string, number[]>> {
  return ctx.deps.customFoods.byContent(ctx.userId);
}

/** A custom food's portion ids by name (an import maps a file's portions to this server's by name). */
export function* portionIdsByName(ctx: Ctx, foodId: number): Q<Map<string, number>> {
  return new Map((yield* ctx.deps.customFoods.portions(foodId)).map((p) => [p.name, p.id]));
}

/** The user's custom foods, recipes' own foods (kind "recipe") included: an export lists them. */
export function customFoodRows(ctx: Ctx): Q<CustomFoodRow[]> {
  return ctx.deps.customFoods.allRowsOf(ctx.userId);
}

/**
 * A custom food's content as the export carries it: name, brand, barcode, nutrients per 100 g, and its
 * usable portions as grams of one.
 */
export function* foodContent(ctx: Ctx, row: CustomFoodRow) {
  const d = yield* customDetail(ctx.deps.customFoods, row);
  return {
    id: d.id,
    name: d.name,
    brand: d.brand,
    barcode: d.barcode,
    nutrients: row.nutrients,
    portions: d.portions.map((p) => ({ name: p.name, grams: p.grams / p.amount })),
  };
}

export { contentKey, CUSTOM_ID_BASE, isCustomId } from "./repo";
