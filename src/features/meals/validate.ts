/**
 * The one meal validator. REST (POST/PATCH /meals), sync push (meal upserts) and import (meals of
 * an export) all call it, so a meal refused on one path is refused on every path with the same
 * field and code. Its input already passed the route's schema from model.ts (Elysia for REST; sync
 * parses a mutation with the same schema at its boundary); it checks what depends on other fields or
 * on stored data: the quantity against its unit, the 0 g floor,
 * real calendar dates, and that the food and portion are ones this user may log.
 */
import type { Ctx } from "../../context";
import type { Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import { checkDate, Problems } from "../../lib/problems";
import { parseRfc3339 } from "../../lib/time";
import type { LoggableFood, LoggablePortion } from "../foods/directory";
import { QUICK_ADD_NAME, type CreateMealInput, type PatchMealInput } from "./model";
import { gramsOf, round3, type MealNutrients } from "./nutrition";
import { checkQuantity } from "./quantity";

export { checkQuantity };

export function checkEatenAt(p: Problems, field: string, v: string | undefined): Date | undefined {
  if (v === undefined) return undefined;
  const t = parseRfc3339(v);
  if (!t) p.add(field, "must be an RFC 3339 timestamp with an offset, such as 2026-11-22T08:15:00Z");
  return t ?? undefined;
}

/** A blank note is no note. */
export const cleanNote = (v: string | null | undefined) =>
  v === undefined || v === null ? v : v.trim() === "" ? null : v;

/** A blank measure is none: the quantity and portion then say the amount. */
export const cleanMeasure = (v: string | null | undefined) =>
  v === undefined || v === null ? v : v.trim() === "" ? null : v.trim();

/** What the checks read of the request: the caller, the food directory and the photo hooks. */
export type MealCheckCtx = Pick<Ctx, "userId" | "now" | "deps">;

/** A quick add as stored: its description (the meal's name) and the entry's nutrients. */
export interface QuickValues {
  description: string;
  nutrients: MealNutrients;
}

type QuickInput = {
  energy_kcal?: number;
  protein_g?: number | null;
  fat_g?: number | null;
  carbohydrate_g?: number | null;
  description?: string | null;
};

/** A quick add's values, each given field over `base` (a stored quick add when patching). */
export function quickValues(q: QuickInput, base?: QuickValues): QuickValues {
  const pick = (k: "energy_kcal" | "protein_g" | "fat_g" | "carbohydrate_g") =>
    q[k] !== undefined ? q[k]! : (base?.nutrients[k] ?? null);
  const text = q.description === undefined ? base?.description : q.description?.trim();
  return {
    description: text ? text : QUICK_ADD_NAME,
    nutrients: {
      energy_kcal: pick("energy_kcal"),
      protein_g: pick("protein_g"),
      fat_g: pick("fat_g"),
      carbohydrate_g: pick("carbohydrate_g"),
      fiber_g: null,
      sugars_g: null,
      saturated_fat_g: null,
      sodium_mg: null,
    },
  };
}

export interface ValidCreate {
  input: CreateMealInput;
  /** null for a quick add */
  food: LoggableFood | null;
  quick: QuickValues | null;
  portion: LoggablePortion | null;
  grams: number;
  date: string | undefined;
  eatenAt: Date | undefined;
  note: string | null | undefined;
  measure: string | null;
}

export const foodNotFound = (id: number) =>
  new AppError("food_not_found", `no food with id ${id}`, [
    { field: "food_id", message: `no food with id ${id} that you may log` },
  ]);

/** POST /meals or a sync create, its body already checked against CreateMealBody (by the route, or by sync at its
 * boundary). (An import's meals carry stored values; import.ts checks them with the rules above.) */
export function* validateCreate(ctx: MealCheckCtx, input: CreateMealInput): Q<ValidCreate> {
  const p = new Problems();
  const usesPortion = input.portion_id !== undefined && input.portion_id !== null;
  const date = checkDate(p, "date", input.date);
  const eatenAt = checkEatenAt(p, "eaten_at", input.eaten_at);
  if (input.quick_add !== undefined) {
    // a meal without a food: nothing of a food may come with it
    for (const k of ["food_id", "quantity", "portion_id", "photo_id", "measure"] as const) {
      if (input[k] !== undefined && input[k] !== null)
        p.add(k, "cannot be sent with quick_add (a quick add has no food; its kcal are quick_add.energy_kcal)");
    }
    p.throwIfAny();
    return {
      input,
      food: null,
      quick: quickValues(input.quick_add),
      portion: null,
      grams: 0,
      date,
      eatenAt,
      note: cleanNote(input.note),
      measure: null,
    };
  }
  if (input.food_id === undefined)
    p.add("food_id", "is required (or send quick_add with energy_kcal for an entry without a food)");
  if (input.quantity === undefined) p.add("quantity", "is required");
  else checkQuantity(p, "quantity", input.quantity, usesPortion);
  p.throwIfAny();
  const foodId = input.food_id!;
  const quantity = input.quantity!;

  const food = yield* ctx.deps.foods.loggable(ctx.userId, foodId);
  if (!food) throw foodNotFound(foodId);
  const portion = usesPortion ? food.portion(input.portion_id!) : null;
  if (usesPortion && !portion) {
    p.add("portion_id", `is not a portion of food ${food.id}; see GET /foods/${food.id} for its portions`);
  } else if (portion) {
    checkQuantity(p, "quantity", quantity, true, portion.grams / portion.amount);
  }
  if (
    input.photo_id !== undefined &&
    input.photo_id !== null &&
    !(yield* ctx.deps.photoHooks.live(ctx.userId, input.photo_id, ctx.now))
  ) {
    // Another user's photo, an expired one and an unknown id read the same: nothing leaks.
    p.add("photo_id", "is not a photo of yours from the last 24 hours");
  }
  p.throwIfAny();
  return {
    input,
    food,
    quick: null,
    portion,
    grams: gramsOf(quantity, portion),
    date,
    eatenAt,
    note: cleanNote(input.note),
    measure: cleanMeasure(input.measure) ?? null,
  };
}

export interface ValidPatch {
  input: PatchMealInput;
  /** A quick add's values after the patch, when it changes them. */
  quick: QuickValues | undefined;
  /** undefined: the portion does not change; null: the meal switches to grams. */
  portion: LoggablePortion | null | undefined;
  quantity: number;
  /** The meal's grams after the patch (quantity × grams per unit, new or stored). */
  grams: number;
  date: string | undefined;
  eatenAt: Date | undefined;
  note: string | null | undefined;
  /** undefined: unchanged; null: cleared (also when the amount changes without a new measure, which would say another amount). */
  measure: string | null | undefined;
}

/** PATCH /meals/:id or a sync update of a stored meal. Only given fields change. */
export function* validatePatch(
  ctx: MealCheckCtx,
  stored: {
    foodId: number | null;
    quantity: number;
    portionId: number | null;
    portionGrams: number | null;
    quick?: QuickValues;
  },
  input: PatchMealInput,
): Q<ValidPatch> {
  const p = new Problems();
  if (stored.foodId === null) {
    for (const k of ["quantity", "portion_id", "measure"] as const) {
      if (input[k] !== undefined)
        p.add(k, "a quick add has no quantity or portion; change quick_add.energy_kcal (and its macros) instead");
    }
    const date = checkDate(p, "date", input.date);
    const eatenAt = checkEatenAt(p, "eaten_at", input.eaten_at);
    p.throwIfAny();
    const quick = input.quick_add === undefined ? undefined : quickValues(input.quick_add, stored.quick);
    return {
      input,
      quick,
      portion: undefined,
      quantity: stored.quantity,
      grams: 0,
      date,
      eatenAt,
      note: cleanNote(input.note),
      measure: undefined,
    };
  }
  if (input.quick_add !== undefined)
    p.add("quick_add", "only a quick add (a meal without a food) has these; change quantity or portion_id");
  let portion: LoggablePortion | null | undefined;
  if (input.portion_id === null) portion = null;
  else if (input.portion_id !== undefined) {
    const food = yield* ctx.deps.foods.loggable(ctx.userId, stored.foodId);
    portion = food?.portion(input.portion_id) ?? null;
    if (!portion)
      p.add(
        "portion_id",
        food
          ? `is not a portion of food ${stored.foodId}`
          : "cannot be set: the meal's food no longer exists; log grams instead",
      );
  }
  const usesPortion = input.portion_id !== undefined ? input.portion_id !== null : stored.portionId !== null;
  const quantity = input.quantity ?? stored.quantity;
  const gramsPerUnit =
    input.portion_id !== undefined ? (portion ? portion.grams / portion.amount : 1) : (stored.portionGrams ?? 1);
  checkQuantity(p, "quantity", quantity, usesPortion, gramsPerUnit);
  const date = checkDate(p, "date", input.date);
  const eatenAt = checkEatenAt(p, "eaten_at", input.eaten_at);
  p.throwIfAny();
  return {
    input,
    quick: undefined,
    portion,
    quantity,
    grams: input.portion_id !== undefined ? gramsOf(quantity, portion ?? null) : round3(quantity * gramsPerUnit),
    date,
    eatenAt,
    note: cleanNote(input.note),
    measure:
      input.measure !== undefined
        ? cleanMeasure(input.measure)
        : input.quantity !== undefined || input.portion_id !== undefined
          ? null
          : undefined,
  };
}
