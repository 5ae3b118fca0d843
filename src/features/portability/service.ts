/**
 * Export and import (API.md §Data portability). The JSON export is versioned and carries a
 * sha256 checksum of its content; import validates everything first and applies it in one
 * transaction, so a tampered or truncated file changes nothing. Importing twice changes nothing:
 * meals keep their UUIDs, and a custom food that matches one the user already has is reused.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { MEAL_NUTRIENT_KEYS } from "../../db/nutrients";
import { customFoods } from "../../db/schema";
import { inTx } from "../../db/tx";
import { AppError, type ErrorDetail } from "../../lib/errors";
import { isCalendarDate, parseRfc3339, toRfc3339 } from "../../lib/time";
import { isCustomId } from "../custom-foods/repo";
import { createFood, type CustomFoodsCtx } from "../custom-foods/service";
import { customDetail } from "../custom-foods/shape";
import { checkFoodInput } from "../custom-foods/validate";
import { getGoals, GOAL_KEYS, putGoals } from "../goals/service";
import { MEAL_TYPES } from "../meals/model";
import type { MealsCtx } from "../meals/service";
import { toMeal } from "../meals/service";
import type { MealRow, NewMeal } from "../meals/repo";

export const EXPORT_FORMAT = "morsel-export";
export const EXPORT_VERSION = 1;

const checksumOf = (content: unknown) => `sha256:${new Bun.CryptoHasher("sha256").update(JSON.stringify(content)).digest("hex")}`;

export interface ExportCtx {
  meals: MealsCtx;
  foods: CustomFoodsCtx;
  user: { id: number; email: string; name: string; timezone: string };
}

function exportMeal(row: MealRow) {
  const { food, ...rest } = toMeal(row);
  return { ...rest, food_id: food.id, food_name: food.name, per_100g: row.per100g };
}

/** Everything the user owns, in the documented version-1 shape. */
export function exportJson(ctx: ExportCtx) {
  const db = ctx.meals.db;
  const foods = db.select().from(customFoods).where(eq(customFoods.userId, ctx.user.id)).all();
  const meals = db.$client
    .query<{ id: string }, [number]>("SELECT id FROM meals WHERE user_id = ? ORDER BY date, eaten_at, id")
    .all(ctx.user.id)
    .map((r) => ctx.meals.repo.get(ctx.user.id, r.id)!);
  const content = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: ctx.meals.now.toISOString(),
    profile: { email: ctx.user.email, name: ctx.user.name, timezone: ctx.user.timezone },
    goals: getGoals(db, ctx.user.id),
    custom_foods: foods.map((f) => {
      const d = customDetail(ctx.foods.repo, f);
      return { id: d.id, name: d.name, brand: d.brand, barcode: d.barcode, nutrients: f.nutrients, portions: d.portions.map((p) => ({ name: p.name, grams: p.grams / p.amount })) };
    }),
    meals: meals.map(exportMeal),
  };
  return { ...content, checksum: checksumOf(content) };
}

const CSV_COLUMNS = ["date", "time", "meal_type", "food", "food_id", "quantity", "portion", "grams", ...MEAL_NUTRIENT_KEYS, "note"];

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isNum = (v: unknown, min: number, max: number) => typeof v === "number" && Number.isFinite(v) && v >= min && v <= max;

