/**
 * How a push mutation reaches each entity's own service, so REST, sync and import validate and
 * log the same way. One entry per entity: whose an id is, and how to write it.
 */
import { AppError } from "../../lib/errors";
import { createFood, deleteFood, updateFood, type CustomFoodsCtx } from "../custom-foods/service";
import { clearGoals, putGoals, type GoalsCtx } from "../goals/service";
import { createMeal, deleteMeal, updateMeal, type MealsCtx } from "../meals/service";
import { createRecipe, deleteRecipe, updateRecipe, type RecipesCtx } from "../recipes/service";
import { deleteWeight, putWeight, type WeightsCtx } from "../weights/service";
import { deleteDay, putDay, type DaysCtx } from "../days/service";
import {
  createSavedMeal,
  deleteSavedMeal,
  takenByOther as savedTakenByOther,
  updateSavedMeal,
  type SavedMealsCtx,
} from "../saved-meals/service";
import {
  createExercise,
  deleteExercise,
  takenByOther as exerciseTakenByOther,
  updateExercise,
  type ExercisesCtx,
} from "../exercises/service";
import { parseExercise } from "../exercises/validate";
import {
  checkMetric,
  deleteDailyValue,
  parseDailyValue,
  setDailyValue,
  type DailyValuesCtx,
} from "../daily-values/service";
import {
  checkActivitySettings,
  putActivitySettings,
  resetActivitySettings,
  type ActivitySettingsCtx,
} from "../activity-settings/service";
import { parseProfile, parseTargets, putProfile, putTargets, type TargetsCtx } from "../targets/service";
import type { Entity } from "../../db/change-log";
import type { Mutation } from "./protocol";
import { value, type Q } from "../../db/q";

export interface EntityCtxs {
  meals: MealsCtx;
  foods: CustomFoodsCtx;
  goals: GoalsCtx;
  weights: WeightsCtx;
  days: DaysCtx;
  recipes: RecipesCtx;
  savedMeals: SavedMealsCtx;
  exercises: ExercisesCtx;
  dailyValues: DailyValuesCtx;
  activitySettings: ActivitySettingsCtx;
  targets: TargetsCtx;
}

interface Handler {
  /** Another user's record under this id: such an id can never be written by this caller. */
  takenByOther(c: EntityCtxs, id: string | number): Q<boolean>;
  /** Applies the mutation (`exists`: the record is live); returns the record's id. */
  write(c: EntityCtxs, m: Mutation, id: string | number | null, exists: boolean): Q<string | number>;
}

const never = () => value(false);

/**
 * A food or recipe upsert with an id that is not one of the caller's live records. Ids of foods and
 * recipes are one sequence shared by every account: the server chooses them (send id null to create),
 * and another account's id answers exactly as an unknown one does, so nothing tells the caller it exists.
 */
function notYours(entity: "food" | "recipe", id: string | number): AppError {
  return new AppError(
    "food_not_found",
    `no ${entity} ${id} of yours; to create one send id null (the server chooses ids)`,
    [{ field: "id", message: "is not one of your records; send null to create" }],
  );
}

