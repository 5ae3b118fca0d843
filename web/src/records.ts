/**
 * Local-first writes: every change is written to IndexedDB at once and queued as a sync mutation,
 * so the UI never waits on the network. Meal arithmetic is the server's own (meals/nutrition.ts),
 * so an entry logged offline shows the kcal the server will store.
 */
import type { Schemas } from "./api-data";
import { MEAL_NUTRIENT_KEYS } from "../../src/db/nutrients";
import { gramsOf, scale } from "../../src/features/meals/nutrition";
import {
  writeAll,
  type Conflict,
  type DayMark,
  type FoodRec,
  type Goals,
  type Meal,
  type MealType,
  type Mutation,
  type Portion,
  type RecipeRec,
  type SavedMealRec,
  type Store,
  type Tx,
  type WeighIn,
} from "./store";
import type { Weekday } from "../../src/features/goals/plans";
import type { GoalsRecord, MacroForm } from "./goals";
import { isActivityEntity, storeActivity } from "./activity-records";
import { currentSession } from "./api";
import { localDate } from "../../src/lib/time";

/**
 * What a local write tells sync (sync.ts's Sync is one): its database, and that a change is waiting.
 * Stated here so this file need not import sync.ts, which imports this one.
 */
export interface SyncQueue {
  readonly db: Store;
  changed(): void;
  /**
   * The version a change to this record builds on: `base` moved on past what this device's own pushes made of
   * it (a view rendered before the server answered still holds the version before, and a change sent on that
   * would come back a conflict with itself). Another device's change is not skipped: that is a real conflict.
   */
  latest(entity: string, id: Mutation["id"], base: number | null): number | null;
}

/** The eight meal nutrients of a set of values (every other key left out; a missing one is null). */
export const mealValues = (values: Record<string, number | null> | undefined) =>
  Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, values?.[k] ?? null]));

export const nutrientsOf = (food: FoodRec, grams: number) =>
  scale(food.per100g, grams) as Record<string, number | null>;

export function fromMeal(d: Record<string, unknown>, version: number | null): Meal {
  const m = d as unknown as Meal;
  return {
    id: m.id,
    food: m.food,
    description: m.description ?? null,
    meal_type: m.meal_type,
    quantity: m.quantity,
    portion: m.portion,
    measure: m.measure ?? null,
    grams: m.grams,
    date: m.date,
    eaten_at: m.eaten_at,
    note: m.note,
    nutrients: m.nutrients,
    version,
  };
}

/** A Food (API shape) as the log form needs it. */
export function fromFood(d: Record<string, unknown>, version: number | null): FoodRec {
  const f = d as {
    id: number;
    name: string;
    short_name?: string;
    brand: string | null;
    barcode: string | null;
    source: string;
    nutrients: Record<string, number | null>;
    portions: Portion[];
    default_portion?: { id: number } | null;
  };
  return {
    id: f.id,
    name: f.name,
    ...(f.short_name ? { short_name: f.short_name } : {}),
    brand: f.brand,
    barcode: f.barcode,
    per100g: mealValues(f.nutrients),
    portions: f.portions ?? [],
    default_portion_id: f.default_portion?.id ?? null,
    all: f.nutrients ?? undefined,
    custom: f.source === "custom",
    version,
  };
}

/** A weigh-in as the server sends it (sync data and conflicts: `{ kg, note }`) under its date. */
export const fromWeight = (date: string, d: Record<string, unknown>, version: number | null): WeighIn => ({
  date,
  kg: Number(d.kg),
  note: (d.note as string | null | undefined) ?? null,
  version,
});

/** A day mark as the server sends it (`{ date, complete, … }`) under its date. */
export const fromDay = (date: string, d: Record<string, unknown>, version: number | null): DayMark => ({
  date,
  complete: d.complete === true,
  version,
});

/** A Recipe (API shape) as the recipe form needs it. */
export function fromRecipe(d: Record<string, unknown>, version: number | null): RecipeRec {
  const r = d as unknown as RecipeRec;
  return {
    id: r.id,
    name: r.name,
    servings: r.servings,
    cooked_grams: r.cooked_grams ?? null,
    ingredients: r.ingredients ?? [],
    version,
  };
}

/** A SavedMeal (API shape) as kept here. */
export function fromSavedMeal(d: Record<string, unknown>, version: number | null): SavedMealRec {
  const r = d as unknown as SavedMealRec;
  return { id: r.id, name: r.name, entries: r.entries ?? [], energy_kcal: r.energy_kcal ?? null, version };
}

