/** The answer of GET /activities (docs/API.md §Activities). */
import { t } from "elysia";
import { Enum, Nullable } from "../../schema/schemas";
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

/** GET /activities: the catalogue's matches, and where its MET values come from. */
export const ActivityList = t.Object({ source: t.String(), items: t.Array(ActivitySchema) });
