/** Recipe shapes (API.md §Recipes). Field rules are checked in validate.ts. */
import { t } from "elysia";
import { Int, Nullable } from "../../lib/schemas";
import { intParam } from "../../lib/validation";
import { Portion } from "../foods/model";
import { MAX_INGREDIENTS, MAX_SERVINGS, MAX_DISH_GRAMS } from "./validate";

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

const anyField = (description: string) => t.Optional(t.Any({ description }));
const fields = {
  name: anyField("1–200 characters"),
  brand: anyField("at most 100 characters, or null"),
  servings: anyField(`more than 0, at most ${MAX_SERVINGS}`),
  cooked_grams: anyField(
    `weight of the cooked dish, more than 0 and at most ${MAX_DISH_GRAMS}; null or omitted = the ingredients' total`,
  ),
  ingredients: anyField(
    `1–${MAX_INGREDIENTS} of { food_id, quantity (grams, or portions with portion_id), portion_id? }: any food you may log, recipes too (never this one, directly or through another)`,
  ),
  portions: anyField('your own portions [{ name, grams }] after the automatic "serving"'),
};
export const CreateRecipeBody = t.Object(fields, { title: "CreateRecipe" });
export const PatchRecipeBody = t.Object(fields, {
  title: "PatchRecipe",
  description: "Only the fields given change; ingredients replaces the whole list.",
});
export const RecipeIdParams = t.Object({ id: intParam("id", { minimum: 1, description: "recipe id (its food id)" }) });
