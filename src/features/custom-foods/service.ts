/**
 * Custom foods (API.md §Foods): owned by one user, invisible to everyone else. Deleting one
 * keeps the meals that used it, since every meal holds its own snapshot.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customFoods } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { FoodT } from "../foods/model";
import { customDetail } from "./shape";
import type { CustomFoodsRepo } from "./repo";
import { checkFoodInput } from "./validate";
import type { SyncLog } from "../sync/log";
import { inTx } from "../../db/tx";

export interface CustomFoodsCtx {
  db: Db;
  repo: CustomFoodsRepo;
  log: SyncLog;
  userId: number;
  now: Date;
}

const notFound = (id: number) => new AppError("food_not_found", `no custom food ${id} of yours`);

/**
 * POST /foods. `input.id` is honoured only from sync (a client-made id for an offline create);
 * the REST route never passes one through.
 */
export function createFood({ ctx, input }: { ctx: CustomFoodsCtx; input: Record<string, unknown> }): FoodT {
  const v = checkFoodInput(input, true);
  const now = ctx.now.toISOString();
  return inTx(ctx.db, () => {
    const r = ctx.db
      .insert(customFoods)
      .values({ ...(input.id !== undefined ? { id: input.id as number } : {}), userId: ctx.userId, name: v.name!, brand: v.brand ?? null, barcode: v.barcode ?? null, nutrients: v.nutrients!, createdAt: now, updatedAt: now })
      .returning()
      .get();
    ctx.repo.replacePortions(r.id, v.portions ?? []);
    const food = customDetail(ctx.repo, r);
    ctx.log.record(ctx.userId, "food", r.id, "upsert", food, ctx.now);
    return food;
  });
}

/** PATCH /foods/:id — nutrients merge key by key (null clears one); portions replace the list. */
export function updateFood({ ctx, id, input }: { ctx: CustomFoodsCtx; id: number; input: Record<string, unknown> }): FoodT {
  const existing = ctx.repo.get(ctx.userId, id);
  if (!existing) throw notFound(id);
  const v = checkFoodInput(input, false);
  const nutrients = v.nutrients ? { ...existing.nutrients, ...v.nutrients } : existing.nutrients;
  return inTx(ctx.db, () => {
    ctx.db
      .update(customFoods)
      .set({
        ...(v.name !== undefined ? { name: v.name } : {}),
        ...(v.brand !== undefined ? { brand: v.brand } : {}),
        ...(v.barcode !== undefined ? { barcode: v.barcode } : {}),
        nutrients,
        updatedAt: ctx.now.toISOString(),
      })
      .where(and(eq(customFoods.id, id), eq(customFoods.userId, ctx.userId)))
      .run();
    if (v.portions) ctx.repo.replacePortions(id, v.portions);
    const food = customDetail(ctx.repo, ctx.repo.get(ctx.userId, id)!);
    ctx.log.record(ctx.userId, "food", id, "upsert", food, ctx.now);
    return food;
  });
}

/** DELETE /foods/:id */
export function deleteFood({ ctx, id }: { ctx: CustomFoodsCtx; id: number }): void {
  if (!ctx.repo.get(ctx.userId, id)) throw notFound(id);
  inTx(ctx.db, () => {
    ctx.db.delete(customFoods).where(and(eq(customFoods.id, id), eq(customFoods.userId, ctx.userId))).run();
    ctx.log.record(ctx.userId, "food", id, "delete", null, ctx.now);
  });
}