/** What a custom food made here became on the server: its id, and its portions' ids in order (sync.ts keeps it). */
export interface Renamed {
  id: number;
  portions: number[];
}
export const renamedKey = (temp: number) => `renamed:${temp}`;

/**
 * A portion id as the server knows it: the portions of a custom food made here are numbered temp − 1,
 * temp − 2, … in the order the server numbers them, so the n-th becomes the server's n-th. Any other
 * id (a portion of another food, or one the server gave) is left as it is.
 */
export function renamedPortion<T>(temp: number, r: Renamed, id: T): T | number {
  return typeof id === "number" && id < temp ? (r.portions[temp - id - 1] ?? id) : id;
}

/**
 * A food and portion as the server knows them. A form opened on a custom food before the server
 * gave it an id still holds the temporary one; the rename is read in the same transaction as the
 * write, so a meal never goes out naming an id the server has never seen.
 */
export async function serverIds(
  tx: ReturnType<typeof writeAll>,
  foodId: number,
  portionId: number | null,
): Promise<{ foodId: number; portionId: number | null; renamed: boolean }> {
  if (foodId >= 0) return { foodId, portionId, renamed: false };
  const r = (await tx.objectStore("meta").get(renamedKey(foodId))) as Renamed | undefined;
  if (!r) return { foodId, portionId, renamed: false };
  return { foodId: r.id, portionId: renamedPortion(foodId, r, portionId), renamed: true };
}

/** A quick add's kcal and macros (Schemas["QuickAdd"] without its description), each macro given, null when not known. */
export type QuickNutrients = Required<Omit<Schemas["QuickAdd"], "description">>;

/** When and where a meal sits: its meal type, and optionally its date, eaten_at and note. */
export interface When {
  mealType: MealType;
  date?: string;
  eatenAt?: string;
  note?: string | null;
}
const whenOf = (meal: Meal, w: When) => ({
  meal_type: w.mealType,
  date: w.date ?? meal.date,
  eaten_at: w.eatenAt ?? meal.eaten_at,
  note: w.note === undefined ? meal.note : w.note?.trim() || null,
});
const whenData = (m: Meal) => ({ meal_type: m.meal_type, date: m.date, eaten_at: m.eaten_at, note: m.note });

/** What a new meal names: its food, quantity and portion, or a quick add's values. */
export function mealData(meal: Meal): Record<string, unknown> {
  if (!meal.food) {
    const n = meal.nutrients;
    return {
      quick_add: {
        energy_kcal: n.energy_kcal ?? 0,
        protein_g: n.protein_g ?? null,
        fat_g: n.fat_g ?? null,
        carbohydrate_g: n.carbohydrate_g ?? null,
        description: meal.description ?? null,
      },
    };
  }
  const data: Record<string, unknown> = meal.portion
    ? { food_id: meal.food.id, quantity: meal.quantity, portion_id: meal.portion.id }
    : { food_id: meal.food.id, quantity: meal.quantity };
  if (meal.measure) data.measure = meal.measure; // a copy or an undo says the amount as the original did
  return data;
}

/** A local write and its queued mutation, in one transaction; then sync is told. */
export async function enqueue(
  sync: SyncQueue,
  m: Omit<Mutation, "mutation_id" | "seq">,
  write: (tx: Tx) => Promise<unknown>,
  tx: Tx = writeAll(sync.db),
): Promise<void> {
  await write(tx);
  const base_version = sync.latest(m.entity, m.id, m.base_version);
  await tx.objectStore("queue").add({ ...m, base_version, mutation_id: crypto.randomUUID() });
  await tx.done;
  sync.changed();
}

/** The change log keeps a waiting mutation's followers in order; each gets the version the previous one produced. */
export class Local {
  constructor(
    readonly db: Store,
    private readonly sync: SyncQueue,
  ) {}

  /** Another day's entry: the meal's usual time, after the entries already in it (meal-time.ts). */
  private async placed(date: string, mealType: MealType): Promise<string> {
    const tz = currentSession()?.user.timezone ?? "UTC";
    // its own chunk (the service worker caches it): the first load's JavaScript is held under 150 KB
    const { pastEatenAt } = await import("./meal-time");
    return pastEatenAt(this.db, tz, date, mealType, localDate(new Date(), tz));
  }

