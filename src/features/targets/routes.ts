/** GET/PUT /targets, GET/PUT /targets/profile, GET /report */
import { Elysia } from "elysia";
import { errors } from "../../lib/schemas";
import { reply, replyWith } from "../../lib/reply";
import { targetsCtx, type TargetsDeps } from "./context";
import { Profile, ProfileBody, TargetsBody, TargetsDocument, TargetsQuery } from "./model";
import { getProfile, getTargets, putProfile, putTargets } from "./service";

export function targetsRoutes(deps: TargetsDeps) {
  const tags = ["targets"];
  return new Elysia({ prefix: "/targets" })
    .use(deps.authn)
    .get("/", ({ user, query }) => replyWith(deps, getTargets({ ctx: targetsCtx(deps, user), input: query })), {
      auth: true,
      query: TargetsQuery,
      response: { 200: TargetsDocument, ...errors(400, 401) },
      detail: {
        tags,
        summary: "Your nutrient targets: a minimum and maximum a day per nutrient, from the DRI tables or your own",
        description:
          "Every catalogue nutrient with a Dietary Reference Intake, and any other you bounded. Defaults come from the profile's DRI life-stage group (RDA, or AI where there is none; UL, or sodium's CDRR); without a profile, adult reference values (`basis` adult_reference, said in `basis_note`). Energy and macro aims are goals (GET /goals).",
      },
    })
    .put(
      "/",
      async ({ user, body }) =>
        reply(deps, await deps.commit(() => putTargets({ ctx: targetsCtx(deps, user), input: body }))),
      {
        auth: true,
        body: TargetsBody,
        response: { 200: TargetsDocument, ...errors(400, 401, 413, 415) },
        detail: {
          tags,
          summary: "Set your own bounds (minimum, maximum or both) and whether fibre follows 14 g per 1,000 kcal",
          description:
            "Replaces your settings: a nutrient left out, or with minimum/maximum null, takes its default again.",
        },
      },
    )
    .get("/profile", ({ user }) => replyWith(deps, getProfile(targetsCtx(deps, user))), {
      auth: true,
      response: { 200: Profile, ...errors(401) },
      detail: { tags, summary: "What your targets are made from: sex, birth year, height, activity, life stage" },
    })
    .put(
      "/profile",
      async ({ user, body }) =>
        reply(deps, await deps.commit(() => putProfile({ ctx: targetsCtx(deps, user), input: body }))),
      {
        auth: true,
        body: ProfileBody,
        response: { 200: Profile, ...errors(400, 401, 413, 415) },
        detail: {
          tags,
          summary: "Set the profile (every field optional; one left out or null is unset)",
        },
      },
    );
}