/** Checks one exported meal; returns problems (field paths under meals[i]). */
function checkMeal(m: Record<string, unknown>, i: number): ErrorDetail[] {
  const p: ErrorDetail[] = [];
  const f = (field: string, message: string) => p.push({ field: `meals.${i}.${field}`, message });
  if (typeof m.id !== "string" || !UUID.test(m.id)) f("id", "must be a UUID");
  if (!Number.isSafeInteger(m.food_id) || (m.food_id as number) < 1) f("food_id", "must be a positive integer");
  if (typeof m.food_name !== "string" || m.food_name.length < 1 || m.food_name.length > 300) f("food_name", "must be 1–300 characters");
  if (!MEAL_TYPES.includes(m.meal_type as never)) f("meal_type", `must be one of: ${MEAL_TYPES.join(", ")}`);
  if (!isNum(m.quantity, Number.MIN_VALUE, 5000)) f("quantity", "must be more than 0 and at most 5000");
  if (!isNum(m.grams, Number.MIN_VALUE, 500_000)) f("grams", "must be more than 0");
  if (!isCalendarDate(m.date)) f("date", "must be a calendar date YYYY-MM-DD");
  if (!parseRfc3339(m.eaten_at)) f("eaten_at", "must be an RFC 3339 timestamp");
  if (!(m.note === null || (typeof m.note === "string" && [...m.note].length <= 500))) f("note", "must be at most 500 characters or null");
  if (m.portion !== null) {
    const po = (m.portion ?? {}) as Record<string, unknown>;
    if (!Number.isSafeInteger(po.id) || typeof po.name !== "string" || !isNum(po.grams, Number.MIN_VALUE, 100_000)) f("portion", "must be null or { id, name, grams }");
  }
  for (const key of ["nutrients", "per_100g"]) {
    const n = m[key];
    if (!n || typeof n !== "object" || Array.isArray(n)) f(key, "must be an object of nutrient values");
    else for (const k of MEAL_NUTRIENT_KEYS) if (!((n as Record<string, unknown>)[k] === null || isNum((n as Record<string, unknown>)[k], 0, 1e7))) f(`${key}.${k}`, "must be a number ≥ 0 or null");
  }
  return p;
}

function invalid(details: ErrorDetail[]): AppError {
  const shown = details.slice(0, 50);
  return new AppError("validation_failed", `the export is not valid: ${shown[0]!.field} ${shown[0]!.message}${details.length > 1 ? ` (and ${details.length - 1} more problems)` : ""}`, shown);
}

export interface ImportSummary {
  meals: { added: number; unchanged: number };
  custom_foods: { added: number; unchanged: number };
  goals: "updated" | "unchanged";
}

