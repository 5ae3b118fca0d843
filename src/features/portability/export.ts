/**
 * GET /export (docs/API.md §Data portability): JSON version 1 with a sha256 checksum of its content,
 * and CSV, one row per meal. CSV cells that a spreadsheet would run as a formula are neutralised.
 */
import type { Ctx } from "../../context";
import { MEAL_NUTRIENT_KEYS } from "../../db/nutrients";
import { CUSTOM_ID_BASE, customFoodRows, foodContent } from "../custom-foods/service";
import { IMPORTED_ID_BASE } from "../imported/repo";
import { pacer } from "../../lib/pace";
import { getGoals } from "../goals/service";
import { settingsOf } from "../targets/service";
import { recipeIdsAfter } from "../recipes/service";
import { exportDays } from "../days/service";
import { listSavedMeals } from "../saved-meals/service";
import { exportRecipe, exportWeights, type ExportedRecipeT } from "./diary";
import { jsonPieces } from "../../lib/stream";
import { apiUnit, toUnit, trendAt } from "../weights/trend";
import { firstMealOf, loggedFoodIds, mealsInOrder, toMeal, type MealRow } from "../meals/service";
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportedFoodT, type ExportedMealT } from "./model";
import type { Q } from "../../db/q";
import { csvCell } from "./csv-cell";
import { exportActivityText } from "./activity";

export { csvCell } from "./csv-cell";

export const checksumOf = (content: unknown) =>
  `sha256:${new Bun.CryptoHasher("sha256").update(JSON.stringify(content)).digest("hex")}`;

function exportMeal(row: MealRow): ExportedMealT {
  const { food, ...rest } = toMeal(row);
  // a quick add has no food: food_id null, and food_name is its description
  return { ...rest, food_id: food?.id ?? null, food_name: food?.name ?? row.foodName, per_100g: row.per100g };
}

/**
 * A custom food the user deleted after logging it, rebuilt from a meal's snapshot and marked
 * `deleted`, so the meals that logged it can be imported again (import recreates it as deleted).
 */
function deletedFood(row: MealRow): ExportedFoodT {
  const portions = row.portionId !== null ? [{ name: row.portionName!, grams: row.portionGrams! }] : [];
  return {
    id: row.foodId!,
    name: row.foodName,
    brand: null,
    barcode: null,
    nutrients: row.per100g,
    portions,
    deleted: true,
  };
}

/**
 * Everything the user owns, in the documented version-1 shape, as the text JSON.stringify would give
 * (keys in the same order, `checksum` last over the rest), made a piece at a time and handed out as a
 * stream: rows are read in pages and the event loop is handed back every few milliseconds, so a large
 * account's export (2,500 recipes: 8.7 s in one block before) never stops the server for others.
 */
const targetsSection = (s: { profile: unknown; targets: unknown }) => ({
  target_profile: s.profile,
  targets: s.targets,
});

export async function* exportJsonText(ctx: Ctx): AsyncGenerator<string> {
  const hash = new Bun.CryptoHasher("sha256");
  const head = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: ctx.now.toISOString(),
    profile: {
      email: ctx.user.email,
      name: ctx.user.name,
      timezone: ctx.user.timezone,
      region: ctx.user.region ?? "US",
    },
    goals: await ctx.store.run(getGoals(ctx)),
    ...targetsSection(await ctx.store.run(settingsOf(ctx))),
  };
  const sections = [
    jsonPieces(`${JSON.stringify(head).slice(0, -1)},"custom_foods":[`, customFoods(ctx), "]"),
    jsonPieces(',"recipes":[', recipes(ctx), "]"),
    jsonPieces(',"meals":[', meals(ctx), "]"),
  ];
  for (const section of sections) {
    for await (const text of section) {
      hash.update(text);
      yield text;
    }
  }
  const weights = `,"weights":${JSON.stringify(await ctx.store.run(exportWeights(ctx)))}`;
  hash.update(weights);
  yield weights;
  const days = `,"days":${JSON.stringify(await ctx.store.run(exportDays(ctx)))}`;
  hash.update(days);
  yield days;
  const saved = `,"saved_meals":${JSON.stringify(await ctx.store.run(listSavedMeals(ctx)))}`;
  hash.update(saved);
  yield saved;
  const activity = await exportActivityText(ctx);
  hash.update(activity);
  yield activity;
  hash.update("}");
  yield `,"checksum":"sha256:${hash.digest("hex")}"}`;
}

/** Rows read per query while exporting. */
const PAGE = 500;

