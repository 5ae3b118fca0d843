/** GET /foods/search and GET /foods/:id — public; a valid token personalises them. */
import { Elysia } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { errors } from "../../schema/schemas";
import { AppError } from "../../lib/errors";
import { CostBudget, SIGNED_IN_SEARCH_BUDGET } from "../../lib/cost-budget";
import { Slicer } from "../../lib/pace";
import { rateKey } from "../../http/client-address";
import { isLoopback } from "../../config";
import { reply, replyWith } from "../../http/reply";
import {
  Food,
  FoodIdParams,
  ParseBody,
  ParseResponse,
  RecentQuery,
  RecentResponse,
  SearchQuery,
  SearchResponse,
} from "./model";
import { parseFoodLine } from "./parse";
import { getFood, searchFoods } from "./service";
import { MEAL_HALF_LIFE_DAYS, MEAL_WINDOW_DAYS, recentFoods } from "./recent";
import { localDate } from "../../lib/time";

export function foodsRoutes(deps: RouteDeps) {
  const budget = new CostBudget(deps.searchBudget);
  const signedInBudget = new CostBudget(deps.signedInSearchBudget ?? SIGNED_IN_SEARCH_BUDGET);
  /** Runs a search charged to `key` in `bucket` (its working time, not its pauses): 429 with Retry-After while that budget is spent. */
  const budgeted = async <T>(
    bucket: CostBudget,
    key: string,
    run: (slicer: Slicer) => Promise<T>,
    why: string,
  ): Promise<T> => {
    const wait = bucket.retryAfter(key, performance.now());
    if (wait > 0)
      throw new AppError("rate_limited", `${why}; try again in ${wait} seconds`, undefined, {
        "retry-after": String(wait),
      });
    const slicer = new Slicer();
    try {
      return await run(slicer);
    } finally {
      bucket.charge(key, slicer.ms, performance.now());
    }
  };
  return new Elysia({ prefix: "/foods" })
    .use(deps.authn)
    .get(
      "/search",
      async ({ query, user, request, server, ctx }) => {
        // A signed-in user spends a budget of server time of their own (lib/cost-budget.ts): with open
        // registration anyone has a token, and expensive queries in flight held the server for everyone.
        if (user) {
          const page = await budgeted(
            signedInBudget,
            `u:${user.id}`,
            (slicer) => searchFoods({ ctx, input: query, slicer }),
            "too many expensive searches from this account",
          );
          return reply(deps, page);
        }
        // Anonymous callers spend a per-address budget (an IPv6 /64 counts as one address).
        const address = deps.clientAddress(request, server);
        // Clients on this machine are not budgeted: whoever is there can run the CLI anyway, and a
        // proxy on the same machine should be named with --trust-proxy so its clients are told apart.
        if (isLoopback(address)) return reply(deps, await searchFoods({ ctx, input: query }));
        const page = await budgeted(
          budget,
          rateKey(address),
          (slicer) => searchFoods({ ctx, input: query, slicer }),
          "too many expensive searches from this address (sign in for a budget of your own)",
        );
        return reply(deps, page);
      },
      {
        optionalAuth: "read",
        query: SearchQuery,
        response: { 200: SearchResponse, ...errors(400, 429) },
        detail: {
          tags: ["foods"],
          summary: "Search foods",
          description:
            "Public; a valid bearer token personalises it and a bad one is a 401. Ranked search over the USDA catalogue (and, with a token, the caller's custom foods). `q` is 1–100 characters after trimming; every word must match, the last word also as a prefix; common names, British spellings and small typos are understood. FTS syntax in `q` is treated as text. `offset` is at most 1000. Anonymous callers from other machines have a budget of server time per address (a quarter of a core, with a two-second burst): a client sending expensive searches back to back gets 429 rate_limited with Retry-After; signing in lifts it.",
        },
      },
    )
    .post(
      "/parse",
      async ({ body, user, request, server, ctx }) => {
        // Each item is a search: charged like search, to the account or the address.
        const run = (slicer?: Slicer) =>
          parseFoodLine({
            ctx,
            input: body,
            ...(slicer ? { slicer } : {}),
          });
        if (user) return budgeted(signedInBudget, `u:${user.id}`, run, "too many expensive searches from this account");
        const address = deps.clientAddress(request, server);
        if (isLoopback(address)) return run();
        return budgeted(
          budget,
          rateKey(address),
          run,
          "too many expensive searches from this address (sign in for a budget of your own)",
        );
      },
      {
        optionalAuth: "write",
        body: ParseBody,
        response: { 200: ParseResponse, ...errors(400, 413, 415, 429) },
        detail: {
          tags: ["foods"],
          summary: "Read a line of food into items",
          description:
            'Public like search; a valid bearer token personalises each item\'s food. Splits `text` (1–500 characters) into at most 20 items on commas, semicolons, new lines and "plus", and on "and"/"with" unless the words name one food ("mac and cheese", "coffee with milk"). Each item has its parsed `amount`, the best `food` (the first search result for its words) and `serving`, the amount as a serving of that food, ready for POST /meals. Nothing is logged.',
        },
      },
    )
    .get(
      "/recent",
      ({ query, ctx }) =>
        deps.store.run(
          recentFoods({
            ctx: ctx,
            input: query,
            today: localDate(ctx.now, ctx.timezone),
            atMeal: deps.mealHistory,
          }),
        ),
      {
        auth: "read",
        query: RecentQuery,
        response: { 200: RecentResponse, ...errors(400, 401) },
        detail: {
          tags: ["foods"],
          summary: "Your recent or frequent foods, of every meal or of one meal type",
          description: `The foods you logged in the last ${MEAL_WINDOW_DAYS} days, for an add-food screen before anything is typed, each with its last serving (last_quantity, last_portion_id) and its kcal. Without meal_type (up to 500 distinct foods are considered): \`sort=recent\` (default) puts the last logged first, \`sort=frequent\` the most logged (\`score\` ranks as frequent). With meal_type, only meals of that type count, and the default \`sort=score\` ranks by how often and how lately: score = Σ over the days the food was logged at that meal of (meals that day) × 0.5^(days ago / ${MEAL_HALF_LIFE_DAYS}); ties go to the more recent. The serving is the last one at that meal. A custom food you deleted is left out.`,
        },
      },
    )
    .get("/:id", ({ params, ctx }) => replyWith(deps, getFood({ ctx, input: params })), {
      optionalAuth: "read",
      params: FoodIdParams,
      response: { 200: Food, ...errors(400, 404) },
      detail: { tags: ["foods"], summary: "One food with every nutrient per 100 g, its portions and attribution" },
    });
}
