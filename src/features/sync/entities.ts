/**
 * How a push mutation reaches each entity's own service, so REST, sync and import validate and
 * log the same way. One entry per entity: whose an id is, and how to write it. A mutation's data is
 * parsed here, once, with the entity's route schema (what Elysia checks for REST); the service takes
 * the schema's type and checks only what a schema cannot say.
 */
import type { Ctx } from "../../context";
import { checkSchema } from "../../schema/validation";
import { CreateMealBody, PatchMealBody } from "../meals/model";
import { WeightBody } from "../weights/model";
import { DayBody } from "../days/model";
import { PutGoalsBody } from "../goals/model";
import { CreateRecipeBody, PatchRecipeBody } from "../recipes/model";
import { AppError } from "../../lib/errors";
import { createFood, deleteFood, updateFood } from "../custom-foods/service";
import { clearGoals, putGoals } from "../goals/service";
import { createMeal, deleteMeal, updateMeal } from "../meals/service";
import { createRecipe, deleteRecipe, updateRecipe } from "../recipes/service";
import { deleteWeight, putWeight } from "../weights/service";
import { deleteDay, putDay } from "../days/service";
import {
  createSavedMeal,
  deleteSavedMeal,
  takenByOther as savedTakenByOther,
  updateSavedMeal,
} from "../saved-meals/service";
import {
  createExercise,
  deleteExercise,
  takenByOther as exerciseTakenByOther,
  updateExercise,
} from "../exercises/service";
import { parseExercise } from "../exercises/validate";
import { checkMetric, deleteDailyValue, parseDailyValue, setDailyValue } from "../daily-values/service";
import { checkActivitySettings, putActivitySettings, resetActivitySettings } from "../activity-settings/service";
import { parseProfile, parseTargets, putProfile, putTargets } from "../targets/service";
import type { Entity } from "../../db/change-log";
import type { Mutation } from "./protocol";
import { value, type Q } from "../../db/q";

interface Handler {
  /** Another user's record under this id: such an id can never be written by this caller. */
  takenByOther(c: Ctx, id: string | number): Q<boolean>;
  /** Applies the mutation (`exists`: the record is live); returns the record's id. */
  write(c: Ctx, m: Mutation, id: string | number | null, exists: boolean): Q<string | number>;
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
      const row = yield* c.deps.meals.byId(String(id));
      return row !== null && row.userId !== c.userId;
    },
    *write(c, m, id, exists) {
      const data = m.data ?? {};
      if (m.op === "delete") {
        yield* deleteMeal({ ctx: c, id: String(id) });
        return id!;
      }
      if (!exists) return (yield* createMeal({ ctx: c, input: checkSchema(CreateMealBody, { ...data, id }) })).meal.id;
      const { food_id: foodId, ...fields } = data;
      const stored = (yield* c.deps.meals.get(c.userId, String(id)))!;
      if (foodId !== undefined && foodId !== stored.foodId) {
        throw new AppError("validation_failed", "food_id of a logged meal cannot change; delete it and log another", [
          { field: "data.food_id", message: "cannot change on an existing meal" },
        ]);
      }
      yield* updateMeal({ ctx: c, id: String(id), input: checkSchema(PatchMealBody, fields) });
      return id!;
    },
  },
  food: {
    takenByOther: never,
    *write(c, m, id, exists) {
      if (m.op === "delete") {
        yield* deleteFood({ ctx: c, id: id as number });
        return id!;
      }
      const data = m.data ?? {};
      if (!exists) {
        if (id !== null) throw notYours("food", id);
        return (yield* createFood({ ctx: c, input: data })).id;
      }
      return (yield* updateFood({ ctx: c, id: id as number, input: data })).id;
    },
  },
  recipe: {
    takenByOther: never,
    *write(c, m, id, exists) {
      if (m.op === "delete") {
        yield* deleteRecipe({ ctx: c, id: id as number });
        return id!;
      }
      const data = m.data ?? {};
      if (!exists) {
        if (id !== null) throw notYours("recipe", id);
        return (yield* createRecipe({ ctx: c, input: checkSchema(CreateRecipeBody, data) })).id;
      }
      return (yield* updateRecipe({ ctx: c, id: id as number, input: checkSchema(PatchRecipeBody, data) })).id;
    },
  },
  goals: {
    takenByOther: never,
    *write(c, m) {
      if (m.op === "delete") yield* clearGoals(c);
      else yield* putGoals({ ctx: c, input: checkSchema(PutGoalsBody, m.data ?? {}) });
      return "goals";
    },
  },
  weight: {
    takenByOther: never,
    *write(c, m, id) {
      if (m.op === "delete") yield* deleteWeight({ ctx: c, date: id });
      else yield* putWeight({ ctx: c, date: id, input: checkSchema(WeightBody, m.data ?? {}) });
      return id!;
    },
  },
  saved_meal: {
    takenByOther: (c, id) => savedTakenByOther(c, String(id)),
    *write(c, m, id, exists) {
      if (m.op === "delete") {
        yield* deleteSavedMeal({ ctx: c, id: String(id) });
        return id!;
      }
      const data = m.data ?? {};
      if (!exists) return (yield* createSavedMeal({ ctx: c, input: { ...data, id } })).saved.id;
      return (yield* updateSavedMeal({ ctx: c, id: String(id), input: data })).id;
    },
  },
  // one document each per user, as goals: a delete sets it back to the defaults
  target_profile: {
    takenByOther: never,
    *write(c, m) {
      // a delete says goal_step_dismissed null too (left out, an upsert keeps it: targets/validate.ts)
      const input = m.op === "delete" ? { goal_step_dismissed: null } : parseProfile(m.data);
      yield* putProfile({ ctx: c, input });
      return "target_profile";
    },
  },
  targets: {
    takenByOther: never,
    *write(c, m) {
      yield* putTargets({ ctx: c, input: m.op === "delete" ? {} : parseTargets(m.data) });
      return "targets";
    },
  },
  day: {
    takenByOther: never,
    *write(c, m, id) {
      if (m.op === "delete") yield* deleteDay({ ctx: c, date: id });
      else yield* putDay({ ctx: c, date: id, input: checkSchema(DayBody, m.data ?? {}) });
      return id!;
    },
  },
  exercise: {
    takenByOther: (c, id) => exerciseTakenByOther(c, String(id)),
    *write(c, m, id, exists) {
      if (m.op === "delete") {
        yield* deleteExercise({ ctx: c, id: String(id) });
        return id!;
      }
      const data = m.data ?? {};
      if (!exists) {
        const input = parseExercise({ ...data, id }, true, "data.");
        return (yield* createExercise({ ctx: c, input, prefix: "data." })).exercise.id;
      }
      const { id: _, source: __, source_id: ___, ...fields } = data;
      const input = parseExercise(fields, false, "data.");
      return (yield* updateExercise({ ctx: c, id: String(id), input, prefix: "data." })).id;
    },
  },
  daily_value: {
    takenByOther: never,
    *write(c, m, id) {
      const [date, metric] = String(id).split(":") as [string, string];
      if (m.op === "delete") yield* deleteDailyValue({ ctx: c, date, metric });
      else {
        const input = parseDailyValue(m.data ?? {}, "data.");
        yield* setDailyValue({ ctx: c, date, metric: checkMetric(metric, "id"), input, prefix: "data." });
      }
      return id!;
    },
  },
  activity_settings: {
    takenByOther: never,
    *write(c, m) {
      if (m.op === "delete") yield* resetActivitySettings(c);
      else yield* putActivitySettings({ ctx: c, input: checkActivitySettings(m.data ?? {}, "data.") });
      return "activity_settings";
    },
  },
};
