/** /activity-settings — exercise in the budget, water and length units, glass size, goals, target weight. */
import type { RouteDeps } from "../../http/auth";
import { Elysia } from "elysia";
import { errors } from "../../schema/schemas";
import { reply, replyWith } from "../../http/reply";
import { ActivitySettings, ActivitySettingsBody } from "./model";
import { activitySettingsOf, putActivitySettings } from "./service";

export function activitySettingsRoutes(deps: RouteDeps) {
  const tags = ["activity"];
  return new Elysia({ prefix: "/activity-settings" })
    .use(deps.authn)
    .get("/", ({ ctx }) => replyWith(deps, activitySettingsOf(ctx)), {
      auth: "read",
      response: { 200: ActivitySettings, ...errors(401) },
      detail: { tags, summary: "Your activity settings (the defaults until you change one)" },
    })
    .put(
      "/",
      async ({ ctx, body }) => reply(deps, await deps.commit(() => putActivitySettings({ ctx: ctx, input: body }))),
      {
        auth: "write",
        body: ActivitySettingsBody,
        response: { 200: ActivitySettings, ...errors(400, 401, 413, 415) },
        detail: {
          tags,
          summary: "Change activity settings (only the fields given change)",
          description:
            "exercise_in_budget (default false: a goal set from the expenditure estimate already holds your usual exercise), water_unit ml|fl_oz, length_unit cm|in, glass_ml (default 250), water_goal_ml, steps_goal, target_kg.",
        },
      },
    );
}
