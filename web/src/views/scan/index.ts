/**
 * Barcodes and photos. Live scanning decodes camera frames in a worker (zxing-wasm); a device
 * without a camera uploads a photo to /scanner/photo instead. A food photo lists the server's
 * candidates with their confidence; the person picks one, and the meal carries the photo_id so
 * their own recognition learns. Nothing is ever logged without a pick.
 */
export { BarcodePhoto } from "./barcode-photo";
export { FoodPhoto } from "./food-photo";
export { LiveScan } from "./live-scan";
export { PhotoInput } from "./photo-input";
export type { OnMissing, Picked } from "./upload";
