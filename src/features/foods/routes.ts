/** GET /foods/search and GET /foods/:id — public; a valid token personalises them. */
import { Elysia } from "elysia";
import type { AppDeps } from "../../app";
import { errors } from "../../lib/schemas";
import { reply } from "../../lib/reply";
import { Food, FoodIdParams, SearchQuery, SearchResponse } from "./model";
import { getFood, searchFoods, type FoodsCtx } from "./service";

export function foodsRoutes(deps: AppDeps, personal: (userId: number | null) => FoodsCtx["personal"]) {
  const ctxFor = (userId: number | null): FoodsCtx => ({
    directory: deps.foods,
    search: deps.search,
    imported: deps.imported,
    userId,
    personal: personal(userId),
  });
  return new Elysia({ prefix: "/foods" })
    .use(deps.authn)
    .get("/search", ({ query, user }) => reply(deps, searchFoods({ ctx: ctxFor(user?.id ?? null), input: query })), {
      optionalAuth: true,
      query: SearchQuery,
      response: { 200: SearchResponse, ...errors(400) },
      detail: {
        tags: ["foods"],
        summary: "Search foods",
        description:
          "Public; a valid bearer token personalises it and a bad one is a 401. Ranked search over the USDA catalogue (and, with a token, the caller's custom foods). `q` is 1–100 characters after trimming; every word must match, the last word also as a prefix; common names, British spellings and small typos are understood. FTS syntax in `q` is treated as text.",
      },
    })
    .get("/:id", ({ params, user }) => reply(deps, getFood({ ctx: ctxFor(user?.id ?? null), input: params })), {
      optionalAuth: true,
      params: FoodIdParams,
      response: { 200: Food, ...errors(400, 404) },
      detail: { tags: ["foods"], summary: "One food with every nutrient per 100 g, its portions and attribution" },
    });
}