/** The user's live custom foods (recipes travel in `recipes`), then those deleted after being logged. */
async function* customFoods(ctx: Ctx): AsyncGenerator<ExportedFoodT> {
  const run = <T>(work: Q<T>) => ctx.store.run(work);
  const all = await run(customFoodRows(ctx));
  for (const f of all) if (f.kind === "food") yield await run(foodContent(ctx, f));
  const known = new Set(all.map((f) => f.id));
  const logged = await run(loggedFoodIds(ctx, ctx.user.id, CUSTOM_ID_BASE, IMPORTED_ID_BASE - 1));
  const gone = logged.filter((id) => !known.has(id));
  const firsts: MealRow[] = [];
  for (const id of gone) firsts.push((await run(firstMealOf(ctx, ctx.user.id, id)))!);
  // in the order their first meals come, as the meals list has them
  firsts.sort((a, b) =>
    a.date === b.date ? (a.eatenAt === b.eatenAt ? cmp(a.id, b.id) : cmp(a.eatenAt, b.eatenAt)) : cmp(a.date, b.date),
  );
  for (const row of firsts) yield deletedFood(row);
}
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The user's recipes as exported, by id, a page of ids per query. */
async function* recipes(ctx: Ctx): AsyncGenerator<ExportedRecipeT> {
  const ids = (after: number) => ctx.store.run(recipeIdsAfter(ctx, after, PAGE));
  for (let page = await ids(0); page.length; page = await ids(page.at(-1)!)) {
    for (const id of page) yield await ctx.store.run(exportRecipe(ctx, id));
  }
}

async function* meals(ctx: Ctx): AsyncGenerator<ExportedMealT> {
  for await (const row of mealRows(ctx)) yield exportMeal(row);
}

/** Hands the event loop back once. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The user's meals in (date, time, id) order, a page per query. Each query is a stretch of its own,
 * with a turn of the event loop before and after it, not added to the writer's slice (lib/pace.ts):
 * on a day of 50,000 meals at one time (stored before the day cap) a page sorts them all, ~16 ms.
 */
async function* mealRows(ctx: Ctx): AsyncGenerator<MealRow> {
  let after: { date: string; eatenAt: string; id: string } | null = null;
  for (;;) {
    await turn();
    const page: MealRow[] = await ctx.store.run(mealsInOrder(ctx, ctx.user.id, after, PAGE));
    await turn();
    yield* page;
    if (page.length < PAGE) return;
    const last = page.at(-1)!;
    after = { date: last.date, eatenAt: last.eatenAt, id: last.id };
  }
}

const CSV_COLUMNS = [
  "date",
  "time",
  "meal_type",
  "food",
  "food_id",
  "quantity",
  "portion",
  "grams",
  ...MEAL_NUTRIENT_KEYS,
  "note",
];

/** One row per weigh-in with the trend (kg, and the user's unit). */
export async function exportWeightsCsv(ctx: Ctx): Promise<string> {
  const weights = await ctx.store.run(exportWeights(ctx));
  const trend = trendAt(
    weights,
    weights.map((w) => w.date),
  );
  const unit = apiUnit(ctx.user.weightUnit);
  const lines = [
    ["date", "kg", "trend_kg", unit === "kg" ? null : "lb", unit === "kg" ? null : "trend_lb", "note"]
      .filter((c) => c !== null)
      .join(","),
  ];
  for (const w of weights) {
    const t = trend.get(w.date)!;
    const inLb = unit === "kg" ? [] : [toUnit(w.kg, unit), toUnit(t, unit)];
    lines.push([w.date, w.kg, t, ...inLb, w.note].map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** One row per meal with its nutrients: the spreadsheet user's format. Times are local. Made a page at a time. */
export async function* exportCsvText(ctx: Ctx): AsyncGenerator<string> {
  const timeFmt = new Intl.DateTimeFormat("en-GB", {
    timeZone: ctx.user.timezone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const pause = pacer();
  let lines = [CSV_COLUMNS.join(",")];
  for await (const m of meals(ctx)) {
    await pause();
    lines.push(
      [
        m.date,
        timeFmt.format(new Date(m.eaten_at)),
        m.meal_type,
        m.food_name,
        m.food_id,
        m.quantity,
        m.portion?.name ?? (m.food_id === null ? "" : "g"),
        m.grams,
        ...MEAL_NUTRIENT_KEYS.map((k) => m.nutrients[k]),
        m.note,
      ]
        .map(csvCell)
        .join(","),
    );
    if (lines.length >= PAGE) {
      yield `${lines.join("\r\n")}\r\n`;
      lines = [];
    }
  }
  if (lines.length) yield `${lines.join("\r\n")}\r\n`;
}
