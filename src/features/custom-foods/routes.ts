/** POST /foods, PATCH /foods/:id, DELETE /foods/:id — the caller's own foods. */
import { Elysia, t } from "elysia";
import { customFoodsCtx, type CustomFoodsDeps } from "./context";
import { errors } from "../../schema/schemas";
import { noContent, reply } from "../../http/reply";
import type { AuthedUser } from "../auth/plugin";
import { Food } from "../foods/model";
import { CreateFoodBody, CustomFoodIdParams, PatchFoodBody } from "./model";
import { createFood, deleteFood, updateFood } from "./service";

export function customFoodsRoutes(deps: CustomFoodsDeps) {
  const ctx = (user: AuthedUser) => customFoodsCtx(deps, user.id, deps.now());
  const detail = { tags: ["foods"] };
  return new Elysia({ prefix: "/foods" })
    .use(deps.authn)
    .post(
      "/",
      async ({ user, body, set }) => {
        const { id: _ignored, ...input } = body as Record<string, unknown>; // ids are the server's to give here
        const food = await deps.commit(() => createFood({ ctx: ctx(user), input }));
        return reply(deps, food, 201, { location: `/api/v1/foods/${food.id}` }, set);
      },
      {
        auth: true,
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
      async ({ user, params, body }) =>
        reply(deps, await deps.commit(() => updateFood({ ctx: ctx(user), id: params.id, input: body }))),
      {
        auth: true,
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
      async ({ user, params }) => {
        await deps.commit(() => deleteFood({ ctx: ctx(user), id: params.id }));
        return noContent();
      },
      {
        auth: true,
        params: CustomFoodIdParams,
        response: { 204: t.Void(), ...errors(400, 401, 404) },
        detail: { ...detail, summary: "Delete one of your custom foods; meals that logged it keep their copy" },
      },
    );
}
