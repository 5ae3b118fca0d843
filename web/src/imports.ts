/**
 * Imports (API.md §Portability, §Health bridges): a Morsel export, another tracker's files, or a health
 * export, sent as they are (a file as the body, or a multipart form of files). Each needs the server.
 */
import { upload } from "./api";

/** A Morsel export (JSON), all or nothing. */
export const importExport = (json: string) =>
  upload("/api/v1/import", {}, new Blob([json], { type: "application/json" }));

/** Another tracker's files (CSV or ZIP); `preview` reads them and changes nothing. */
export const importTrackerFiles = (
  query: {
    format: "myfitnesspal" | "cronometer" | "loseit" | "wger";
    weight_unit: "kg" | "lb";
    preview?: boolean;
    skip_invalid?: boolean;
  },
  files: File[],
) => {
  const form = new FormData();
  for (const f of files) form.append("file", f, f.name);
  return upload("/api/v1/import", query, form);
};

/** Apple Health's export or Google Fit's Takeout, the file itself as the body (it may be hundreds of MB). */
export const importHealthFile = (format: "apple_health" | "google_fit", file: File) =>
  upload("/api/v1/import/health", { format }, file);