  private enqueue(
    m: Omit<Mutation, "mutation_id" | "seq">,
    write: (tx: ReturnType<typeof writeAll>) => Promise<unknown>,
    tx = writeAll(this.db),
  ): Promise<void> {
    return enqueue(this.sync, m, write, tx);
  }

  async logMeal(a: {
    food: FoodRec;
    quantity: number;
    portion: Portion | null;
    mealType: MealType;
    date: string;
    today: boolean;
    photoId?: string;
    /** When it was eaten (RFC 3339), sent as it is: items logged together keep the order they were typed in. */
    eatenAt?: string;
    /** The amount as the person said it ("1 pint (568 ml)"), from search or parse: shown instead of the grams. */
    measure?: string | null;
  }): Promise<Meal> {
    // read before the write opens: an IndexedDB transaction left idle while another is awaited commits itself
    const placed = a.eatenAt ?? (a.today ? undefined : await this.placed(a.date, a.mealType));
    const tx = writeAll(this.db);
    const ids = await serverIds(tx, a.food.id, a.portion?.id ?? null);
    const grams = gramsOf(a.quantity, a.portion);
    const now = placed ?? new Date().toISOString().replace(/\.\d+Z$/, "Z");
    const meal: Meal = {
      id: crypto.randomUUID(),
      food: { id: ids.foodId, name: a.food.name, ...(a.food.short_name ? { short_name: a.food.short_name } : {}) },
      meal_type: a.mealType,
      quantity: a.quantity,
      portion: a.portion
        ? { id: ids.portionId!, name: a.portion.name, grams: a.portion.grams / a.portion.amount }
        : null,
      measure: a.measure ?? null,
      grams,
      date: a.date,
      eaten_at: now,
      note: null,
      nutrients: nutrientsOf(a.food, grams),
      version: null,
    };
    const data: Record<string, unknown> = {
      food_id: ids.foodId,
      quantity: a.quantity,
      meal_type: a.mealType,
      date: a.date,
    };
    if (a.portion) data.portion_id = ids.portionId;
    if (a.measure) data.measure = a.measure;
    data.eaten_at = now; // another day's meal at the meal's usual time (meal-time.ts), as the server would put it
    if (a.photoId) data.photo_id = a.photoId;
    await this.enqueue(
      { entity: "meal", id: meal.id, op: "upsert", base_version: null, data },
      async (tx) => {
        if (!ids.renamed) await tx.objectStore("foods").put(a.food); // a renamed one is already kept under its id
        await tx.objectStore("meals").put(meal);
      },
      tx,
    );
    return meal;
  }

  /** A quick add: kcal (and macros) typed in, no food. */
  async quickAdd(a: {
    nutrients: QuickNutrients;
    description: string | null;
    mealType: MealType;
    date: string;
    today: boolean;
  }): Promise<Meal> {
    const now = a.today ? new Date().toISOString().replace(/\.\d+Z$/, "Z") : await this.placed(a.date, a.mealType);
    const meal: Meal = {
      id: crypto.randomUUID(),
      food: null,
      description: a.description?.trim() || "Quick add",
      meal_type: a.mealType,
      quantity: 1,
      portion: null,
      grams: 0,
      date: a.date,
      eaten_at: now,
      note: null,
      nutrients: mealValues(a.nutrients),
      version: null,
    };
    const data: Record<string, unknown> = { ...mealData(meal), meal_type: a.mealType, date: a.date };
    data.eaten_at = now;
    await this.enqueue({ entity: "meal", id: meal.id, op: "upsert", base_version: null, data }, (tx) =>
      tx.objectStore("meals").put(meal),
    );
    return meal;
  }

  /** Copies of meals onto another day (Copy from yesterday): new ids, the same local time of day. */
  async copyMeals(meals: Meal[], toDate: string): Promise<Meal[]> {
    const tx = writeAll(this.db);
    const copies: Meal[] = [];
    for (const m of meals) {
      const days = Math.round((Date.parse(`${toDate}T12:00:00Z`) - Date.parse(`${m.date}T12:00:00Z`)) / 86_400_000);
      const eatenAt = new Date(Date.parse(m.eaten_at) + days * 86_400_000).toISOString().replace(/\.\d+Z$/, "Z");
      const copy: Meal = { ...m, id: crypto.randomUUID(), date: toDate, eaten_at: eatenAt, version: null };
      const data = { ...mealData(m), meal_type: m.meal_type, date: toDate, eaten_at: eatenAt, note: m.note };
      await tx.objectStore("meals").put(copy);
      copies.push(copy);
      await tx
        .objectStore("queue")
        .add({ entity: "meal", id: copy.id, op: "upsert", base_version: null, data, mutation_id: crypto.randomUUID() });
    }
    await tx.done;
    this.sync.changed();
    return copies;
  }

