/**
 * The zxing worker thread (detect.ts starts it): one barcode pass per message, so a pass over a large
 * photo (seconds at 40 MP) never holds the thread that answers requests. In: `{ id, wasmPath, pixels }`
 * (the pixels' buffer transferred). Out: `{ id, hit }` or `{ id, error }`.
 */
import { readHere, type Pixels } from "./zxing";

declare const self: Worker;

export type ToZxing = { id: number; wasmPath: string; pixels: Pixels };
export type FromZxing = { id: number; hit: { text: string; format: string } | null } | { id: number; error: string };

self.onmessage = async (e: MessageEvent<ToZxing>) => {
  const { id, wasmPath, pixels } = e.data;
  try {
    self.postMessage({ id, hit: await readHere(pixels, wasmPath) } satisfies FromZxing);
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies FromZxing);
  }
};
