/**
 * zxing-wasm (ZXing-C++) set up for offline use: its .wasm is read from the installed package and
 * handed over, because the library's default fetches it from a CDN, which an offline server cannot
 * reach. `readHere` runs a pass on the calling thread; the server calls it only inside its zxing
 * worker (zxing-worker.ts), since one pass over a large photo holds its thread for seconds.
 */
import { prepareZXingModule, readBarcodes, type ReaderOptions } from "zxing-wasm/reader";

let ready: Promise<unknown> | null = null;

/** Loads the wasm from the installed package (idempotent). */
export function loadZxing(wasmPath: string) {
  ready ??= (async () => {
    const wasmBinary = await Bun.file(wasmPath).arrayBuffer();
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return ready;
}

export const RETAIL_FORMATS: ReaderOptions["formats"] = ["EAN13", "EAN8", "UPCA", "UPCE"];
const OPTIONS: ReaderOptions = {
  formats: RETAIL_FORMATS,
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  maxNumberOfSymbols: 1,
};

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** One zxing pass over decoded RGBA pixels, on this thread. */
export async function readHere(pixels: Pixels, wasmPath: string): Promise<{ text: string; format: string } | null> {
  await loadZxing(wasmPath);
  const results = await readBarcodes(pixels as unknown as Parameters<typeof readBarcodes>[0], OPTIONS);
  const hit = results.find((r) => r.isValid && /^\d+$/.test(r.text));
  return hit ? { text: hit.text, format: hit.format } : null;
}
