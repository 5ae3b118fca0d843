/** /recipes — the caller's recipes (custom foods made of ingredients). */
import { Elysia, t } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { errors, Text } from "../../schema/schemas";
import { intParam } from "../../schema/validation";
import { noContent, reply, replyWith } from "../../http/reply";
import { CreateRecipeBody, PatchRecipeBody, Recipe, RecipeIdParams, RecipePage } from "./model";
import {
  createRecipe,
  deleteRecipe,
  MAX_RECIPE_PAGE,
  RECIPE_PAGE,
  recipePage,
  recipeView,
  recipeViews,
  updateRecipe,
  type RecipeView,
} from "./service";
import { jsonPieces, streamedJson } from "../../lib/stream";

export function recipesRoutes(deps: RouteDeps) {
  const tags = ["recipes"];
  return new Elysia({ prefix: "/recipes" })
    .use(deps.authn)
    .get(
      "/",
      async ({ query, ctx }) => {
        const page = await deps.store.run(recipePage({ ctx, input: query }));
        // checked against the schema whole in tests; otherwise streamed, a recipe at a time (lib/stream.ts)
        if (deps.validateResponses)
          return reply(deps, {
            items: await Array.fromAsync(recipeViews(ctx, page.ids)),
            next_cursor: page.next_cursor,
          });
        return streamedJson(
          jsonPieces('{"items":[', recipeViews(ctx, page.ids), `],"next_cursor":${JSON.stringify(page.next_cursor)}}`),
        ) as unknown as { items: RecipeView[]; next_cursor: string | null };
      },
      {
        auth: "read",
        query: t.Object({
          cursor: t.Optional(
            Text({ description: "opaque: next_cursor of the previous page; absent = the first page" }),
          ),
          limit: t.Optional(intParam("limit", { minimum: 1, maximum: MAX_RECIPE_PAGE, default: RECIPE_PAGE })),
        }),
        response: { 200: RecipePage, ...errors(400, 401) },
        detail: {
          tags,
          summary: "Your recipes, a page at a time",
          description: "By id, oldest first. `next_cursor` is null on the last page.",
        },
      },
    )
    .post(
      "/",
      async ({ body, set, ctx }) => {
        const recipe = await deps.commit(() => createRecipe({ ctx, input: body }));
        return reply(deps, recipe, { status: 201, headers: { location: `/api/v1/recipes/${recipe.id}` }, set });
      },
      {
        auth: "write",
        body: CreateRecipeBody,
        response: { 201: Recipe, ...errors(400, 401, 404, 413, 415) },
        detail: {
          tags,
          summary: "Make a recipe from ingredients",
          description:
            'Nutrients per 100 g and per serving are computed from a snapshot of each ingredient; a nutrient one ingredient lacks is null and listed in `unknown`. The recipe is also a custom food (same id): searchable, loggable by grams or by its "serving" portion. An ingredient you cannot log (another user\'s food) → 404 food_not_found.',
        },
      },
    )
    .get("/:id", ({ params, ctx }) => replyWith(deps, recipeView(ctx, params.id)), {
      auth: "read",
      params: RecipeIdParams,
      response: { 200: Recipe, ...errors(400, 401, 404) },
      detail: { tags, summary: "One recipe" },
    })
    .patch(
      "/:id",
      async ({ params, body, ctx }) =>
        reply(deps, await deps.commit(() => updateRecipe({ ctx, id: params.id, input: body }))),
      {
        auth: "write",
        params: RecipeIdParams,
        body: PatchRecipeBody,
        response: { 200: Recipe, ...errors(400, 401, 404, 413, 415) },
        detail: { tags, summary: "Change a recipe (meals already logged keep their values)" },
      },
    )
    .delete(
      "/:id",
      async ({ params, ctx }) => {
        await deps.commit(() => deleteRecipe({ ctx, id: params.id }));
        return noContent();
      },
      {
        auth: "write",
        params: RecipeIdParams,
        response: { 204: t.Void(), ...errors(400, 401, 404) },
        detail: { tags, summary: "Delete a recipe; meals that logged it keep their copy" },
      },
    );
}
