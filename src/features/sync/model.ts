/** Sync shapes (API.md §Sync): the push body as documented; each mutation is checked by protocol.ts. */
import { t } from "elysia";
import { Enum, ErrorSchema, Int, Nullable, Text } from "../../schema/schemas";
import { CreateFoodBody, PatchFoodBody } from "../custom-foods/model";
import { PutGoalsBody } from "../goals/model";
import { CreateMealBody, PatchMealBody } from "../meals/model";
import { CreateRecipeBody } from "../recipes/model";
import { WeightBody } from "../weights/model";
import { DayBody } from "../days/model";
import { CreateSavedMealBody, PatchSavedMealBody } from "../saved-meals/model";
import { ProfileBody, TargetsBody } from "../targets/model";
import { ENTITIES, MAX_MUTATIONS } from "./protocol";
import { CreateExerciseBody, PatchExerciseBody } from "../exercises/model";
import { DailyValueBody } from "../daily-values/model";
import { ActivitySettingsBody } from "../activity-settings/model";

export const entity = Enum(ENTITIES);
export const op = Enum(["upsert", "delete"]);
export const recordId = t.Union([Text(), Int(), t.Null()], {
  description:
    "meal, saved_meal, exercise: UUID; food, recipe: null to create (the server chooses ids), or your food's id; goals, activity_settings, target_profile, targets: the entity's name; weight, day: its date; daily_value: \"YYYY-MM-DD:metric\"",
});

/** What the push body looks like, for the OpenAPI document (each mutation is checked by protocol.ts). */
export const PushBodyDoc = t.Object(
  {
    mutations: t.Array(
      t.Object(
        {
          mutation_id: t.String({
            format: "uuid",
            description: "fresh per mutation; a replay is answered as duplicate",
          }),
          entity,
          id: recordId,
          op,
          base_version: Nullable(Int({ minimum: 1, description: "the version you last saw; null for a new record" })),
          data: Nullable(
            t.Union(
              [
                CreateMealBody,
                PatchMealBody,
                CreateFoodBody,
                PatchFoodBody,
                PutGoalsBody,
                WeightBody,
                DayBody,
                CreateRecipeBody,
                CreateSavedMealBody,
                PatchSavedMealBody,
                CreateExerciseBody,
                PatchExerciseBody,
                DailyValueBody,
                ActivitySettingsBody,
                ProfileBody,
                TargetsBody,
              ],
              {
                description:
                  "the record's fields as for POST/PATCH of its entity (a new meal needs food_id, quantity and meal_type, or quick_add and meal_type); null for a delete",
              },
            ),
          ),
        },
        { title: "Mutation" },
      ),
      { maxItems: MAX_MUTATIONS },
    ),
  },
  { title: "SyncPush" },
);

/** GET /sync/changes: a page of changes, oldest first. */
export const ChangesPage = t.Object({
  changes: t.Array(
    t.Object({ entity, id: recordId, op, version: Int(), data: Nullable(t.Record(t.String(), t.Any())) }),
  ),
  next_cursor: t.String(),
  has_more: t.Boolean(),
});

/** POST /sync/push: one result per mutation, in order (streamed a result at a time). */
export const PushResults = t.Object({
  results: t.Array(
    t.Object({
      mutation_id: t.String(),
      status: Enum(["applied", "duplicate", "conflict", "rejected"]),
      version: Nullable(Int()),
      current: Nullable(t.Record(t.String(), t.Any())),
      error: Nullable(ErrorSchema.properties.error),
    }),
  ),
});
