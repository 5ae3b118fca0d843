/**
 * Recipes (API.md §Recipes): a custom food (kind "recipe") made of ingredients, any food this user
 * may log. Its nutrients are computed (compute.ts) from a snapshot of each ingredient taken when
 * the recipe is written, so editing or deleting an ingredient food changes neither the recipe nor
 * the meals logged from it. Its first portion is "serving" (the dish's weight / servings).
 */
import type { CreateRecipeInput, PatchRecipeInput, Recipe } from "./model";
import type { Ctx } from "../../context";
import { tx, type Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import { Problems } from "../../lib/problems";
import { contentKey } from "../custom-foods/repo";
import { saveComputedFood, deleteFood } from "../custom-foods/service";
import type { FoodT } from "../foods/model";
import { computeRecipe } from "./compute";
import type { IngredientRow } from "./repo";
import { checkRecipeInput, MAX_DISH_GRAMS, recipeNutrition, SERVING, type IngredientInput } from "./validate";

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const notFound = (id: number) => new AppError("food_not_found", `no recipe ${id} of yours`);

/** Each ingredient's food, portion and grams, with a snapshot of its values per 100 g. */
function* resolve(
  ctx: Ctx,
  list: IngredientInput[],
  selfId: number | null,
  previous: IngredientRow[],
): Q<IngredientRow[]> {
  const p = new Problems();
  const out: IngredientRow[] = [];
  for (const [i, x] of list.entries()) {
    const f = `ingredients.${i}.`;
    if (x.food_id === selfId) {
      p.add(`${f}food_id`, "is this recipe: a recipe cannot contain itself");
      continue;
    }
    const food = yield* ctx.deps.foods.detail(ctx.userId, x.food_id);
    const kept = food ? null : previous.find((o) => o.food_id === x.food_id && o.portion_id === x.portion_id);
    if (!food && !kept) {
      throw new AppError("food_not_found", `${f}food_id: no food ${x.food_id} you can use`, [
        { field: `${f}food_id`, message: `no food ${x.food_id} you can use` },
      ]);
    }
    if (
      selfId !== null &&
      food &&
      (yield* ctx.deps.recipes.get(ctx.userId, x.food_id)) &&
      (yield* ctx.deps.recipes.containedRecipes(x.food_id)).has(selfId)
    ) {
      p.add(`${f}food_id`, `is a recipe that contains this one: a recipe cannot contain itself through another`);
      continue;
    }
    const portion =
      x.portion_id === null
        ? null
        : food
          ? food.portions.find((q) => q.id === x.portion_id)
          : { id: kept!.portion_id!, name: kept!.portion_name!, grams: kept!.portion_grams!, amount: 1 };
    if (x.portion_id !== null && !portion) {
      p.add(`${f}portion_id`, `is not a portion of food ${x.food_id}; see GET /foods/${x.food_id}`);
      continue;
    }
    const grams = r3(portion ? (x.quantity * portion.grams) / portion.amount : x.quantity);
    if (!(grams > 0) || grams > MAX_DISH_GRAMS) {
      p.add(`${f}quantity`, `must come to more than 0 and at most ${MAX_DISH_GRAMS} g`);
      continue;
    }
    out.push({
      food_id: x.food_id,
      food_name: food ? food.name : kept!.food_name,
      quantity: x.quantity,
      portion_id: portion ? portion.id : null,
      portion_name: portion ? portion.name : null,
      portion_grams: portion ? r3(portion.grams / portion.amount) : null,
      grams,
      per_100g: food ? { ...food.nutrients } : kept!.per_100g,
    });
  }
  p.throwIfAny();
  return out;
}

function nutritionOf(items: IngredientRow[], servings: number, cookedGrams: number | null) {
  return recipeNutrition(
    items.map((i) => ({ foodId: i.food_id, grams: i.grams, per100g: i.per_100g })),
    servings,
    cookedGrams,
  );
}

/** The recipe as the API shows it, or null when the caller has no such recipe. */
function* findRecipeView(ctx: Ctx, id: number): Q<RecipeView | null> {
  const r = yield* ctx.deps.recipes.get(ctx.userId, id);
  const food = r && (yield* ctx.deps.foods.detail(ctx.userId, id));
  if (!r || !food) return null;
  const items = yield* ctx.deps.recipes.ingredients(id);
  const n = computeRecipe(
    items.map((i) => ({ foodId: i.food_id, grams: i.grams, per100g: i.per_100g })),
    r.servings,
    r.cooked_grams,
  );
  return {
    id,
    name: food.name,
    brand: food.brand,
    servings: r.servings,
    cooked_grams: r.cooked_grams,
    total_grams: n.totalGrams,
    serving_grams: n.servingGrams,
    ingredients: items.map((i) => ({
      food_id: i.food_id,
      food_name: i.food_name,
      quantity: i.quantity,
      portion: i.portion_id === null ? null : { id: i.portion_id, name: i.portion_name!, grams: i.portion_grams! },
      grams: i.grams,
      per_100g: i.per_100g,
    })),
    nutrients: n.per100g,
    per_serving: n.perServing,
    unknown: n.unknown,
    portions: food.portions,
  };
}
/** The Recipe schema's type (model.ts): what every recipe answer is. */
export type RecipeView = typeof Recipe.static;

/** The recipe as the API shows it; 404 when the caller has no such recipe. */
export function* recipeView(ctx: Ctx, id: number): Q<RecipeView> {
  const view = yield* findRecipeView(ctx, id);
  if (!view) throw notFound(id);
  return view;
}

function* write(
  ctx: Ctx,
  id: number | null,
  fields: {
    name: string;
    brand: string | null;
    servings: number;
    cookedGrams: number | null;
    items: IngredientRow[];
    portions: { name: string; grams: number }[];
  },
): Q<RecipeView> {
  const n = nutritionOf(fields.items, fields.servings, fields.cookedGrams);
  return yield* tx(function* () {
    const food: FoodT = yield* saveComputedFood({
      ctx: ctx,
      id,
      kind: "recipe",
      fields: {
        name: fields.name,
        brand: fields.brand,
        nutrients: n.per100g,
        portions: [{ name: SERVING, grams: n.servingGrams }, ...fields.portions],
      },
    });
    yield* ctx.deps.recipes.save(
      ctx.userId,
      food.id,
      { servings: fields.servings, cookedGrams: fields.cookedGrams },
      fields.items,
    );
    const view = yield* recipeView(ctx, food.id);
    yield* ctx.log.record(ctx.userId, "recipe", food.id, "upsert", view, ctx.now);
    return view;
  });
}

/** POST /recipes (and a recipe create from sync or import): the server chooses the id. */
export function* createRecipe({ ctx, input }: { ctx: Ctx; input: CreateRecipeInput }): Q<RecipeView> {
  const v = checkRecipeInput(input, true);
  const items = yield* resolve(ctx, v.ingredients!, null, []);
  return yield* write(ctx, null, {
    name: v.name!,
    brand: v.brand ?? null,
    servings: v.servings!,
    cookedGrams: v.cooked_grams ?? null,
    items,
    portions: v.portions ?? [],
  });
}

/** PATCH /recipes/{id}: the fields given change; `ingredients` replaces the list (fresh snapshots). */
export function* updateRecipe({ ctx, id, input }: { ctx: Ctx; id: number; input: PatchRecipeInput }): Q<RecipeView> {
  const cur = yield* recipeView(ctx, id);
  const v = checkRecipeInput(input, false);
  const previous = yield* ctx.deps.recipes.ingredients(id);
  const items = v.ingredients ? yield* resolve(ctx, v.ingredients, id, previous) : previous;
  return yield* write(ctx, id, {
    name: v.name ?? cur.name,
    brand: v.brand !== undefined ? v.brand : cur.brand,
    servings: v.servings ?? cur.servings,
    cookedGrams: v.cooked_grams !== undefined ? v.cooked_grams : cur.cooked_grams,
    items,
    // the user's own portions: all but "serving" (which a recipe stored before the minimums may lack)
    portions:
      v.portions ?? cur.portions.filter((q) => q.name !== SERVING).map((q) => ({ name: q.name, grams: q.grams })),
  });
}

/**
 * Import: puts back an exported recipe with its ingredient snapshots as they were (ingredient ids
 * mapped by `mapped`; unmapped ones keep theirs). A recipe of this user with the same name and values
 * per 100 g (candidates in `existing`, the user's foods by content) and the same servings, cooked weight and
 * ingredients is reused instead of made twice, and taken from `existing` so no other file recipe reuses it:
 * two recipes alike per 100 g but not in amounts (one banana or a hundred) stay two, and import again as two.
 */
export function* restoreRecipe(
  ctx: Ctx,
  r: {
    name: string;
    brand: string | null;
    servings: number;
    cooked_grams: number | null;
    portions: { name: string; grams: number }[];
    ingredients: {
      food_id: number;
      food_name: string;
      quantity: number;
      portion: { id: number; name: string; grams: number } | null;
      grams: number;
      per_100g: Record<string, number | null>;
    }[];
  },
  mapped: (foodId: number) => { id: number; portions: Map<string, number> } | null,
  existing: Map<string, number[]>,
): Q<{ id: number; created: boolean }> {
  const items: IngredientRow[] = r.ingredients.map((i) => {
    const m = mapped(i.food_id);
    // a portion of a food in the file is found by name; any other keeps its id (catalogue ids are the same everywhere)
    const portionId = i.portion ? (m ? (m.portions.get(i.portion.name) ?? null) : i.portion.id) : null;
    return {
      food_id: m?.id ?? i.food_id,
      food_name: i.food_name,
      quantity: portionId === null && i.portion ? i.grams : i.quantity, // a portion that cannot be named is kept as grams
      portion_id: portionId,
      portion_name: portionId === null ? null : i.portion!.name,
      portion_grams: portionId === null ? null : i.portion!.grams,
      grams: i.grams,
      per_100g: i.per_100g,
    };
  });
  const n = nutritionOf(items, r.servings, r.cooked_grams);
  const key = contentKey({ name: r.name, brand: r.brand, barcode: null, nutrients: n.per100g });
  const candidates = existing.get(key) ?? [];
  for (const [at, id] of candidates.entries()) {
    if (!(yield* sameRecipe(ctx, id, r, items))) continue;
    candidates.splice(at, 1);
    return { id, created: false };
  }
  const view = yield* write(ctx, null, {
    name: r.name,
    brand: r.brand,
    servings: r.servings,
    cookedGrams: r.cooked_grams,
    items,
    portions: r.portions,
  });
  return { id: view.id, created: true };
}

const near = (a: number | null, b: number | null) =>
  a === b || (a !== null && b !== null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a)));

