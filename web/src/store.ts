/**
 * The person's data in the browser (IndexedDB through idb): meals, foods (their custom foods and
 * every food they opened, so the log form works offline), goals, the pending mutations and the sync
 * cursor. One database per account (`morsel-<user id>`), so a second person signing in on the same
 * browser never sees the first one's data or sends their queue.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from "idb";

import type { Schemas } from "./api-data";

export type MealType = Schemas["Meal"]["meal_type"];
export const MEAL_TYPES: MealType[] = ["breakfast", "lunch", "dinner", "snack"];
/** Values by nutrient key; wider than Schemas["Nutrients"]: a food carries every nutrient the API gave. */
export type Nutrients = Record<string, number | null>;

export type Portion = Schemas["Food"]["portions"][number];

/**
 * A meal as the API gives it (Schemas["Meal"]), kept in IndexedDB: with the server's version (null
 * until the server has it) and without the server's timestamps, which a meal logged offline lacks.
 */
export type Meal = Omit<
  Schemas["Meal"],
  "food" | "description" | "measure" | "nutrients" | "created_at" | "updated_at"
> & {
  /** The amount as said ("1 pint (568 ml)"); a record kept before measures were stored has none. */
  measure?: string | null;
  /** null: a quick add (kcal and macros typed in; its name is `description`); `short_name` is the food record's, kept for lists */
  food: (NonNullable<Schemas["Meal"]["food"]> & { short_name?: string }) | null;
  description?: string | null;
  nutrients: Nutrients;
  version: number | null;
};

/**
 * A food as the log form needs it offline: the API's food (Schemas["Food"]) trimmed to what the form
 * shows, with its eight meal nutrients per 100 g gathered in `per100g`. The offline catalogue copy
 * (catalogue.json) fills the same record, so this is the browser's shape, not an API body.
 */
export interface FoodRec extends Pick<Schemas["Food"], "id" | "name" | "brand" | "barcode"> {
  /** The catalogue's short name (the API's `short_name`), for one-line lists. */
  short_name?: Schemas["Food"]["short_name"];
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

/** A weigh-in (Schemas["Weight"]): one per date, in kg (shown in the account's unit), with its sync version. */
export type WeighIn = Pick<Schemas["Weight"], "date" | "kg" | "note"> & { version: number | null };

/** A day's mark (Schemas["DayMark"]): its log complete (`Day complete`) or not; a date without one is not marked. */
export type DayMark = Pick<Schemas["DayMark"], "date" | "complete"> & { version: number | null };

/** One of a recipe's ingredients as the API gives it; `grams` of one portion. */
export type Ingredient = Schemas["Recipe"]["ingredients"][number];

/** A recipe as the API gives it (API.md §Recipes), trimmed to what the form shows; its food is in `foods` under the same id. */
export type RecipeRec = Pick<Schemas["Recipe"], "id" | "name" | "servings" | "cooked_grams" | "ingredients"> & {
  version: number | null;
};

/** A saved meal as the API gives it (API.md §Saved meals), with its sync version: a named set of entries logged again in one tap. */
export type SavedMealRec = Pick<Schemas["SavedMeal"], "id" | "name" | "entries" | "energy_kcal"> & {
  version: number | null;
};

export type SavedEntry = Schemas["SavedMeal"]["entries"][number];

export type Goals = Schemas["Goals"];

/**
 * A queued edit: the API's sync mutation (Schemas["Mutation"]) with its place in the queue, for the
 * entities this app edits offline; `data` is built loosely (records/), and the server validates it.
 */
export interface Mutation extends Pick<Schemas["Mutation"], "mutation_id" | "op" | "base_version"> {
  seq?: number;
  entity: Schemas["Mutation"]["entity"];
  /** A negative number: a custom food made offline, before the server gave it an id. */
  id: Schemas["Mutation"]["id"];
  data: Record<string, unknown> | null;
}

/** Exercise, daily values and activity settings (activity.ts), kept as the server sends them. */
export type ActivityEntity = Extract<Schemas["Mutation"]["entity"], "exercise" | "daily_value" | "activity_settings">;
/** An activity record in IndexedDB: the API's record whole in `data` (activity.ts reads it), keyed for the store. */
export interface ActivityRec {
  /** `${entity}:${id}` */
  key: string;
  entity: ActivityEntity;
  id: string;
  /** The record's local date; "" for the settings. */
  date: string;
  data: Record<string, unknown>;
  version: number | null;
}

/** A conflict the person settles (sync/push.ts keeps it): this app's own record of one, not an API body. */
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

/** A rejected edit shown to the person: this app's own record (the API's answer is sync/push.ts `Result`). */
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
  activity: { key: string; value: ActivityRec; indexes: { date: string } };
  saved_meals: { key: string; value: SavedMealRec };
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
  "activity",
  "saved_meals",
] as const;
/** A read-write transaction over every store. */
export type Tx = IDBPTransaction<Schema, typeof ALL_STORES extends readonly (infer N)[] ? N[] : never, "readwrite">;
export const writeAll = (db: Store): Tx => db.transaction([...ALL_STORES], "readwrite");

export function openStore(userId: number): Promise<Store> {
  return openDB<Schema>(`morsel-${userId}`, 7, {
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
      if (oldVersion < 5) {
        db.createObjectStore("saved_meals", { keyPath: "id" });
        if (oldVersion >= 1) void tx.objectStore("meta").delete("cursor"); // saved meals were passed over before
      }
      if (oldVersion < 6) {
        db.createObjectStore("activity", { keyPath: "key" }).createIndex("date", "date");
        if (oldVersion >= 1) void tx.objectStore("meta").delete("cursor"); // exercise and daily values were passed over
      }
      // the profile and target settings (meta `target_profile`, `targets`) were passed over before
      if (oldVersion < 7 && oldVersion >= 1) void tx.objectStore("meta").delete("cursor");
    },
  });
}

export const mealsOn = (db: Store, date: string) => db.getAllFromIndex("meals", "date", date);

export async function getMeta<T>(db: Store, key: string): Promise<T | undefined> {
  return (await db.get("meta", key)) as T | undefined;
}

export const setMeta = (db: Store, key: string, value: unknown) => db.put("meta", value, key);
