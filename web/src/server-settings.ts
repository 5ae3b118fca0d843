/** The server's own settings (API.md §Admin, "Server settings"), which only an admin reads and changes. */
import type { Body } from "./api-data";
import { client, ok } from "./api";

export const fetchServerSettings = () => ok(client.GET("/api/v1/admin/settings"));

/** Changes the settings given; answers them all as they are now. */
export const updateServerSettings = (body: Body<"adminUpdateSettings">) =>
  ok(client.PATCH("/api/v1/admin/settings", { body }));
