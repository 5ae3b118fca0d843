/** GET/PUT /goals and POST /goals/suggest */
import { Elysia } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { errors } from "../../schema/schemas";
import { reply, replyWith } from "../../http/reply";
import { getGoals, GoalsDocument, PutGoalsBody, putGoals } from "./service";
import { proposeGoal } from "./suggest-check";
import { GoalSuggestion, SuggestBody } from "./suggest-model";

export function goalsRoutes(deps: RouteDeps) {
  const detail = { tags: ["goals"] };
  return new Elysia({ prefix: "/goals" })
    .use(deps.authn)
    .get("/", ({ ctx }) => replyWith(deps, getGoals(ctx)), {
      auth: "read",
      response: { 200: GoalsDocument, ...errors(401) },
      detail: { ...detail, summary: "The caller's goals: the newest plan and the whole schedule (null = no goal)" },
    })
    .put("/", async ({ body, ctx }) => reply(deps, await deps.commit(() => putGoals({ ctx, input: body }))), {
      auth: "write",
      body: PutGoalsBody,
      response: { 200: GoalsDocument, ...errors(400, 401, 413, 415) },
      detail: {
        ...detail,
        summary: "Set goals from a date on (default today); earlier days keep theirs",
        description:
          "The four every-day goals (an omitted key means no goal), optional `weekdays` with their own goals, and `from`. The new plan applies from `from` and replaces any plan that starts on or after it; days before `from` keep the goals they had.",
      },
    })
    .post("/suggest", ({ body, ctx }) => reply(deps, proposeGoal({ ctx, input: body })), {
      auth: "read",
      body: SuggestBody,
      response: { 200: GoalSuggestion, ...errors(400, 401, 413, 415) },
      detail: {
        ...detail,
        summary: "Propose an energy goal and macros from sex, age, height, weight, activity and a weekly rate",
        description:
          "Mifflin–St Jeor 1990 resting energy × an activity factor, ± the rate (7,700 kcal a kg), never below 1,200 kcal (women) or 1,500 (men); protein 1.6 g/kg, fat 30 %, carbohydrate the rest. Nothing is stored: PUT /goals saves a goal.",
      },
    });
}