/** Is the stored recipe `id` this one: the same servings, cooked weight and ingredients (food and grams)? */
function* sameRecipe(
  ctx: Ctx,
  id: number,
  r: { servings: number; cooked_grams: number | null },
  items: IngredientRow[],
): Q<boolean> {
  const stored = yield* ctx.deps.recipes.get(ctx.userId, id);
  if (!stored || !near(stored.servings, r.servings) || !near(stored.cooked_grams, r.cooked_grams)) return false;
  const had = yield* ctx.deps.recipes.ingredients(id);
  return (
    had.length === items.length &&
    had.every((h, i) => h.food_id === items[i]!.food_id && near(h.grams, items[i]!.grams))
  );
}

/** DELETE /recipes/{id}: the recipe and its food; meals logged from it keep their snapshot. */
export function* deleteRecipe({ ctx, id }: { ctx: Ctx; id: number }): Q<void> {
  if (!(yield* ctx.deps.recipes.get(ctx.userId, id))) throw notFound(id);
  yield* tx(function* () {
    yield* deleteFood({ ctx, id, computed: true });
    yield* ctx.log.record(ctx.userId, "recipe", id, "delete", null, ctx.now);
  });
}

/**
 * GET /recipes: a page of the caller's recipes by id, and the cursor of the next page (null at the
 * end). Paged because a recipe carries its ingredients' nutrients: 2,500 of them made a 137 MB answer.
 */
