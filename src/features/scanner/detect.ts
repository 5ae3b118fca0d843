/**
 * Finds an EAN/UPC barcode in a photo with zxing-wasm (ZXing-C++, zxing.ts) in a worker thread of its
 * own: one pass over a 40 MP photo takes seconds, and on the request thread it held every other
 * request (/healthz p99 625 ms beside four such uploads). Downscaling loses small barcodes and full
 * resolution is slow, so we try a ladder of scales, then a 45° turn (zxing itself tries 90° steps),
 * within a time budget. Decoding (sharp) runs on libuv's threads.
 */
import { availableParallelism } from "node:os";
import { ASSETS, COMPILED } from "../../assets";
import { FairSlots } from "../../lib/fair-queue";
import { decode, type CheckedImage } from "./image";
import type { Pixels } from "./zxing";
import type { FromZxing, ToZxing } from "./zxing-worker";

export interface Detection {
  text: string;
  /** "EAN-13", "EAN-8", "UPC-A" or "UPC-E", as zxing names the symbology. */
  format: string;
  /** Which attempt found it, e.g. "1280px" or "2560px+45°". */
  attempt: string;
}

/** In the executable the worker is a second entrypoint of `bun run build`, spelled from src/. */
const WORKER_URL = COMPILED ? "./features/scanner/zxing-worker.ts" : new URL("./zxing-worker.ts", import.meta.url).href;

/** The zxing worker, started on the first photo; unref'ed while idle; a new one if it dies. */
class ZxingThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (hit: { text: string; format: string } | null) => void; reject: (e: Error) => void }
  >();

  read(pixels: Pixels): Promise<{ text: string; format: string } | null> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      // sharp's output is external memory, which cannot be transferred: one plain copy (a memcpy), then
      // the copy moves without another (a structured clone of 160 MB held this thread for 233 ms)
      const data = pixels.data.slice();
      worker.postMessage(
        {
          id,
          wasmPath: ASSETS.zxingWasm,
          pixels: { data, width: pixels.width, height: pixels.height },
        } satisfies ToZxing,
        [data.buffer],
      );
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_URL);
    worker.unref();
    worker.onmessage = (e: MessageEvent<FromZxing>) => {
      const job = this.waiting.get(e.data.id);
      if (!job) return;
      this.waiting.delete(e.data.id);
      if (!this.waiting.size) worker.unref();
      if ("error" in e.data) job.reject(new Error(`barcode reading failed: ${e.data.error}`));
      else job.resolve(e.data.hit);
    };
    const died = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const job of this.waiting.values()) job.reject(new Error("the barcode worker stopped"));
      this.waiting.clear();
    };
    worker.addEventListener("close", died);
    worker.onerror = () => {
      died();
      worker.terminate();
    };
    return (this.worker = worker);
  }
}

const zxing = new ZxingThread();

/** One zxing pass over already-decoded pixels, in the zxing worker. */
export function readOnce(pixels: Pixels): Promise<{ text: string; format: string } | null> {
  return zxing.read(pixels);
}

/** The largest side the "full resolution" rung reads at: 16 MP at most. */
const FULL_SIDE_CAP = 4096;

/** The ladder: [max side, angle, sharpen]. */
const LADDER: [number, number, boolean][] = [
  [1280, 0, false],
  [2560, 0, false],
  [FULL_SIDE_CAP, 0, false], // full resolution, up to 4096 px (a 40 MP pass took seconds and 160 MB)
  [1280, 0, true], // out of focus: bars blurred together
  [1280, 45, false], // zxing itself only tries 90° turns
  [1280, -45, false],
];

/**
 * Photos read at a time: all but one core. Four 40 MP uploads decoded side by side took both cores of
 * a 2-core server and stalled /healthz for 335 ms; the rest wait their turn, accounts taking turns
 * (one account's backlog of large photos does not hold another's small one behind all of it).
 */
const reading = new FairSlots(Math.max(1, availableParallelism() - 1));

/** The barcode in `img`, if one is read within `budgetMs`; `account` is whose turn it waits for. */
export async function detectBarcode(img: CheckedImage, account = 0, budgetMs = 1500): Promise<Detection | null> {
  return reading.run(account, () => ladder(img, budgetMs));
}

async function ladder(img: CheckedImage, budgetMs: number): Promise<Detection | null> {
  const started = performance.now();
  const longest = Math.max(img.width, img.height);
  let lastSide = -1;
  for (const [side, angle, sharpen] of LADDER) {
    const effective = Math.min(side, longest);
    const plain = angle === 0 && !sharpen;
    if (plain && effective === lastSide) continue; // this scale was already tried
    if (performance.now() - started > budgetMs) break;
    const pixels = await decode(img, { maxSide: side, angle, sharpen });
    if (plain) lastSide = effective;
    const hit = await readOnce(pixels);
    if (hit) return { ...hit, attempt: `${effective}px${angle ? `+${angle}°` : ""}${sharpen ? "+sharpen" : ""}` };
  }
  return null;
}
