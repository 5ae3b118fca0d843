/**
 * The person's data in the browser (IndexedDB through idb): meals, foods (their custom foods and
 * every food they opened, so the log form works offline), goals, the pending mutations and the sync
 * cursor. One database per account (`morsel-<user id>`), so a second person signing in on the same
 * browser never sees the first one's data or sends their queue.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from "idb";

export type MealType = "breakfast" | "lunch" | "dinner" | "snack";
export const MEAL_TYPES: MealType[] = ["breakfast", "lunch", "dinner", "snack"];
export type Nutrients = Record<string, number | null>;

export interface Portion {
  id: number;
  name: string;
  amount: number;
  grams: number;
}

export interface Meal {
  id: string;
  /** null: a quick add (kcal and macros typed in; its name is `description`) */
  food: { id: number; name: string } | null;
  description?: string | null;
  meal_type: MealType;
  quantity: number;
  portion: { id: number; name: string; grams: number } | null;
  grams: number;
  date: string;
  eaten_at: string;
  note: string | null;
  nutrients: Nutrients;
  /** The server's version; null until the server has it. */
  version: number | null;
}

export interface FoodRec {
  id: number;
  name: string;
  brand: string | null;
  barcode: string | null;
  /** The eight meal nutrients per 100 g. */
  per100g: Nutrients;
  portions: Portion[];
  /** Every nutrient the API gave per 100 g (the Nutrients panel); absent for the offline catalogue copy. */
  all?: Nutrients;
  /** The natural serving's portion id (the API's default_portion), when the food has one. */
  default_portion_id?: number | null;
  custom: boolean;
  version: number | null;
}

/** A weigh-in: one per date, in kg (shown in the account's unit). */
export interface WeighIn {
  date: string;
  kg: number;
  note: string | null;
  version: number | null;
}

/** A day's mark: its log complete (`Day complete`) or not; a date without one is not marked. */
export interface DayMark {
  date: string;
  complete: boolean;
  version: number | null;
}

export interface Ingredient {
  food_id: number;
  food_name: string;
  quantity: number;
  /** `grams` of one portion */
  portion: { id: number; name: string; grams: number } | null;
  grams: number;
  per_100g: Nutrients;
}

/** A recipe as the API gives it (API.md §Recipes), trimmed to what the form shows; its food is in `foods` under the same id. */
export interface RecipeRec {
  id: number;
  name: string;
  servings: number;
  cooked_grams: number | null;
  ingredients: Ingredient[];
  version: number | null;
}

export interface Goals {
  energy_kcal: number | null;
  protein_g: number | null;
  fat_g: number | null;
  carbohydrate_g: number | null;
}

export interface Mutation {
  seq?: number;
  mutation_id: string;
  entity: "meal" | "food" | "recipe" | "goals" | "weight" | "day" | "target_profile" | "targets";
  /** A negative number: a custom food made offline, before the server gave it an id. */
  id: string | number | null;
  op: "upsert" | "delete";
  base_version: number | null;
  data: Record<string, unknown> | null;
}

export interface Conflict {
  key: string;
  entity: Mutation["entity"];
  id: string | number;
  label: string;
  /** This device's version (null: deleted here), and the server's (null: deleted there). */
  mine: Record<string, unknown> | null;
  theirs: Record<string, unknown> | null;
  version: number | null;
}

export interface Problem {
  mutation_id: string;
  text: string;
}

export interface Schema extends DBSchema {
  meals: { key: string; value: Meal; indexes: { date: string } };
  foods: { key: number; value: FoodRec };
  queue: { key: number; value: Mutation };
  conflicts: { key: string; value: Conflict };
  problems: { key: string; value: Problem };
  meta: { key: string; value: unknown };
  weights: { key: string; value: WeighIn };
  recipes: { key: number; value: RecipeRec };
  days: { key: string; value: DayMark };
}

export type Store = IDBPDatabase<Schema>;
export const ALL_STORES = [
  "queue",
  "meals",
  "foods",
  "conflicts",
  "problems",
  "meta",
  "weights",
  "recipes",
  "days",
] as const;
/** A read-write transaction over every store. */
export type Tx = IDBPTransaction<Schema, typeof ALL_STORES extends readonly (infer N)[] ? N[] : never, "readwrite">;
export const writeAll = (db: Store): Tx => db.transaction([...ALL_STORES], "readwrite");

export function openStore(userId: number): Promise<Store> {
  return openDB<Schema>(`morsel-${userId}`, 5, {
    upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        db.createObjectStore("meals", { keyPath: "id" }).createIndex("date", "date");
        db.createObjectStore("foods", { keyPath: "id" });
        db.createObjectStore("queue", { keyPath: "seq", autoIncrement: true });
        db.createObjectStore("conflicts", { keyPath: "key" });
        db.createObjectStore("problems", { keyPath: "mutation_id" });
        db.createObjectStore("meta");
      }
      if (oldVersion < 2) {
        db.createObjectStore("weights", { keyPath: "date" });
        // weigh-ins were passed over before this version: read the change feed again from the start
        if (oldVersion >= 1) void tx.objectStore("meta").delete("cursor");
      }
      if (oldVersion < 3) {
        db.createObjectStore("recipes", { keyPath: "id" });
        if (oldVersion >= 1) void tx.objectStore("meta").delete("cursor"); // recipes were passed over before
      }
      if (oldVersion < 4) {
        db.createObjectStore("days", { keyPath: "date" });
        if (oldVersion >= 1) void tx.objectStore("meta").delete("cursor"); // day marks were passed over before
      }
      // the profile and target settings (meta `target_profile`, `targets`) were passed over before
      if (oldVersion < 5 && oldVersion >= 1) void tx.objectStore("meta").delete("cursor");
    },
  });
}

export const mealsOn = (db: Store, date: string) => db.getAllFromIndex("meals", "date", date);

export async function getMeta<T>(db: Store, key: string): Promise<T | undefined> {
  return (await db.get("meta", key)) as T | undefined;
}

export const setMeta = (db: Store, key: string, value: unknown) => db.put("meta", value, key);
