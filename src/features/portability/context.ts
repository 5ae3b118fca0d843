/** The export/import context for one request: every diary feature's own context, built by that feature. */
import type { AccountGate } from "../../lib/account-gate";
import type { AuthedUser } from "../auth/plugin";
import { customFoodsCtx, type CustomFoodsDeps } from "../custom-foods/context";
import type { FoodsDeps } from "../foods/context";
import { goalsCtx, type GoalsDeps } from "../goals/context";
import { mealsCtx, type MealsDeps } from "../meals/context";
import { recipesCtx, type RecipesDeps } from "../recipes/context";
import { weightsCtx, type WeightsDeps } from "../weights/context";
import { daysCtx } from "../days/context";
import { savedMealsCtxOf } from "../saved-meals/context";
import { targetsCtx } from "../targets/context";
import type { ExportCtx } from "./export";
import { exercisesCtx } from "../exercises/context";
import { dailyValuesCtx } from "../daily-values/context";
import { activitySettingsCtx } from "../activity-settings/context";

/** Largest import body; a year of meals is about 2 MB of JSON. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;
/**
 * Imports at once: one per account, three per server (the import route's gate, entered before its
 * body is read). Each holds its body (at most 64 MB) and, for another tracker's file, a reader
 * thread whose memory is bounded by the limits of trackers/files.ts.
 */
export const IMPORTS_AT_ONCE = { perAccount: 1, total: 3 };
/** An import's body must keep coming (a byte at least every 15 s) and be whole within 120 s, or 408. */
export const IMPORT_BODY_DEADLINE = { stallMs: 15_000, totalMs: 120_000 };

/** Every diary feature's needs, which is what a whole account's data needs. */
export type DiaryDeps = MealsDeps & CustomFoodsDeps & RecipesDeps & WeightsDeps & GoalsDeps;

export interface PortabilityDeps extends DiaryDeps, FoodsDeps {
  /** Imports running now: one per account, a few per server (lib/gate.ts). */
  imports: AccountGate;
  /** The key of tracker-import meal ids (trackers/convert.ts `idFor`), derived from the server's secret. */
  importIdKey: string;
}

export function diaryCtx(deps: DiaryDeps, user: AuthedUser): ExportCtx {
  const meals = mealsCtx(deps, user);
  return {
    store: deps.store,
    meals,
    foods: customFoodsCtx(deps, user.id, meals.now),
    recipes: recipesCtx(deps, user),
    savedMeals: savedMealsCtxOf(meals),
    weights: weightsCtx(deps, user),
    days: daysCtx(deps, user),
    goals: goalsCtx(deps, user),
    exercises: exercisesCtx(deps, user),
    dailyValues: dailyValuesCtx(deps, user),
    activitySettings: activitySettingsCtx(deps, user),
    targets: targetsCtx(deps, user),
    user,
  };
}

/** The import-id key from the server's secret: a key of its own, so the secret itself is never used twice. */
export const importIdKeyOf = (secret: string) =>
  new Bun.CryptoHasher("sha256", secret).update("morsel tracker-import meal ids").digest("hex");
