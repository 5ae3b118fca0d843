/**
 * GET /export (docs/API.md §Data portability): JSON version 1 with a sha256 checksum of its content,
 * and CSV, one row per meal. CSV cells that a spreadsheet would run as a formula are neutralised.
 */
import { MEAL_NUTRIENT_KEYS } from "../../db/nutrients";
import { customDetail } from "../custom-foods/shape";
import type { CustomFoodsCtx } from "../custom-foods/service";
import { isCustomId } from "../custom-foods/repo";
import { getGoals, type GoalsCtx } from "../goals/service";
import type { RecipesCtx } from "../recipes/service";
import type { WeightsCtx } from "../weights/service";
import { exportRecipes, exportWeights } from "./diary";
import { toUnit, trendAt } from "../weights/trend";
import type { MealsCtx } from "../meals/service";
import { toMeal } from "../meals/service";
import type { MealRow } from "../meals/repo";
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportDocument } from "./model";

export const checksumOf = (content: unknown) => `sha256:${new Bun.CryptoHasher("sha256").update(JSON.stringify(content)).digest("hex")}`;

export interface ExportCtx {
  meals: MealsCtx;
  foods: CustomFoodsCtx;
  recipes: RecipesCtx;
  weights: WeightsCtx;
  goals: GoalsCtx;
  user: { id: number; email: string; name: string; timezone: string };
}

function exportMeal(row: MealRow) {
  const { food, ...rest } = toMeal(row);
  return { ...rest, food_id: food.id, food_name: food.name, per_100g: row.per100g };
}

type ExportedFood = { id: number; name: string; brand: string | null; barcode: string | null; nutrients: Record<string, number | null>; portions: { name: string; grams: number }[]; deleted?: true };

/**
 * A custom food the user deleted after logging it, rebuilt from a meal's snapshot and marked
 * `deleted`, so the meals that logged it can be imported again (import recreates it as deleted).
 */
function deletedFood(row: MealRow): ExportedFood {
  const portions = row.portionId !== null ? [{ name: row.portionName!, grams: row.portionGrams! }] : [];
  return { id: row.foodId, name: row.foodName, brand: null, barcode: null, nutrients: row.per100g, portions, deleted: true };
}

/** Everything the user owns, in the documented version-1 shape. */
export function exportJson(ctx: ExportCtx): typeof ExportDocument.static {
  const all = ctx.foods.repo.allRowsOf(ctx.user.id);
  const live = all.filter((f) => f.kind === "food"); // recipes travel in `recipes`
  const rows = ctx.meals.repo.allOf(ctx.user.id);
  const foods: ExportedFood[] = live.map((f) => {
    const d = customDetail(ctx.foods.repo, f);
    return { id: d.id, name: d.name, brand: d.brand, barcode: d.barcode, nutrients: f.nutrients, portions: d.portions.map((p) => ({ name: p.name, grams: p.grams / p.amount })) };
  });
  const known = new Set(all.map((f) => f.id));
  for (const r of rows) {
    if (isCustomId(r.foodId) && !known.has(r.foodId)) {
      known.add(r.foodId);
      foods.push(deletedFood(r));
    }
  }
  const content = {
    format: EXPORT_FORMAT as typeof EXPORT_FORMAT,
    version: EXPORT_VERSION as typeof EXPORT_VERSION,
    exported_at: ctx.meals.now.toISOString(),
    profile: { email: ctx.user.email, name: ctx.user.name, timezone: ctx.user.timezone },
    goals: getGoals(ctx.meals.db, ctx.user.id),
    custom_foods: foods,
    recipes: exportRecipes(ctx.recipes),
    meals: rows.map(exportMeal),
    weights: exportWeights(ctx.weights),
  };
  return { ...content, checksum: checksumOf(content) };
}

const CSV_COLUMNS = ["date", "time", "meal_type", "food", "food_id", "quantity", "portion", "grams", ...MEAL_NUTRIENT_KEYS, "note"];

/** Text a spreadsheet would run as a formula when a cell starts with it (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Text that starts like a formula (a note "=HYPERLINK(…)", an Open Food Facts product
 * named "+cmd|…") gets a leading apostrophe, which spreadsheets show as text and never evaluate, as
 * OWASP advises; numbers are written as numbers. Then RFC 4180 quoting.
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  let s = String(v);
  if (typeof v === "string" && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One row per weigh-in with the trend (kg, and the user's unit). */
export function exportWeightsCsv(ctx: ExportCtx): string {
  const weights = exportWeights(ctx.weights);
  const trend = trendAt(weights, weights.map((w) => w.date));
  const unit = ctx.weights.unit;
  const lines = [["date", "kg", "trend_kg", unit === "kg" ? null : "lb", unit === "kg" ? null : "trend_lb", "note"].filter((c) => c !== null).join(",")];
  for (const w of weights) {
    const t = trend.get(w.date)!;
    const inLb = unit === "kg" ? [] : [toUnit(w.kg, unit), toUnit(t, unit)];
    lines.push([w.date, w.kg, t, ...inLb, w.note].map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** One row per meal with its nutrients: the spreadsheet user's format. Times are local. */
export function exportCsv(ctx: ExportCtx): string {
  const json = exportJson(ctx);
  const timeFmt = new Intl.DateTimeFormat("en-GB", { timeZone: ctx.user.timezone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const lines = [CSV_COLUMNS.join(",")];
  for (const m of json.meals) {
    lines.push(
      [
        m.date,
        timeFmt.format(new Date(m.eaten_at)),
        m.meal_type,
        m.food_name,
        m.food_id,
        m.quantity,
        m.portion?.name ?? "g",
        m.grams,
        ...MEAL_NUTRIENT_KEYS.map((k) => m.nutrients[k]),
        m.note,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
