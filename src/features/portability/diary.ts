/**
 * Recipes, weights and day marks in the JSON export and back (docs/API.md §Data portability). Recipes travel
 * with their ingredient snapshots, so they import whole on a server that lacks some ingredient
 * food; an ingredient that is a custom food or recipe of the file is mapped to its new id.
 */
import type { Ctx } from "../../context";
import { t } from "elysia";
import { AppError } from "../../lib/errors";
import type { Problems } from "../../lib/problems";
import { Int, Nullable, Text, TextRecord } from "../../schema/schemas";
import { checkSchema } from "../../schema/validation";
import { checkRecipeInput, MAX_DISH_GRAMS, MAX_INGREDIENTS, recipeNutrition, SERVING } from "../recipes/validate";
import { recipeView, restoreRecipe } from "../recipes/service";
import type { Q } from "../../db/q";
import type { Store } from "../../db/store";
import { pacedWrites } from "../../db/paced-writes";
import { checkWeight, checkWeightDate } from "../weights/validate";
import { putWeight } from "../weights/service";
import { WeightBody } from "../weights/model";
import { PatchRecipeBody } from "../recipes/model";
import { exportDays, putDay } from "../days/service";
import { ExportedDay, type ExportedDayT } from "../days/model";

const values = () => TextRecord(Nullable(t.Number()));
export const ExportedRecipe = t.Object(
  {
    id: Int({ minimum: 1_000_000 }),
    name: Text(),
    brand: Nullable(Text()),
    servings: t.Number(),
    cooked_grams: Nullable(t.Number()),
    ingredients: t.Array(
      t.Object({
        food_id: Int({ minimum: 1 }),
        food_name: Text({ minLength: 1, maxLength: 300 }),
        quantity: t.Number({ exclusiveMinimum: 0 }),
        portion: Nullable(
          t.Object({
            id: Int({ minimum: 1 }),
            name: Text({ minLength: 1, maxLength: 300 }),
            grams: t.Number({ exclusiveMinimum: 0, maximum: MAX_DISH_GRAMS }),
          }),
        ),
        grams: t.Number({ exclusiveMinimum: 0, maximum: MAX_DISH_GRAMS }),
        per_100g: values(),
      }),
      { minItems: 1, maxItems: MAX_INGREDIENTS },
    ),
    portions: t.Array(t.Object({ name: Text(), grams: t.Number() }), {
      description: 'your own portions (the automatic "serving" is not listed)',
    }),
  },
  { title: "ExportedRecipe" },
);
export const ExportedWeight = t.Object(
  { date: t.String({ format: "date" }), kg: t.Number(), note: Nullable(Text()) },
  { title: "ExportedWeight" },
);
export type ExportedRecipeT = typeof ExportedRecipe.static;
export type ExportedWeightT = typeof ExportedWeight.static;

export function* exportRecipe(ctx: Ctx, id: number): Q<ExportedRecipeT> {
  const r = yield* recipeView(ctx, id);
  return {
    id,
    name: r.name,
    brand: r.brand,
    servings: r.servings,
    cooked_grams: r.cooked_grams,
    ingredients: r.ingredients,
    portions: r.portions.filter((p) => p.name !== SERVING).map((p) => ({ name: p.name, grams: p.grams / p.amount })),
  };
}

export function exportWeights(ctx: Ctx): Q<ExportedWeightT[]> {
  return ctx.deps.weights.all(ctx.userId);
}

/**
 * Checks the file's recipes and weights (the REST rules), adding problems to `p`: a recipe cycle
 * too, so that a file is refused before anything is written. `pause` between items keeps 20,000
 * weigh-ins from holding the event loop.
 */
export async function checkDiary(
  doc: Record<string, unknown>,
  today: string,
  p: Problems,
  pause: () => Promise<void>,
): Promise<{ recipes: ExportedRecipeT[]; weights: ExportedWeightT[]; days: ExportedDayT[] }> {
  const list = (key: string) => {
    const v = doc[key] ?? [];
    if (!Array.isArray(v)) p.add(key, "must be an array");
    return Array.isArray(v) ? v : [];
  };
  // an item's problems are its own (`p.at`): the tracker import leaves a refused weigh-in out by its index
  const attempt = <T>(list: string, i: number, f: () => T): T | null => {
    try {
      return f();
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      for (const d of e.details ?? []) p.addAt(list, i, d.field ?? "", d.message);
      return null;
    }
  };
  const recipes: ExportedRecipeT[] = [];
  for (const [i, raw] of list("recipes").entries()) {
    await pause();
    const r = attempt("recipes", i, () => {
      const r = checkSchema(ExportedRecipe, raw);
      const fields = {
        name: r.name,
        brand: r.brand,
        servings: r.servings,
        cooked_grams: r.cooked_grams,
        portions: r.portions,
      };
      const v = checkRecipeInput(checkSchema(PatchRecipeBody, fields), false);
      // stored as REST stores them (kept to 0.001), and checked together before anything is written
      const servings = v.servings!;
      const cooked_grams = v.cooked_grams ?? null;
      const items = r.ingredients.map((x) => ({ foodId: x.food_id, grams: x.grams, per100g: x.per_100g }));
      recipeNutrition(items, servings, cooked_grams);
      return { ...r, servings, cooked_grams };
    });
    if (r) recipes.push(r);
  }
  const cycle = recipeCycle(recipes);
  if (cycle) p.add("recipes", `contain each other in a cycle: recipes ${cycle.join(", ")}`);
  const weights: ExportedWeightT[] = [];
  for (const [i, raw] of list("weights").entries()) {
    await pause();
    const w = attempt("weights", i, () => {
      const w = checkSchema(ExportedWeight, raw);
      checkWeightDate(w.date, today);
      checkWeight(checkSchema(WeightBody, { kg: w.kg, note: w.note }));
      return w;
    });
    if (w) weights.push(w);
  }
  const days: ExportedDayT[] = [];
  for (const [i, raw] of list("days").entries()) {
    await pause();
    const d = attempt("days", i, () => {
      const d = checkSchema(ExportedDay, raw);
      checkWeightDate(d.date, today, "date");
      return d;
    });
    if (d) days.push(d);
  }
  return { recipes, weights, days };
}

