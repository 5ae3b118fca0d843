/** GET /foods/online and /foods/online/allowed: Open Food Facts' text search, asked by this server. */
import { Elysia } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { reply } from "../../http/reply";
import { errors } from "../../schema/schemas";
import { OnlineAllowed, OnlineSearchQuery, OnlineSearchResponse } from "./model";
import { onlineAllowed, searchOnline } from "./online-search";

export function onlineSearchRoutes(deps: RouteDeps) {
  return new Elysia({ prefix: "/foods/online" })
    .use(deps.authn)
    .get("/", async ({ ctx, query }) => reply(deps, await searchOnline({ ctx, input: query })), {
      auth: "read",
      query: OnlineSearchQuery,
      response: { 200: OnlineSearchResponse, ...errors(400, 401, 403, 429, 503) },
      detail: {
        tags: ["foods"],
        summary: "Search Open Food Facts by words (branded products)",
        description:
          "Only while the admin allows look-ups (online_lookup; else 403 forbidden). This server sends Open Food Facts the words alone, nothing about you, and answers with the products found; nothing is kept until you pick one with POST /scanner/barcode { barcode, online: true }, which keeps it here as a barcode hit is. Meant for a button, not search-as-you-type: this server sends at most 10 a minute (429 rate_limited with Retry-After past that). 503 not_ready when Open Food Facts does not answer within 3 s or fails (details[0].reason timeout, down or circuit_open).",
      },
    })
    .get("/allowed", async ({ ctx }) => reply(deps, { allowed: await onlineAllowed(ctx) }), {
      auth: "read",
      response: { 200: OnlineAllowed, ...errors(401) },
      detail: {
        tags: ["foods"],
        summary: "Whether this server may ask Open Food Facts",
        description:
          "So a client offers Search Open Food Facts (and Look online on a barcode miss) only where it works.",
      },
    });
}
