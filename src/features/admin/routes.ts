/** /admin — the server's admin only (403 forbidden for everyone else, and for access tokens). */
import type { Q } from "../../db/q";
import { Elysia, t } from "elysia";
import type { RouteDeps } from "../../http/auth";
import { errors } from "../../schema/schemas";
import { noContent, reply } from "../../http/reply";
import {
  AdminUser,
  AdminUserList,
  CreateInviteBody,
  InviteIdParams,
  InviteList,
  NewInvite,
  PatchSettingsBody,
  PatchUserBody,
  ResetCode,
  Settings,
  UserIdParams,
} from "./model";
import {
  createInvite,
  deleteInvite,
  deleteUser,
  issueReset,
  listUsers,
  settings,
  updateSettings,
  updateUser,
} from "./service";

export function adminRoutes(deps: RouteDeps) {
  const detail = (summary: string, description?: string) => ({
    tags: ["admin"],
    summary,
    ...(description ? { description } : {}),
  });
  const run = <T>(work: Q<T>) => deps.store.run(work);
  return new Elysia({ prefix: "/admin" })
    .use(deps.authn)
    .get("/users", async ({ ctx }) => reply(deps, { items: await run(listUsers(ctx)) }), {
      auth: "admin",
      response: { 200: AdminUserList, ...errors(401, 403) },
      detail: detail("Every account: who, when, how many meals; never their meals or foods"),
    })
    .patch("/users/:id", async ({ ctx, params, body }) => reply(deps, await run(updateUser(ctx, params.id, body))), {
      auth: "admin",
      params: UserIdParams,
      body: PatchUserBody,
      response: { 200: AdminUser, ...errors(400, 401, 403, 404, 413, 415) },
      detail: detail(
        "Disable or enable an account, or change its role",
        "Disabling ends every session and revokes every personal access token of the account at once (401 on their next request; login gets 403). You cannot disable or demote yourself (400).",
      ),
    })
    .delete(
      "/users/:id",
      async ({ ctx, params }) => {
        await run(deleteUser(ctx, params.id));
        return noContent();
      },
      {
        auth: "admin",
        params: UserIdParams,
        response: { 204: t.Void(), ...errors(400, 401, 403, 404) },
        detail: detail("Delete an account and all its data (not your own: use DELETE /me)"),
      },
    )
    .post(
      "/users/:id/password-reset",
      async ({ ctx, params }) => reply(deps, await run(issueReset(ctx, params.id)), { status: 201 }),
      {
        auth: "admin",
        params: UserIdParams,
        response: { 201: ResetCode, ...errors(400, 401, 403, 404) },
        detail: detail(
          "Issue a single-use password-reset code (24 hours) for an account",
          "Give the code to the person; POST /password-reset with it sets their new password and ends their sessions. A new code replaces the account's earlier unused one.",
        ),
      },
    )
    .get("/invites", async () => reply(deps, { items: await run(deps.auth.codes.invites()) }), {
      auth: "admin",
      response: { 200: InviteList, ...errors(401, 403) },
      detail: detail("Invites, newest first (never their codes)"),
    })
    .post("/invites", async ({ ctx, body }) => reply(deps, await run(createInvite(ctx, body)), { status: 201 }), {
      auth: "admin",
      body: CreateInviteBody,
      response: { 201: NewInvite, ...errors(400, 401, 403, 413, 415) },
      detail: detail("Make a single-use invite code for registering in invite mode; the code is in this answer only"),
    })
    .delete(
      "/invites/:id",
      async ({ ctx, params }) => {
        await run(deleteInvite(ctx, params.id));
        return noContent();
      },
      {
        auth: "admin",
        params: InviteIdParams,
        response: { 204: t.Void(), ...errors(400, 401, 403, 404) },
        detail: detail("Withdraw an invite"),
      },
    )
    .get("/settings", async ({ ctx }) => reply(deps, await run(settings(ctx))), {
      auth: "admin",
      response: { 200: Settings, ...errors(401, 403) },
      detail: detail("Server settings: the registration mode and the online barcode lookup"),
    })
    .patch("/settings", async ({ ctx, body }) => reply(deps, await run(updateSettings(ctx, body))), {
      auth: "admin",
      body: PatchSettingsBody,
      response: { 200: Settings, ...errors(400, 401, 403, 413, 415) },
      detail: detail(
        "Change the registration mode (open, invite, closed) or the online barcode lookup",
        "Each lasts until the next start with its flag (--registration, --online-lookup), which sets it at each start when given.",
      ),
    });
}