/** POST /import */
export function importJson({ ctx, input }: { ctx: ExportCtx; input: unknown }): ImportSummary {
  const doc = input as Record<string, unknown> | null;
  if (!doc || typeof doc !== "object" || doc.format !== EXPORT_FORMAT) {
    throw invalid([{ field: "format", message: `must be "${EXPORT_FORMAT}": send the JSON from GET /export?format=json` }]);
  }
  if (doc.version !== EXPORT_VERSION) throw invalid([{ field: "version", message: `must be ${EXPORT_VERSION}; this server reads version ${EXPORT_VERSION} exports` }]);
  if (doc.checksum !== undefined) {
    const { checksum, ...content } = doc;
    if (checksum !== checksumOf(content)) {
      throw invalid([{ field: "checksum", message: "does not match the content: the file was changed or damaged after export" }]);
    }
  }
  const foodsIn = doc.custom_foods;
  const mealsIn = doc.meals;
  if (!Array.isArray(foodsIn)) throw invalid([{ field: "custom_foods", message: "must be an array" }]);
  if (!Array.isArray(mealsIn)) throw invalid([{ field: "meals", message: "must be an array" }]);

  // validate everything before writing anything
  const problems: ErrorDetail[] = [];
  const foods = foodsIn.map((f: unknown, i: number) => {
    const o = (f ?? {}) as Record<string, unknown>;
    if (!Number.isSafeInteger(o.id)) problems.push({ field: `custom_foods.${i}.id`, message: "must be an integer" });
    try {
      return { oldId: o.id as number, input: checkFoodInput(o, true) };
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      for (const d of e.details ?? []) problems.push({ ...d, field: `custom_foods.${i}.${d.field}` });
      return null;
    }
  });
  mealsIn.forEach((m: unknown, i: number) => problems.push(...checkMeal((m ?? {}) as Record<string, unknown>, i)));
  const goalsIn = (doc.goals ?? {}) as Record<string, unknown>;
  for (const k of GOAL_KEYS) if (!(goalsIn[k] === undefined || goalsIn[k] === null || isNum(goalsIn[k], 0, 20_000))) problems.push({ field: `goals.${k}`, message: "must be a number ≥ 0 or null" });
  if (problems.length) throw invalid(problems);

  const { meals: mctx, foods: fctx } = ctx;
  const userId = ctx.user.id;
  return inTx(mctx.db, () => {
    const summary: ImportSummary = { meals: { added: 0, unchanged: 0 }, custom_foods: { added: 0, unchanged: 0 }, goals: "unchanged" };
    const foodMap = new Map<number, number>();
    for (const f of foods) {
      if (!f) continue;
      const same = mctx.db
        .select()
        .from(customFoods)
        .where(and(eq(customFoods.userId, userId), eq(customFoods.name, f.input.name!)))
        .all()
        .find((r) => r.brand === (f.input.brand ?? null) && r.barcode === (f.input.barcode ?? null) && JSON.stringify(r.nutrients) === JSON.stringify(f.input.nutrients));
      if (same) {
        foodMap.set(f.oldId, same.id);
        summary.custom_foods.unchanged++;
      } else {
        const created = createFood({ ctx: fctx, input: { ...f.input } as Record<string, unknown> });
        foodMap.set(f.oldId, created.id);
        summary.custom_foods.added++;
      }
    }
    for (const raw of mealsIn as Record<string, unknown>[]) {
      const id = (raw.id as string).toLowerCase();
      const existing = mctx.repo.byId(id);
      if (existing) {
        if (existing.userId !== userId) throw new AppError("id_conflict", `meal ${id} in the export belongs to another account on this server; nothing was imported`);
        summary.meals.unchanged++;
        continue;
      }
      const foodId = raw.food_id as number;
      const nutrients = raw.nutrients as Record<string, number | null>;
      const portion = raw.portion as { id: number; name: string; grams: number } | null;
      const eatenAt = toRfc3339(parseRfc3339(raw.eaten_at)!);
      const row: NewMeal = {
        id,
        userId,
        foodId: isCustomId(foodId) ? (foodMap.get(foodId) ?? foodId) : foodId,
        foodName: raw.food_name as string,
        mealType: raw.meal_type as string,
        quantity: raw.quantity as number,
        portionId: portion?.id ?? null,
        portionName: portion?.name ?? null,
        portionGrams: portion?.grams ?? null,
        grams: raw.grams as number,
        date: raw.date as string,
        eatenAt,
        note: (raw.note as string | null) ?? null,
        per100g: raw.per_100g as Record<string, number | null>,
        requestHash: null,
        energyKcal: nutrients.energy_kcal ?? null,
        proteinG: nutrients.protein_g ?? null,
        fatG: nutrients.fat_g ?? null,
        carbohydrateG: nutrients.carbohydrate_g ?? null,
        fiberG: nutrients.fiber_g ?? null,
        sugarsG: nutrients.sugars_g ?? null,
        saturatedFatG: nutrients.saturated_fat_g ?? null,
        sodiumMg: nutrients.sodium_mg ?? null,
        createdAt: typeof raw.created_at === "string" ? raw.created_at : mctx.now.toISOString(),
        updatedAt: mctx.now.toISOString(),
      };
      mctx.repo.insert(row);
      mctx.log.record(userId, "meal", id, "upsert", toMeal(mctx.repo.get(userId, id)!), mctx.now);
      summary.meals.added++;
    }
    const current = getGoals(mctx.db, userId);
    const wanted = Object.fromEntries(GOAL_KEYS.map((k) => [k, (goalsIn[k] as number | null | undefined) ?? null]));
    if (GOAL_KEYS.some((k) => current[k] !== wanted[k])) {
      putGoals({ db: mctx.db, log: mctx.log, userId, now: mctx.now, input: wanted });
      summary.goals = "updated";
    }
    return summary;
  });
}

