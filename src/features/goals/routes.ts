/** GET/PUT /goals */
import { Elysia } from "elysia";
import type { AppDeps } from "../../app";
import { errors } from "../../lib/schemas";
import { reply } from "../../lib/reply";
import { getGoals, GoalsSchema, PutGoalsBody, putGoals } from "./service";

export function goalsRoutes(deps: AppDeps) {
  const detail = { tags: ["goals"] };
  return new Elysia({ prefix: "/goals" })
    .use(deps.authn)
    .get("/", ({ user }) => reply(deps, getGoals(deps.db, user.id)), {
      auth: true,
      response: { 200: GoalsSchema, ...errors(401) },
      detail: { ...detail, summary: "The caller's daily goals (null = no goal)" },
    })
    .put("/", ({ user, body }) => reply(deps, putGoals({ db: deps.db, log: deps.syncLog, userId: user.id, now: deps.now(), input: body })), {
      auth: true,
      body: PutGoalsBody,
      response: { 200: GoalsSchema, ...errors(400, 401, 413, 415) },
      detail: { ...detail, summary: "Set all four goals (an omitted key means no goal)" },
    });
}
