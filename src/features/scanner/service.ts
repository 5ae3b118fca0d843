/** POST /scanner/barcode and POST /scanner/photo (API.md §Scanner). */
import type { GtinFormat } from "../../lib/gtin";
import type { FoodT } from "../foods/model";
import { findBarcode, notFound, parseOrThrow, toBarcode, type BarcodeHit } from "./barcode";
import { parseBarcode, type Barcode } from "../../lib/gtin";
import { detectBarcode } from "./detect";
import { checkImage } from "./image";
import type { PhotosRepo } from "./photos";
import type { BarcodeSource } from "./sources";

export interface ScannerCtx {
  userId: number;
  now: Date;
  sources: BarcodeSource[];
  photos: PhotosRepo;
  /** Time allowed for barcode detection in one photo. */
  detectBudgetMs?: number;
}

export async function scanBarcode({ ctx, input }: { ctx: ScannerCtx; input: { barcode: string } }): Promise<BarcodeHit> {
  const parsed = parseOrThrow(input.barcode);
  const hit = await findBarcode(parsed, ctx.sources, ctx.userId);
  if (!hit) throw notFound(parsed);
  return hit;
}

const ZXING_FORMAT: Record<string, GtinFormat> = { EAN13: "EAN-13", EAN8: "EAN-8", UPCA: "UPC-A", UPCE: "UPC-E" };

export interface PhotoResult {
  photo_id: string;
  barcode: Barcode | null;
  food: FoodT | null;
  candidates: never[];
  model: { name: string; version: string };
  elapsed_ms: number;
}

/**
 * Reads the photo's barcode, if any, and looks it up. Food recognition is not built yet, so
 * `candidates` is empty and `model` says "none": nothing is guessed.
 */
export async function scanPhoto({ ctx, file }: { ctx: ScannerCtx; file: unknown }): Promise<PhotoResult> {
  const started = performance.now();
  const img = await checkImage(file);
  const found = await detectBarcode(img, ctx.detectBudgetMs);
  let barcode: Barcode | null = null;
  let food: FoodT | null = null;
  if (found) {
    const parsed = parseBarcode(found.text, ZXING_FORMAT[found.format]);
    if (parsed.ok) {
      barcode = toBarcode(parsed.barcode);
      const hit = await findBarcode(parsed.barcode, ctx.sources, ctx.userId);
      if (hit) ({ barcode, food } = hit);
    }
  }
  const photoId = Bun.randomUUIDv7();
  ctx.photos.add({ id: photoId, userId: ctx.userId, gtin: barcode?.gtin ?? null, now: ctx.now });
  return {
    photo_id: photoId,
    barcode,
    food,
    candidates: [],
    model: { name: "none", version: "0" },
    elapsed_ms: Math.round(performance.now() - started),
  };
}