/** The recipes of the file that contain each other (ids), or null: the order importRecipes writes them in. */
function recipeCycle(recipes: ExportedRecipeT[]): number[] | null {
  const pending = new Map(recipes.map((r) => [r.id, r]));
  for (;;) {
    const ready = [...pending.values()].filter((r) =>
      r.ingredients.every((i) => !pending.has(i.food_id) || i.food_id === r.id),
    );
    if (!pending.size) return null;
    if (!ready.length) return [...pending.keys()].slice(0, 10);
    for (const r of ready) pending.delete(r.id);
  }
}

/**
 * Writes the file's recipes, inner ones first, mapping ingredient ids through `foodMap` (which
 * gains each recipe's new id and portions). A recipe this user already has (same name, values, servings and
 * ingredients; found through `existing`) is reused, each stored one for one file recipe at most. Written in paced transactions (`pacedWrites`): 400 recipes took 4.9 s in one.
 */
export async function importRecipes(
  store: Store,
  ctx: Ctx,
  recipes: ExportedRecipeT[],
  foodMap: Map<number, { id: number; portions: Map<string, number> }>,
  existing: Map<string, number[]>,
  pause: () => Promise<void>,
) {
  const count = { added: 0, unchanged: 0 };
  const pending = new Map(recipes.map((r) => [r.id, r]));
  while (pending.size) {
    // a recipe waits for the file's recipes it contains; a cycle in a file is refused
    const ready = [...pending.values()].filter((r) =>
      r.ingredients.every((i) => !pending.has(i.food_id) || i.food_id === r.id),
    );
    if (!ready.length)
      throw new AppError("validation_failed", "the export's recipes contain each other", [
        { field: "recipes", message: "contain each other in a cycle" },
      ]);
    for (const r of ready) pending.delete(r.id);
    await pacedWrites(
      ready,
      (work) => store.run(work),
      function* (r) {
        const { id, created } = yield* restoreRecipe(ctx, r, (foodId) => foodMap.get(foodId) ?? null, existing);
        const view = yield* recipeView(ctx, id);
        foodMap.set(r.id, { id, portions: new Map(view.portions.map((p) => [p.name, p.id])) });
        count[created ? "added" : "unchanged"]++;
      },
      pause,
    );
  }
  return count;
}

/** Writes the file's weights in paced transactions; a date with the same weight and note is left alone. */
export async function importWeights(
  store: Store,
  ctx: Ctx,
  weights: ExportedWeightT[],
  pause: () => Promise<void>,
): Promise<{ added: number; unchanged: number }> {
  const count = { added: 0, unchanged: 0 };
  const have = new Map((await store.run(exportWeights(ctx))).map((w) => [w.date, w]));
  const changed = weights.filter((w) => {
    const cur = have.get(w.date);
    return !(cur && cur.kg === w.kg && cur.note === w.note);
  });
  count.unchanged = weights.length - changed.length;
  await pacedWrites(
    changed,
    (work) => store.run(work),
    function* (w) {
      yield* putWeight({ ctx, date: w.date, input: { kg: w.kg, note: w.note } });
      count.added++;
    },
    pause,
  );
  return count;
}

/** Writes the file's day marks in paced transactions; a date marked the same is left alone. */
export async function importDays(
  store: Store,
  ctx: Ctx,
  days: ExportedDayT[],
  pause: () => Promise<void>,
): Promise<{ added: number; unchanged: number }> {
  const count = { added: 0, unchanged: 0 };
  const have = new Map((await store.run(exportDays(ctx))).map((d) => [d.date, d.complete]));
  const changed = days.filter((d) => have.get(d.date) !== d.complete);
  count.unchanged = days.length - changed.length;
  await pacedWrites(
    changed,
    (work) => store.run(work),
    function* (d) {
      yield* putDay({ ctx, date: d.date, input: { complete: d.complete } });
      count.added++;
    },
    pause,
  );
  return count;
}