/** One page of the caller's recipe ids, by id, and the cursor after it. */
export function* recipePage({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { cursor?: string; limit?: number };
}): Q<{ ids: number[]; next_cursor: string | null }> {
  const after = input.cursor ? decodeRecipeCursor(input.cursor) : 0;
  if (after === null) {
    throw new AppError("validation_failed", "cursor is not one this server gave out; start again without a cursor", [
      { field: "cursor", message: "is not a cursor from GET /recipes" },
    ]);
  }
  const limit = input.limit ?? RECIPE_PAGE;
  const ids = yield* ctx.deps.recipes.idsAfter(ctx.userId, after, limit + 1);
  const page = ids.slice(0, limit);
  return { ids: page, next_cursor: ids.length > limit ? `r1.${page.at(-1)!.toString(36)}` : null };
}

/**
 * The recipes of a page, each built when it is reached (a page of 100 recipes of 35 ingredients is
 * ~6 MB of JSON, streamed). One deleted since the page was read is left out.
 */
export async function* recipeViews(ctx: Ctx, ids: readonly number[]): AsyncGenerator<RecipeView> {
  for (const id of ids) {
    const view = await ctx.store.run(findRecipeView(ctx, id));
    if (view) yield view;
  }
}

export const RECIPE_PAGE = 50;
export const MAX_RECIPE_PAGE = 100;

/** The recipe id a cursor stands after, or null when it is not one of ours. */
function decodeRecipeCursor(cursor: string): number | null {
  const m = cursor.match(/^r1\.([0-9a-z]{1,8})$/);
  return m ? Number.parseInt(m[1]!, 36) : null;
}

/** Up to `limit` of the user's recipe ids above `after`, ascending (the export pages through them). */
export function recipeIdsAfter(ctx: Ctx, after: number, limit: number): Q<number[]> {
  return ctx.deps.recipes.idsAfter(ctx.userId, after, limit);
}
