/**
 * The scanner (API.md §Scanner): a barcode looked up, a photo of a barcode or a plate read, a nutrition label
 * read. Each needs the server; a lost connection is `Offline`, a refusal an `ApiError` (barcode_not_found
 * carries the barcode and whether this server may look online in its details).
 */
import { upload } from "./api";

export { lookUpBarcode } from "./online-foods";

/** A photo as the multipart `image` part the scanner endpoints take. */
function imageForm(file: File): FormData {
  const form = new FormData();
  form.append("image", file);
  return form;
}

/**
 * A photo of a barcode or a plate: the food of a barcode found in it, or candidates with their confidence. A
 * barcode in a photo is looked up on this server only (`online: false`): it leaves the machine only when the
 * person asks, with Look online.
 */
export function readPhoto(file: File) {
  const form = imageForm(file);
  form.append("online", "false");
  return upload("/api/v1/scanner/photo", {}, form);
}

/** A nutrition label's values as read from its photo (nothing is stored). */
export const readLabel = (file: File) => upload("/api/v1/scanner/label", {}, imageForm(file));
