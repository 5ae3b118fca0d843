/** GET /sync/changes and POST /sync/push (API.md §Sync). */
import { jsonPieces, streamedJson } from "../../lib/stream";
import { Elysia, t } from "elysia";
import { errors, Text } from "../../schema/schemas";
import { replyWith } from "../../http/reply";
import { intParam } from "../../schema/validation";
import { MAX_MUTATIONS } from "./protocol";
import { PushBodyDoc, ChangesPage, PushResults } from "./model";
import type { RouteDeps } from "../../http/auth";
import { pullChanges, pushMutations } from "./service";

export function syncRoutes(deps: RouteDeps) {
  const detail = { tags: ["sync"] };
  return new Elysia({ prefix: "/sync" })
    .use(deps.authn)
    .get("/changes", ({ query, ctx }) => replyWith(deps, pullChanges({ ctx, input: query })), {
      auth: "read",
      query: t.Object({
        cursor: t.Optional(Text({ description: "opaque; empty or absent = from the beginning" })),
        limit: t.Optional(intParam("limit", { minimum: 1, maximum: 1000, default: 500 })),
      }),
      response: {
        200: ChangesPage,
        ...errors(400, 401, 410),
      },
      detail: {
        ...detail,
        summary: "Changes since a cursor, oldest first",
        description:
          "Each record appears once, at its latest version (data is the record as GET returns it; null for a delete). Versions come from one monotonic counter, so paging never skips or repeats a change while others write. A page ends at limit changes or once its changes pass 1 MiB of data (at least one change a page), so it may hold fewer than limit with has_more true: follow next_cursor while has_more. A cursor older than the kept deletions (default 90 days) → 410 cursor_expired: start again from an empty cursor.",
      },
    })
    .post(
      "/push",
      async ({ body, ctx }) => {
        const { results } = await pushMutations({ ctx, input: body, commit: deps.commit });
        // written a result at a time: 500 recipes' `current` came to 29 MB, one JSON.stringify of 90 ms
        return streamedJson(jsonPieces('{"results":[', results, "]}"));
      },
      {
        auth: "write",
        body: t.Object({
          // Checked one by one in protocol.ts (not by this schema): a bad mutation is
          // "rejected" inside the 200 while the rest of the batch applies.
          mutations: t.Unknown({
            description: `an array of at most ${MAX_MUTATIONS} mutations, each { mutation_id: UUID (fresh per mutation; a replay is answered as duplicate), entity: "meal" | "food" | "goals" | "weight" | "recipe", id: meal UUID | custom food or recipe id | null (a new food or recipe, the server picks) | "goals" | a weight's date, op: "upsert" | "delete", base_version: the version you last saw, or null for a new record, data: the record's fields as for POST/PATCH (a new meal needs food_id) }`,
          }),
        }),
        response: {
          200: PushResults,
          ...errors(400, 401, 413, 415),
        },
        detail: {
          ...detail,
          body: PushBodyDoc,
          summary: "Apply a batch of offline edits (at most 500), in order, each at most once",
          description:
            "Per mutation: applied (with the new version and record), duplicate (a replayed mutation_id: nothing changes), conflict (base_version is not the record's version: `current` carries what the server has; nothing is overwritten), or rejected (can never succeed: `error` says why; do not retry). Only a transient failure is a 5xx.",
        },
      },
    );
}