  /** Undo of a copy: each copy deleted as this device has it now (it may have synced since). */
  async deleteCopies(copies: Meal[]): Promise<void> {
    for (const c of copies) {
      const now = await this.db.get("meals", c.id);
      if (now) await this.deleteMeal(now);
    }
  }

  /** A quick add's new values, meal, date, time or note. */
  async editQuick(meal: Meal, change: { nutrients: QuickNutrients; description: string | null } & When): Promise<void> {
    const nutrients = { ...meal.nutrients, ...change.nutrients };
    const next: Meal = {
      ...meal,
      nutrients,
      description: change.description?.trim() || "Quick add",
      ...whenOf(meal, change),
    };
    const data = { ...mealData(next), ...whenData(next) };
    await this.enqueue({ entity: "meal", id: meal.id, op: "upsert", base_version: meal.version, data }, (tx) =>
      tx.objectStore("meals").put(next),
    );
  }

  async editMeal(
    meal: Meal,
    food: FoodRec | null,
    change: { quantity: number; portion: Portion | null; measure?: string | null } & When,
  ): Promise<void> {
    const tx = writeAll(this.db);
    const ids = await serverIds(tx, food?.id ?? meal.food!.id, change.portion?.id ?? null);
    const grams = gramsOf(change.quantity, change.portion);
    const next: Meal = {
      ...meal,
      quantity: change.quantity,
      portion: change.portion
        ? { id: ids.portionId!, name: change.portion.name, grams: change.portion.grams / change.portion.amount }
        : null,
      // an amount changed by hand is said by its quantity; the same amount keeps its words
      measure: change.measure ?? null,
      grams,
      nutrients: food ? nutrientsOf(food, grams) : meal.nutrients,
      ...whenOf(meal, change),
    };
    const data = {
      quantity: change.quantity,
      portion_id: ids.portionId,
      ...(change.measure ? { measure: change.measure } : {}),
      ...whenData(next),
    };
    await this.enqueue(
      { entity: "meal", id: meal.id, op: "upsert", base_version: meal.version, data },
      (tx) => tx.objectStore("meals").put(next),
      tx,
    );
  }

  async deleteMeal(meal: Meal): Promise<void> {
    await this.enqueue({ entity: "meal", id: meal.id, op: "delete", base_version: meal.version, data: null }, (tx) =>
      tx.objectStore("meals").delete(meal.id),
    );
  }

  /** Undo of a delete: the same meal again (the server takes its id back after the delete). */
  async restoreMeal(meal: Meal): Promise<void> {
    const data: Record<string, unknown> = {
      ...mealData(meal),
      meal_type: meal.meal_type,
      date: meal.date,
      eaten_at: meal.eaten_at,
      note: meal.note,
    };
    await this.enqueue({ entity: "meal", id: meal.id, op: "upsert", base_version: null, data }, (tx) =>
      tx.objectStore("meals").put({ ...meal, version: null }),
    );
  }

  /**
   * A goals plan (API.md §Goals): every-day goals, weekday goals, and the date it applies from
   * (undefined: the server's default, today, or since always for a first plan). The local record
   * gets the schedule the server will make, so the day view is right before the plan syncs.
   */
  async saveGoals(plan: {
    goals: Goals;
    weekdays: Partial<Record<Weekday, Goals>>;
    from?: string;
    today: string;
    /** Macros given in % of energy (their grams are in `goals`) and net carbs. */
    macros?: MacroForm;
  }): Promise<void> {
    const cur = (await this.db.get("meta", "goals")) as
      | { goals: GoalsRecord | null; version: number | null }
      | undefined;
    const old = cur?.goals ?? null;
    const schedule = old
      ? Array.isArray(old.schedule) && old.schedule.length
        ? old.schedule
        : [{ ...old, from: null, weekdays: old.weekdays ?? {} }]
      : [];
    const from = plan.from ?? (schedule.length ? plan.today : null);
    const next = { ...plan.goals, ...plan.macros, from, weekdays: plan.weekdays };
    const kept = from === null ? [] : schedule.filter((p) => p.from === null || p.from < from);
    const record: GoalsRecord = { ...next, schedule: [...kept, next] };
    const data: Record<string, unknown> = { ...plan.goals, ...plan.macros, weekdays: plan.weekdays };
    if (plan.from) data.from = plan.from;
    await this.enqueue({ entity: "goals", id: "goals", op: "upsert", base_version: cur?.version ?? null, data }, (tx) =>
      tx.objectStore("meta").put({ goals: record, version: cur?.version ?? null }, "goals"),
    );
  }

