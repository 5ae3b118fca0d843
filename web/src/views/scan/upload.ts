/**
 * What the scanning tools share: a photo sent to the scanner endpoints, what a pick carries to the log form, and
 * how a failure is said.
 */
import type { Ok } from "../../api-data";
import { api, type ApiError, isOffline, message } from "../../api";
import type { FoodRec } from "../../store";

export interface Picked {
  id: number;
  food?: FoodRec;
  photoId?: string;
}

/** What /scanner/photo answers. */
export type PhotoResult = Ok<"scanPhoto">;

/**
 * A photo sent as the multipart `image` part the scanner endpoints take. A barcode in a photo is
 * looked up on this server only (`online: false`): it leaves the machine only when the person
 * asks, with Look online.
 */
export function uploadPhoto<T>(path: "/scanner/photo" | "/scanner/label", file: File): Promise<T> {
  const form = new FormData();
  form.append("image", file);
  if (path === "/scanner/photo") form.append("online", "false");
  return api<T>("POST", path, form);
}

/** barcode_not_found's `details[0].online` (API.md §Scanner): the error schema types details loosely, so it is named here. */
export type Online = "asked" | "not_asked" | "off";
export const onlineOf = (err: ApiError) => (err.details[0] as { online?: Online } | undefined)?.online ?? "off";

/** A photo tool's failure in words: offline, the server reads photos, so search instead. */
export const explain = (e: unknown) =>
  isOffline(e) ? "Photos are read by the server, which cannot be reached now; search instead." : message(e);

/** A barcode nobody here knows: the custom food form is opened with it (`readLabel`: its label photo picker open). */
export type OnMissing = (gtin: string, readLabel: boolean) => void;
