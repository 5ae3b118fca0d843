/**
 * The scanner's service, imported on the first scan instead of at start: the barcode decoder, the label
 * reader (OCR and its parser) and the photo suggestions are code no other request needs, and a server
 * that loads them at start starts later (bench:binary). import() keeps the module once loaded.
 */
import type * as Service from "./service";

const service = () => import("./service");

export const scanBarcode = async (...a: Parameters<typeof Service.scanBarcode>) => (await service()).scanBarcode(...a);
export const scanPhoto = async (...a: Parameters<typeof Service.scanPhoto>) => (await service()).scanPhoto(...a);
export const scanLabel = async (...a: Parameters<typeof Service.scanLabel>) => (await service()).scanLabel(...a);
