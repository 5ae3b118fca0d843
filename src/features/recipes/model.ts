/**
 * Recipe shapes (API.md §Recipes). Types, ranges and lengths live here; validate.ts checks this
 * same schema first on every path (REST, sync push, import), then the required fields on create.
 */
import { Type as t } from "@sinclair/typebox";
import { Int, Nullable } from "../../schema/schemas";
import { intParam } from "../../schema/validation";
import { Portion } from "../foods/model";
import { FoodFields, MAX_FOOD_PORTIONS, PortionIn } from "../custom-foods/model";

export const MAX_INGREDIENTS = 100;
/** The automatic first portion of every recipe: one serving. */
export const SERVING = "serving";
export const MAX_SERVINGS = 1000;
export const MAX_DISH_GRAMS = 100_000;
/**
 * Servings and the cooked weight are kept to 0.001 (validate.ts rounds them), so this is the least
 * either may be: a smaller one was stored as 0, and a serving of it weighed Infinity grams.
 */
export const RECIPE_QUANTUM = 0.001;

const values = (description: string) => t.Record(t.String(), Nullable(t.Number()), { description });

export const Recipe = t.Object(
  {
    id: Int({ description: "the recipe's food id: log it with POST /meals like any food" }),
    name: t.String(),
    brand: Nullable(t.String()),
    servings: t.Number(),
    cooked_grams: Nullable(t.Number({ description: "weight of the cooked dish; null = the ingredients' total" })),
    total_grams: t.Number({ description: "the ingredients' weight added up" }),
    serving_grams: t.Number({ description: "(cooked_grams or total_grams) / servings" }),
    ingredients: t.Array(
      t.Object({
        food_id: Int(),
        food_name: t.String(),
        quantity: t.Number(),
        portion: Nullable(
          t.Object({ id: Int(), name: t.String(), grams: t.Number({ description: "grams of one portion" }) }),
        ),
        grams: t.Number(),
        per_100g: values("the food's values when the recipe was written (a snapshot)"),
      }),
    ),
    nutrients: values("per 100 g of the dish; null = some ingredient does not know it (see unknown)"),
    per_serving: values("per serving"),
    unknown: t.Record(t.String(), t.Array(Int()), {
      description: "nutrient → food ids of the ingredients that lack it",
    }),
    portions: t.Array(Portion, { description: 'the first is "serving"; then your own' }),
  },
  { title: "Recipe" },
);

const IngredientIn = t.Object(
  {
    food_id: Int({ minimum: 1, errorMessage: "must be a food id (a positive integer)" }),
    quantity: t.Number({
      exclusiveMinimum: 0,
      description: "grams, or portions with portion_id",
      errorMessage: "must be a number more than 0 (grams, or portions with portion_id)",
    }),
    portion_id: t.Optional(
      Nullable(Int({ minimum: 1, errorMessage: "must be a portion id of the food, or null for grams" })),
    ),
    portion: t.Optional(
      Nullable(t.Object({ id: Int({ minimum: 1 }) }, { description: "as a Recipe shows it: taken as its id" })),
    ),
  },
  { title: "IngredientIn" },
);
const fields = {
  name: t.Optional(FoodFields.name),
  brand: FoodFields.brand,
  servings: t.Optional(
    t.Number({
      minimum: RECIPE_QUANTUM,
      maximum: MAX_SERVINGS,
      description: `${RECIPE_QUANTUM}–${MAX_SERVINGS}, kept to ${RECIPE_QUANTUM}`,
      errorMessage: `is required: a number from ${RECIPE_QUANTUM} to ${MAX_SERVINGS}`,
    }),
  ),
  cooked_grams: t.Optional(
    Nullable(
      t.Number({
        minimum: RECIPE_QUANTUM,
        maximum: MAX_DISH_GRAMS,
        description: `weight of the cooked dish, ${RECIPE_QUANTUM}–${MAX_DISH_GRAMS} g, kept to ${RECIPE_QUANTUM} g; null or omitted = the ingredients' total`,
        errorMessage: `must be a number from ${RECIPE_QUANTUM} to ${MAX_DISH_GRAMS} g, or null (the ingredients' total)`,
      }),
    ),
  ),
  ingredients: t.Optional(
    t.Array(IngredientIn, {
      minItems: 1,
      maxItems: MAX_INGREDIENTS,
      description: `1–${MAX_INGREDIENTS} ingredients: any food you may log, recipes too (never this one, directly or through another)`,
      errorMessage: `must be an array of 1–${MAX_INGREDIENTS} ingredients`,
    }),
  ),
  portions: t.Optional(
    // the automatic "serving" may come back in a Recipe sent whole (its grams can be over a
    // portion's 5000): validate.ts drops it, then checks your own against the custom-food rules
    t.Array(t.Object({ name: PortionIn.properties.name, grams: t.Number({ exclusiveMinimum: 0 }) }), {
      maxItems: MAX_FOOD_PORTIONS + 1,
      description: 'your own portions after the automatic "serving"',
      errorMessage: `must be an array of at most ${MAX_FOOD_PORTIONS} portions`,
    }),
  ),
};
export const CreateRecipeBody = t.Object(fields, {
  title: "CreateRecipe",
  description: "name, servings and ingredients are required",
});
export type CreateRecipeInput = typeof CreateRecipeBody.static;
export const PatchRecipeBody = t.Object(fields, {
  title: "PatchRecipe",
  description: "Only the fields given change; ingredients replaces the whole list.",
});
export type PatchRecipeInput = typeof PatchRecipeBody.static;
export const RecipeIdParams = t.Object({ id: intParam("id", { minimum: 1, description: "recipe id (its food id)" }) });

/** GET /recipes: a page of the caller's recipes. */
export const RecipePage = t.Object({ items: t.Array(Recipe), next_cursor: Nullable(t.String()) });
