/** /activities — the bundled activity catalogue, searched by name ("running 10 km/h", "yoga"). */
import { Elysia, t } from "elysia";
import { Enum, errors, Nullable, Text } from "../../lib/schemas";
import type { RouteDeps } from "../auth/context";
import { ACTIVITIES_SOURCE, searchActivities } from "./catalogue";

export const ActivitySchema = t.Object(
  {
    code: t.String({ description: "what an exercise's activity takes" }),
    name: t.String(),
    met: t.Number({ description: "metabolic equivalent: energy per kg and hour, as a multiple of resting" }),
    speed_kmh: Nullable(t.Number()),
    kind: Enum(["cardio", "strength", "sport", "other"]),
    source: t.String({ description: "where its MET value comes from" }),
  },
  { title: "Activity" },
);

export function activitiesRoutes(deps: Pick<RouteDeps, "authn">) {
  return new Elysia({ prefix: "/activities" }).use(deps.authn).get(
    "/",
    ({ query }) => ({
      source: ACTIVITIES_SOURCE,
      items: searchActivities(query.q ?? "", query.limit ?? 20).map(({ words: _, ...a }) => a),
    }),
    {
      auth: true,
      query: t.Object({
        q: t.Optional(Text({ maxLength: 100, description: 'words, and a speed ("running 10 km/h", "6 mph")' })),
        limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: 20 })),
      }),
      response: { 200: t.Object({ source: t.String(), items: t.Array(ActivitySchema) }), ...errors(400, 401) },
      detail: {
        tags: ["activity"],
        summary: "Search the activity catalogue",
        description:
          "Every word must be found (an entry's name first); with a speed the nearest speed comes first. No q: the whole catalogue in its order.",
      },
    },
  );
}
