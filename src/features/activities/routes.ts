/** /activities — the bundled activity catalogue, searched by name ("running 10 km/h", "yoga"). */
import type { RouteDeps } from "../../http/auth";
import { Elysia, t } from "elysia";
import { errors, Text } from "../../schema/schemas";
import { ACTIVITIES_SOURCE, searchActivities } from "./catalogue";
import { ActivityList } from "./model";

export function activitiesRoutes(deps: RouteDeps) {
  return new Elysia({ prefix: "/activities" }).use(deps.authn).get(
    "/",
    ({ query }) => ({
      source: ACTIVITIES_SOURCE,
      items: searchActivities(query.q ?? "", query.limit ?? 20).map(({ words: _, ...a }) => a),
    }),
    {
      auth: "read",
      query: t.Object({
        q: t.Optional(Text({ maxLength: 100, description: 'words, and a speed ("running 10 km/h", "6 mph")' })),
        limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: 20 })),
      }),
      response: { 200: ActivityList, ...errors(400, 401) },
      detail: {
        tags: ["activity"],
        summary: "Search the activity catalogue",
        description:
          "Every word must be found (an entry's name first); with a speed the nearest speed comes first. No q: the whole catalogue in its order.",
      },
    },
  );
}
