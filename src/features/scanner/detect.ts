/**
 * Finds an EAN/UPC barcode in a photo with zxing-wasm (ZXing-C++). Its .wasm is read from
 * node_modules and handed over, because the library's default fetches it from a CDN, which an
 * offline server cannot reach. Downscaling loses small barcodes and full resolution is slow, so
 * we try a ladder of scales, then a 45° turn (zxing itself tries 90° steps), within a time budget.
 */
import { ASSETS } from "../../assets";
import { prepareZXingModule, readBarcodes, type ReaderOptions } from "zxing-wasm/reader";
import { decode, type CheckedImage } from "./image";

let ready: Promise<unknown> | null = null;

/** Loads the wasm from the installed package (idempotent). */
export function loadZxing(wasmPath = ASSETS.zxingWasm) {
  ready ??= (async () => {
    const wasmBinary = await Bun.file(wasmPath).arrayBuffer();
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return ready;
}

export const RETAIL_FORMATS: ReaderOptions["formats"] = ["EAN13", "EAN8", "UPCA", "UPCE"];
const OPTIONS: ReaderOptions = { formats: RETAIL_FORMATS, tryHarder: true, tryRotate: true, tryInvert: false, maxNumberOfSymbols: 1 };

export interface Detection {
  text: string;
  /** "EAN-13", "EAN-8", "UPC-A" or "UPC-E", as zxing names the symbology. */
  format: string;
  /** Which attempt found it, e.g. "1280px" or "2560px+45°". */
  attempt: string;
}

/** One zxing pass over already-decoded pixels. */
export async function readOnce(pixels: { data: Uint8ClampedArray; width: number; height: number }, options = OPTIONS): Promise<{ text: string; format: string } | null> {
  await loadZxing();
  const results = await readBarcodes(pixels as unknown as Parameters<typeof readBarcodes>[0], options);
  const hit = results.find((r) => r.isValid && /^\d+$/.test(r.text));
  return hit ? { text: hit.text, format: hit.format } : null;
}

/** The ladder: [max side (0 = full resolution), angle, sharpen]. */
const LADDER: [number, number, boolean][] = [
  [1280, 0, false],
  [2560, 0, false],
  [0, 0, false],
  [1280, 0, true], // out of focus: bars blurred together
  [1280, 45, false], // zxing itself only tries 90° turns
  [1280, -45, false],
];

export async function detectBarcode(img: CheckedImage, budgetMs = 1500): Promise<Detection | null> {
  const started = performance.now();
  const longest = Math.max(img.width, img.height);
  let lastSide = -1;
  for (const [side, angle, sharpen] of LADDER) {
    const effective = side === 0 || side >= longest ? longest : side;
    const plain = angle === 0 && !sharpen;
    if (plain && effective === lastSide) continue; // this scale was already tried
    if (performance.now() - started > budgetMs) break;
    const pixels = await decode(img, { maxSide: side || undefined, angle, sharpen });
    if (plain) lastSide = effective;
    const hit = await readOnce(pixels);
    if (hit) return { ...hit, attempt: `${effective}px${angle ? `+${angle}°` : ""}${sharpen ? "+sharpen" : ""}` };
  }
  return null;
}
