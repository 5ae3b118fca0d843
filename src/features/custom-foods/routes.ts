/** POST /foods, PATCH /foods/:id, DELETE /foods/:id — the caller's own foods. */
import { Elysia, t } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { errors } from "../../schema/schemas";
import { noContent, reply } from "../../http/reply";
import { Food } from "../foods/model";
import { CreateFoodBody, CustomFoodIdParams, PatchFoodBody } from "./model";
import { createFood, deleteFood, updateFood } from "./service";

export function customFoodsRoutes(deps: RouteDeps) {
  const detail = { tags: ["foods"] };
  return new Elysia({ prefix: "/foods" })
    .use(deps.authn)
    .post(
      "/",
      async ({ body, set, ctx }) => {
        const { id: _ignored, ...input } = body as Record<string, unknown>; // ids are the server's to give here
        const food = await deps.commit(() => createFood({ ctx, input }));
        return reply(deps, food, { status: 201, headers: { location: `/api/v1/foods/${food.id}` }, set });
      },
      {
        auth: "write",
        body: CreateFoodBody,
        response: { 201: Food, ...errors(400, 401, 413, 415) },
        detail: {
          ...detail,
          summary: "Create a custom food (source: custom), visible only to you; ids start at 1000000",
        },
      },
    )
    .patch(
      "/:id",
      async ({ params, body, ctx }) =>
        reply(deps, await deps.commit(() => updateFood({ ctx, id: params.id, input: body }))),
      {
        auth: "write",
        params: CustomFoodIdParams,
        body: PatchFoodBody,
        response: { 200: Food, ...errors(400, 401, 404, 413, 415) },
        detail: {
          ...detail,
          summary: "Change one of your custom foods (nutrients merge by key; portions replace the list)",
        },
      },
    )
    .delete(
      "/:id",
      async ({ params, ctx }) => {
        await deps.commit(() => deleteFood({ ctx, id: params.id }));
        return noContent();
      },
      {
        auth: "write",
        params: CustomFoodIdParams,
        response: { 204: t.Void(), ...errors(400, 401, 404) },
        detail: { ...detail, summary: "Delete one of your custom foods; meals that logged it keep their copy" },
      },
    );
}
