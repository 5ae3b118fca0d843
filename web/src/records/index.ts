/**
 * Local-first writes: every change is written to IndexedDB at once and queued as a sync mutation,
 * so the UI never waits on the network. The parts: conversions of API bodies (convert.ts), ids of
 * foods made offline (ids.ts), the queue (queue.ts), meal writes (meals.ts), goals, weigh-ins and
 * day marks (body.ts), and settling a conflict (conflicts.ts). Local is what views hold (app.local).
 */
import type { Conflict, Meal, FoodRec, Portion, Store, WeighIn } from "../store";
import { deleteWeight, markDay, saveGoals, saveWeight, type GoalsPlan } from "./body";
import { resolve } from "./conflicts";
import {
  copyMeals,
  deleteCopies,
  deleteMeal,
  editMeal,
  editQuick,
  logMeal,
  quickAdd,
  restoreMeal,
  type LogMeal,
  type QuickAddWrite,
  type QuickNutrients,
  type When,
} from "./meals";
import type { SyncQueue, Writer } from "./queue";

export {
  fromDay,
  fromFood,
  fromMeal,
  fromRecipe,
  fromSavedMeal,
  fromWeight,
  mealData,
  mealValues,
  nutrientsOf,
} from "./convert";
export { renamedKey, renamedPortion, serverIds, type Renamed } from "./ids";
export type { GoalsPlan } from "./body";
export type { LogMeal, QuickAddWrite, QuickNutrients, When } from "./meals";
export { enqueue, type SyncQueue, type Writer } from "./queue";

/** The change log keeps a waiting mutation's followers in order; each gets the version the previous one produced. */
export class Local implements Writer {
  constructor(
    readonly db: Store,
    readonly sync: SyncQueue,
  ) {}

  logMeal(a: LogMeal): Promise<Meal> {
    return logMeal(this, a);
  }

  /** A quick add: kcal (and macros) typed in, no food. */
  quickAdd(a: QuickAddWrite): Promise<Meal> {
    return quickAdd(this, a);
  }

  /** Copies of meals onto another day (Copy from yesterday): new ids, the same local time of day. */
  copyMeals(meals: Meal[], toDate: string): Promise<Meal[]> {
    return copyMeals(this, meals, toDate);
  }

  /** Undo of a copy: each copy deleted as this device has it now (it may have synced since). */
  deleteCopies(copies: Meal[]): Promise<void> {
    return deleteCopies(this, copies);
  }

  /** A quick add's new values, meal, date, time or note. */
  editQuick(meal: Meal, change: { nutrients: QuickNutrients; description: string | null } & When): Promise<void> {
    return editQuick(this, meal, change);
  }

  editMeal(
    meal: Meal,
    food: FoodRec | null,
    change: { quantity: number; portion: Portion | null; measure?: string | null } & When,
  ): Promise<void> {
    return editMeal(this, meal, food, change);
  }

  deleteMeal(meal: Meal): Promise<void> {
    return deleteMeal(this, meal);
  }

  /** Undo of a delete: the same meal again (the server takes its id back after the delete). */
  restoreMeal(meal: Meal): Promise<void> {
    return restoreMeal(this, meal);
  }

  /** A goals plan (API.md §Goals); the local record gets the schedule the server will make. */
  saveGoals(plan: GoalsPlan): Promise<void> {
    return saveGoals(this, plan);
  }

  /** A weigh-in for `date` (one per date: a second one replaces it), in kg. */
  saveWeight(date: string, kg: number, note: string | null): Promise<void> {
    return saveWeight(this, date, kg, note);
  }

  /** `Day complete` on (true) or off (false) for `date`: one mark per date, sent like a weigh-in. */
  markDay(date: string, complete: boolean): Promise<void> {
    return markDay(this, date, complete);
  }

  deleteWeight(w: WeighIn): Promise<void> {
    return deleteWeight(this, w);
  }

  /** The person's choice in a conflict: this device's version is sent again on top of the server's, or the server's is kept. */
  resolve(c: Conflict, keep: "mine" | "theirs"): Promise<void> {
    return resolve(this, c, keep);
  }
}
