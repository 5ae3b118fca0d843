/** What the scanning tools share: what a pick carries to the log form, and how a failure is said. */
import type { Ok } from "../../api-data";
import { type ApiError, isOffline, message } from "../../api";
import type { FoodRec } from "../../store";

export interface Picked {
  id: number;
  food?: FoodRec;
  photoId?: string;
}

/** What /scanner/photo answers. */
export type PhotoResult = Ok<"scanPhoto">;

/** barcode_not_found's `details[0].online` (API.md §Scanner): the error schema types details loosely, so it is named here. */
export type Online = "asked" | "not_asked" | "off";
export const onlineOf = (err: ApiError) => (err.details[0] as { online?: Online } | undefined)?.online ?? "off";

/** A photo tool's failure in words: offline, the server reads photos, so search instead. */
export const explain = (e: unknown) =>
  isOffline(e) ? "Photos are read by the server, which cannot be reached now; search instead." : message(e);

/** A barcode nobody here knows: the custom food form is opened with it (`readLabel`: its label photo picker open). */
export type OnMissing = (gtin: string, readLabel: boolean) => void;
