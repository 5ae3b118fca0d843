/**
 * The account's own server calls (API.md §Accounts and tokens): the profile, sessions, access tokens,
 * two-factor sign-in, passkeys and the export. Views call these; each goes through the typed client
 * (`client`, typed by path), and a refusal is an ApiError, a lost connection `Offline`.
 */
import type { Body } from "./api-data";
import { client, ok, type User } from "./api";

/** The account as the server has it now. */
export const fetchMe = (): Promise<User> => ok(client.GET("/api/v1/me"));

/** Changes the profile (name, email, time zone, weight unit, region…) and answers the account as it is now. */
export const updateMe = (body: Body<"updateMe">): Promise<User> => ok(client.PATCH("/api/v1/me", { body }));

/** Deletes the account and everything in it; the password confirms. */
export const deleteMe = (password: string) => ok(client.DELETE("/api/v1/me", { body: { password } }));

/** Ends this sign-in on the server (its refresh token stops working). */
export const logOut = (refresh_token: string) => ok(client.POST("/api/v1/logout", { body: { refresh_token } }));

export const listSessions = () => ok(client.GET("/api/v1/sessions"));

/** Ends one session, or (`null`) every other one. */
export const endSession = (id: string | null) =>
  id === null
    ? ok(client.DELETE("/api/v1/sessions"))
    : ok(client.DELETE("/api/v1/sessions/{id}", { params: { path: { id } } }));

export const listTokens = () => ok(client.GET("/api/v1/tokens"));

/** A new access token; its secret (`token`) is in this answer alone. */
export const createToken = (body: Body<"createAccessToken">) => ok(client.POST("/api/v1/tokens", { body }));

export const revokeToken = (id: number) => ok(client.DELETE("/api/v1/tokens/{id}", { params: { path: { id } } }));

export const twoFactorStatus = () => ok(client.GET("/api/v1/me/two-factor"));

/** Starts setting up two-factor sign-in: the secret and its QR code, not yet in force. */
export const beginTwoFactor = () => ok(client.POST("/api/v1/me/two-factor"));

/** Puts two-factor sign-in in force with the app's first code; answers the recovery codes, shown once. */
export const confirmTwoFactor = (code: string) => ok(client.POST("/api/v1/me/two-factor/confirm", { body: { code } }));

export const turnOffTwoFactor = (code: string) => ok(client.DELETE("/api/v1/me/two-factor", { body: { code } }));

export const listPasskeys = () => ok(client.GET("/api/v1/me/passkeys"));

export const removePasskey = (id: number) =>
  ok(client.DELETE("/api/v1/me/passkeys/{id}", { params: { path: { id } } }));

export const renamePasskey = (id: number, name: string) =>
  ok(client.PATCH("/api/v1/me/passkeys/{id}", { params: { path: { id } }, body: { name } }));

/** Everything the account holds, as a file: the whole account as JSON, or one table as CSV. */
export const exportFile = (format: "json" | "csv"): Promise<Blob> =>
  ok(client.GET("/api/v1/export", { params: { query: { format } }, parseAs: "blob" }));
