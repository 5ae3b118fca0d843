/**
 * Saved meals in the JSON export (`saved_meals`, optional: an older file has none). Import checks them
 * with the saved-meal validator (saved-meals/validate.ts) before anything is written; an entry may log one
 * of the file's own custom foods, whose portions are matched by name, as the file's meals are.
 */
import type { Ctx } from "../../context";
import { value, type Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import type { Problems } from "../../lib/problems";
import type { Store } from "../../db/store";
import { pacedWrites } from "../../db/paced-writes";
import type { LoggableFood } from "../foods/directory";
import type { SavedEntryT } from "../saved-meals/model";
import { createSavedMeal, takenByOther } from "../saved-meals/service";
import { checkSavedMeal, type SavedMealInput } from "../saved-meals/validate";
import { isCustomId } from "../custom-foods/service";

type FileFoods = Map<
  number,
  { input: { name?: string; portions?: { name: string; grams: number }[] }; deleted: boolean }
>;
type FoodMap = Map<number, { id: number; portions: Map<string, number> }>;

export interface CheckedSaved {
  input: SavedMealInput;
}

/** A file's custom food as the validator looks foods up: portions by the ids the file's entries give them. */
function fileFood(
  id: number,
  f: { input: { name?: string; portions?: { name: string; grams: number }[] } },
  raw: unknown,
): LoggableFood {
  const names = new Map<number, string>();
  const entries = (raw as { entries?: unknown })?.entries;
  for (const e of Array.isArray(entries) ? entries : []) {
    const p = (e as { portion?: { id?: unknown; name?: unknown } } | null)?.portion;
    if (p && typeof p.id === "number" && typeof p.name === "string") names.set(p.id, p.name);
  }
  return {
    id,
    name: f.input.name ?? "",
    per100g: {},
    portion(pid) {
      const name = names.get(pid);
      const found = f.input.portions?.find((x) => x.name === name);
      return found ? { id: pid, name: found.name, amount: 1, grams: found.grams } : null;
    },
  };
}

export async function checkSavedMeals(
  ctx: Ctx,
  doc: Record<string, unknown>,
  fileFoods: FileFoods,
  p: Problems,
  pause: () => Promise<void>,
): Promise<CheckedSaved[]> {
  const list = doc.saved_meals ?? [];
  if (!Array.isArray(list)) {
    p.add("saved_meals", "must be an array");
    return [];
  }
  const out: CheckedSaved[] = [];
  for (const [i, raw] of list.entries()) {
    await pause();
    const food = (id: number): Q<LoggableFood | null> => {
      const f = fileFoods.get(id);
      return f ? value(f.deleted ? null : fileFood(id, f, raw)) : ctx.deps.foods.loggable(ctx.user.id, id);
    };
    try {
      const kept = keptEntries(raw, fileFoods);
      if (kept === null) continue;
      const input = await ctx.store.run(checkSavedMeal(food, kept, true, `saved_meals.${i}.`));
      if (input.id && (await ctx.store.run(takenByOther(ctx, input.id))))
        throw new AppError(
          "id_conflict",
          `saved meal ${input.id} in the export belongs to another account on this server; nothing was imported`,
        );
      out.push({ input });
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== "validation_failed") throw e;
      p.details.push(...(e.details ?? []));
    }
  }
  return out;
}

/**
 * The saved meal without its entries of custom foods deleted on the source (the file marks them deleted, or
 * has them no more, whatever this server's food of that number is): saved meals keep such an entry, and a file exported after the deletion must import. A
 * saved meal with none left is not imported (null). Other foods are the validator's to check.
 */
function keptEntries(raw: unknown, fileFoods: FileFoods): unknown {
  const o = raw as { entries?: unknown } | null;
  if (!o || typeof o !== "object" || !Array.isArray(o.entries)) return raw;
  const entries: unknown[] = [];
  for (const e of o.entries) {
    const x = (e ?? {}) as { food_id?: unknown; food?: { id?: unknown } | null };
    const id = x.food_id ?? x.food?.id;
    if (typeof id === "number" && Number.isSafeInteger(id) && isCustomId(id)) {
      // not in the file: deleted on the source (an export lists every custom food its account has); this number
      // here may be another food, even one this same file made on its first import
      const inFile = fileFoods.get(id);
      if (!inFile || inFile.deleted) continue;
    }
    entries.push(e);
  }
  if (o.entries.length && !entries.length) return null;
  return { ...o, entries };
}

/** An entry with the file's custom foods and their portions mapped to this server's ids. */
function mapped(e: SavedEntryT, foodMap: FoodMap): Record<string, unknown> {
  if (e.food === null) return { quick_add: e.quick_add };
  const to = foodMap.get(e.food.id);
  const portionId = e.portion ? (to ? (to.portions.get(e.portion.name) ?? null) : e.portion.id) : null;
  return { food_id: to?.id ?? e.food.id, quantity: e.quantity, portion_id: portionId, measure: e.measure ?? null };
}

/** Writes the checked saved meals; one this account already has (the same id) is left as it is. */
export async function importSavedMeals(
  store: Store,
  ctx: Ctx,
  saved: CheckedSaved[],
  foodMap: FoodMap,
  pause: () => Promise<void>,
): Promise<{ added: number; unchanged: number }> {
  const count = { added: 0, unchanged: 0 };
  await pacedWrites(
    saved,
    (work) => store.run(work),
    function* ({ input }) {
      const entries = input.entries!.map((e) => mapped(e, foodMap));
      const { created } = yield* createSavedMeal({ ctx, input: { id: input.id, name: input.name, entries } });
      count[created ? "added" : "unchanged"]++;
    },
    pause,
  );
  return count;
}
