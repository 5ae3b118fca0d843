/** GET/PUT /targets, GET/PUT /targets/profile, GET /report */
import type { RouteDeps } from "../../http/auth";
import { Elysia } from "elysia";
import { errors } from "../../schema/schemas";
import { reply, replyWith } from "../../http/reply";
import { Profile, ProfileBody, TargetsBody, TargetsDocument, TargetsQuery } from "./model";
import { getProfile, getTargets, putProfile, putTargets } from "./service";

export function targetsRoutes(deps: RouteDeps) {
  const tags = ["targets"];
  return new Elysia({ prefix: "/targets" })
    .use(deps.authn)
    .get("/", ({ ctx, query }) => replyWith(deps, getTargets({ ctx: ctx, input: query })), {
      auth: "read",
      query: TargetsQuery,
      response: { 200: TargetsDocument, ...errors(400, 401) },
      detail: {
        tags,
        summary: "Your nutrient targets: a minimum and maximum a day per nutrient, from the DRI tables or your own",
        description:
          "Every catalogue nutrient with a Dietary Reference Intake, and any other you bounded. Defaults come from the profile's DRI life-stage group (RDA, or AI where there is none; UL, or sodium's CDRR); without a profile, adult reference values (`basis` adult_reference, said in `basis_note`). Energy and macro aims are goals (GET /goals).",
      },
    })
    .put("/", async ({ ctx, body }) => reply(deps, await deps.commit(() => putTargets({ ctx: ctx, input: body }))), {
      auth: "write",
      body: TargetsBody,
      response: { 200: TargetsDocument, ...errors(400, 401, 413, 415) },
      detail: {
        tags,
        summary: "Set your own bounds (minimum, maximum or both) and whether fibre follows 14 g per 1,000 kcal",
        description:
          "Replaces your settings: a nutrient left out, or with minimum/maximum null, takes its default again.",
      },
    })
    .get("/profile", ({ ctx }) => replyWith(deps, getProfile(ctx)), {
      auth: "read",
      response: { 200: Profile, ...errors(401) },
      detail: { tags, summary: "What your targets are made from: sex, birth year, height, activity, life stage" },
    })
    .put(
      "/profile",
      async ({ ctx, body }) => reply(deps, await deps.commit(() => putProfile({ ctx: ctx, input: body }))),
      {
        auth: "write",
        body: ProfileBody,
        response: { 200: Profile, ...errors(400, 401, 413, 415) },
        detail: {
          tags,
          summary: "Set the profile (every field optional; one left out or null is unset)",
        },
      },
    );
}