  /** A weigh-in for `date` (one per date: a second one replaces it), in kg. */
  async saveWeight(date: string, kg: number, note: string | null): Promise<void> {
    const cur = await this.db.get("weights", date);
    await this.enqueue(
      { entity: "weight", id: date, op: "upsert", base_version: cur?.version ?? null, data: { kg, note } },
      (tx) => tx.objectStore("weights").put({ date, kg, note, version: cur?.version ?? null }),
    );
  }

  /** `Day complete` on (true) or off (false) for `date`: one mark per date, sent like a weigh-in. */
  async markDay(date: string, complete: boolean): Promise<void> {
    const cur = await this.db.get("days", date);
    await this.enqueue(
      { entity: "day", id: date, op: "upsert", base_version: cur?.version ?? null, data: { complete } },
      (tx) => tx.objectStore("days").put({ date, complete, version: cur?.version ?? null }),
    );
  }

  async deleteWeight(w: WeighIn): Promise<void> {
    await this.enqueue({ entity: "weight", id: w.date, op: "delete", base_version: w.version, data: null }, (tx) =>
      tx.objectStore("weights").delete(w.date),
    );
  }

  /** The person's choice in a conflict: this device's version is sent again on top of the server's, or the server's is kept. */
  async resolve(c: Conflict, keep: "mine" | "theirs"): Promise<void> {
    const tx = writeAll(this.db);
    await tx.objectStore("conflicts").delete(c.key);
    if (keep === "theirs") {
      if (c.entity === "meal") {
        if (c.theirs) await tx.objectStore("meals").put(fromMeal(c.theirs, c.version));
        else await tx.objectStore("meals").delete(String(c.id));
      } else if (c.entity === "goals")
        await tx.objectStore("meta").put({ goals: c.theirs, version: c.version }, "goals");
      else if (c.entity === "target_profile" || c.entity === "targets")
        await tx.objectStore("meta").put({ data: c.theirs, version: c.version }, c.entity);
      else if (c.entity === "weight") {
        if (c.theirs) await tx.objectStore("weights").put(fromWeight(String(c.id), c.theirs, c.version));
        else await tx.objectStore("weights").delete(String(c.id));
      } else if (c.entity === "day") {
        if (c.theirs) await tx.objectStore("days").put(fromDay(String(c.id), c.theirs, c.version));
        else await tx.objectStore("days").delete(String(c.id));
      } else if (isActivityEntity(c.entity)) {
        await storeActivity(tx, c.entity, String(c.id), c.theirs, c.version);
      } else if (c.entity === "saved_meal") {
        if (c.theirs) await tx.objectStore("saved_meals").put(fromSavedMeal(c.theirs, c.version));
        else await tx.objectStore("saved_meals").delete(String(c.id));
      } else if (c.entity === "recipe") {
        if (c.theirs) await tx.objectStore("recipes").put(fromRecipe(c.theirs, c.version));
        else await tx.objectStore("recipes").delete(Number(c.id));
      } else if (c.theirs) await tx.objectStore("foods").put(fromFood(c.theirs, c.version));
    } else {
      const m = c.mine as Partial<Meal> | null;
      let data: Record<string, unknown> | null = c.mine;
      if (c.entity === "meal" && m) {
        const what = m.food ? { quantity: m.quantity, portion_id: m.portion?.id ?? null } : mealData(m as Meal);
        data = { ...what, meal_type: m.meal_type, date: m.date, eaten_at: m.eaten_at, note: m.note ?? null };
        if (!c.theirs) data = { ...data, ...mealData(m as Meal) }; // deleted there: log it again
        await tx.objectStore("meals").put({ ...(m as Meal), version: c.version });
      }
      await tx.objectStore("queue").add({
        mutation_id: crypto.randomUUID(),
        entity: c.entity,
        id: c.id,
        op: c.mine ? "upsert" : "delete",
        base_version: c.version,
        data,
      });
    }
    await tx.done;
    this.sync.changed();
  }
}
