/**
 * A photo worker, a child process of the server (process-worker.ts) talking over Bun's IPC channel:
 * loads the detector once, then answers one inference per message. Messages in: `{ type: "init", files, ocr, ocrThreads }`, `{ type: "run", id, rgb }`,
 * `{ type: "ocr", id, det, source, opts }`. Out: `{ type: "text", id, result }` and `{ type:
 * "ready", loadMs }`, `{ type: "result", id, scores, embedding, ms }`, `{ type: "failed", id,
 * message }`, `{ type: "fatal", message }` (the model cannot load). pool.ts owns the protocol.
 */
import { loadDetector, type Detector, type DetectorFiles } from "./detector";
import {
  loadOcr,
  type Ocr,
  type OcrFiles,
  type OcrOptions,
  type OcrResult,
  type Rgb,
  type DetImage,
} from "../label/ocr";

/** What a job asks of a worker: the food detector on a 300×300 image, or the label reader. */
export type Task = { type: "run"; rgb: Uint8Array } | { type: "ocr"; det: DetImage; source: Rgb; opts: OcrOptions };
export type ToWorker =
  | { type: "init"; files: DetectorFiles; ocr: OcrFiles; ocrThreads: number }
  | (Task & { id: number });
export type FromWorker =
  | { type: "ready"; loadMs: number }
  | { type: "result"; id: number; scores: Float32Array; embedding: Float32Array; ms: number }
  | { type: "text"; id: number; result: OcrResult }
  | { type: "failed"; id: number; message: string }
  | { type: "fatal"; message: string };

let detector: Promise<Detector> | null = null;
let ocrSetup: { files: OcrFiles; threads: number } | null = null;
/** The label reader loads on a worker's first label (~0.3 s), not with the detector. */
let ocr: Promise<Ocr> | null = null;
const post = (m: FromWorker) => process.send!(m);

async function handle(m: ToWorker): Promise<void> {
  if (m.type === "init") {
    const started = performance.now();
    ocrSetup = { files: m.ocr, threads: m.ocrThreads };
    detector = loadDetector(m.files);
    try {
      await detector;
      post({ type: "ready", loadMs: performance.now() - started });
    } catch (e) {
      post({ type: "fatal", message: e instanceof Error ? e.message : String(e) });
    }
    return;
  }
  if (m.type === "ocr") {
    try {
      if (!ocrSetup) throw new Error("ocr before init");
      ocr ??= loadOcr(ocrSetup.files, ocrSetup.threads);
      ocr.catch(() => (ocr = null)); // a failed load is tried again on the next label
      post({ type: "text", id: m.id, result: await (await ocr)(m.det, m.source, m.opts) });
    } catch (e) {
      post({ type: "failed", id: m.id, message: e instanceof Error ? e.message : String(e) });
    }
    return;
  }
  if (m.type === "run") {
    try {
      if (!detector) throw new Error("run before init");
      const r = await (await detector)(m.rgb);
      post({ type: "result", id: m.id, scores: r.scores, embedding: r.embedding, ms: r.ms });
    } catch (e) {
      post({ type: "failed", id: m.id, message: e instanceof Error ? e.message : String(e) });
    }
  }
}

process.on("message", (m) => void handle(m as ToWorker));
process.on("disconnect", () => process.exit(0)); // the server is gone: so is its worker
