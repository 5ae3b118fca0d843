/**
 * The Admin view's calls (API.md §Admin): the accounts, the invites and the server's settings, all on the
 * server (an admin's calls are never queued offline). Each throws what `ok()` throws: `Offline` or `ApiError`.
 */
import type { Body, Schemas } from "./api-data";
import { client, ok } from "./api";
import { fetchServerSettings } from "./server-settings";

export { updateServerSettings } from "./server-settings";

/** What the Admin view shows: the settings, every account, every invite, read side by side. */
export async function fetchAdmin(): Promise<{
  settings: Schemas["ServerSettings"];
  users: Schemas["AdminUser"][];
  invites: Schemas["Invite"][];
}> {
  const [settings, users, invites] = await Promise.all([
    fetchServerSettings(),
    ok(client.GET("/api/v1/admin/users")),
    ok(client.GET("/api/v1/admin/invites")),
  ]);
  return { settings, users: users.items, invites: invites.items };
}

/** Disables or enables an account, or changes its role. */
export const updateAccount = (id: number, body: Body<"adminUpdateUser">) =>
  ok(client.PATCH("/api/v1/admin/users/{id}", { params: { path: { id } }, body }));

/** Deletes an account and all its data. */
export const deleteAccount = (id: number) =>
  ok(client.DELETE("/api/v1/admin/users/{id}", { params: { path: { id } } }));

/** A single-use password-reset code for an account, in this answer only. */
export const issueResetCode = (id: number) =>
  ok(client.POST("/api/v1/admin/users/{id}/password-reset", { params: { path: { id } } }));

/** A new invite; its code is in this answer only. */
export const createInvite = (note: string) => ok(client.POST("/api/v1/admin/invites", { body: note ? { note } : {} }));

export const withdrawInvite = (id: number) =>
  ok(client.DELETE("/api/v1/admin/invites/{id}", { params: { path: { id } } }));