export const HANDLERS: Record<Entity, Handler> = {
  meal: {
    *takenByOther(c, id) {
      const row = yield* c.meals.repo.byId(String(id));
      return row !== null && row.userId !== c.meals.userId;
    },
    *write(c, m, id, exists) {
      const data = m.data ?? {};
      if (m.op === "delete") {
        yield* deleteMeal({ ctx: c.meals, id: String(id) });
        return id!;
      }
      if (!exists) return (yield* createMeal({ ctx: c.meals, input: { ...data, id } })).meal.id;
      const { food_id: foodId, ...fields } = data;
      const stored = (yield* c.meals.repo.get(c.meals.userId, String(id)))!;
      if (foodId !== undefined && foodId !== stored.foodId) {
        throw new AppError("validation_failed", "food_id of a logged meal cannot change; delete it and log another", [
          { field: "data.food_id", message: "cannot change on an existing meal" },
        ]);
      }
      yield* updateMeal({ ctx: c.meals, id: String(id), input: fields });
      return id!;
    },
  },
  food: {
    takenByOther: never,
    *write(c, m, id, exists) {
      if (m.op === "delete") {
        yield* deleteFood({ ctx: c.foods, id: id as number });
        return id!;
      }
      const data = m.data ?? {};
      if (!exists) {
        if (id !== null) throw notYours("food", id);
        return (yield* createFood({ ctx: c.foods, input: data })).id;
      }
      return (yield* updateFood({ ctx: c.foods, id: id as number, input: data })).id;
    },
  },
  recipe: {
    takenByOther: never,
    *write(c, m, id, exists) {
      if (m.op === "delete") {
        yield* deleteRecipe({ ctx: c.recipes, id: id as number });
        return id!;
      }
      const data = m.data ?? {};
      if (!exists) {
        if (id !== null) throw notYours("recipe", id);
        return (yield* createRecipe({ ctx: c.recipes, input: data })).id;
      }
      return (yield* updateRecipe({ ctx: c.recipes, id: id as number, input: data })).id;
    },
  },
  goals: {
    takenByOther: never,
    *write(c, m) {
      if (m.op === "delete") yield* clearGoals(c.goals);
      else yield* putGoals({ ctx: c.goals, input: m.data ?? {} });
      return "goals";
    },
  },
  weight: {
    takenByOther: never,
    *write(c, m, id) {
      if (m.op === "delete") yield* deleteWeight({ ctx: c.weights, date: id });
      else yield* putWeight({ ctx: c.weights, date: id, input: m.data ?? {} });
      return id!;
    },
  },
  saved_meal: {
    takenByOther: (c, id) => savedTakenByOther(c.savedMeals, String(id)),
    *write(c, m, id, exists) {
      if (m.op === "delete") {
        yield* deleteSavedMeal({ ctx: c.savedMeals, id: String(id) });
        return id!;
      }
      const data = m.data ?? {};
      if (!exists) return (yield* createSavedMeal({ ctx: c.savedMeals, input: { ...data, id } })).saved.id;
      return (yield* updateSavedMeal({ ctx: c.savedMeals, id: String(id), input: data })).id;
    },
  },
  // one document each per user, as goals: a delete sets it back to the defaults
  target_profile: {
    takenByOther: never,
    *write(c, m) {
      yield* putProfile({ ctx: c.targets, input: m.op === "delete" ? {} : parseProfile(m.data) });
      return "target_profile";
    },
  },
  targets: {
    takenByOther: never,
    *write(c, m) {
      yield* putTargets({ ctx: c.targets, input: m.op === "delete" ? {} : parseTargets(m.data) });
      return "targets";
    },
  },
  day: {
    takenByOther: never,
    *write(c, m, id) {
      if (m.op === "delete") yield* deleteDay({ ctx: c.days, date: id });
      else yield* putDay({ ctx: c.days, date: id, input: m.data ?? {} });
      return id!;
    },
  },
  exercise: {
    takenByOther: (c, id) => exerciseTakenByOther(c.exercises, String(id)),
    *write(c, m, id, exists) {
      if (m.op === "delete") {
        yield* deleteExercise({ ctx: c.exercises, id: String(id) });
        return id!;
      }
      const data = m.data ?? {};
      if (!exists) {
        const input = parseExercise({ ...data, id }, true, "data.");
        return (yield* createExercise({ ctx: c.exercises, input, prefix: "data." })).exercise.id;
      }
      const { id: _, source: __, source_id: ___, ...fields } = data;
      const input = parseExercise(fields, false, "data.");
      return (yield* updateExercise({ ctx: c.exercises, id: String(id), input, prefix: "data." })).id;
    },
  },
  daily_value: {
    takenByOther: never,
    *write(c, m, id) {
      const [date, metric] = String(id).split(":") as [string, string];
      if (m.op === "delete") yield* deleteDailyValue({ ctx: c.dailyValues, date, metric });
      else {
        const input = parseDailyValue(m.data ?? {}, "data.");
        yield* setDailyValue({ ctx: c.dailyValues, date, metric: checkMetric(metric, "id"), input, prefix: "data." });
      }
      return id!;
    },
  },
  activity_settings: {
    takenByOther: never,
    *write(c, m) {
      if (m.op === "delete") yield* resetActivitySettings(c.activitySettings);
      else yield* putActivitySettings({ ctx: c.activitySettings, input: checkActivitySettings(m.data ?? {}, "data.") });
      return "activity_settings";
    },
  },
};
