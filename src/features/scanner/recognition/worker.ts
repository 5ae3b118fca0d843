/**
 * A photo worker (a Bun Worker thread): loads the detector once, then answers one inference per
 * message. Messages in: `{ type: "init", files }`, `{ type: "run", id, rgb }`. Out: `{ type:
 * "ready", loadMs }`, `{ type: "result", id, scores, embedding, ms }`, `{ type: "failed", id,
 * message }`, `{ type: "fatal", message }` (the model cannot load). pool.ts owns the protocol.
 */
import { loadDetector, type Detector, type DetectorFiles } from "./detector";

declare const self: Worker;

export type ToWorker = { type: "init"; files: DetectorFiles } | { type: "run"; id: number; rgb: Uint8Array };
export type FromWorker =
  | { type: "ready"; loadMs: number }
  | { type: "result"; id: number; scores: Float32Array; embedding: Float32Array; ms: number }
  | { type: "failed"; id: number; message: string }
  | { type: "fatal"; message: string };

let detector: Promise<Detector> | null = null;
const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => self.postMessage(m, transfer);

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const m = event.data;
  if (m.type === "init") {
    const started = performance.now();
    detector = loadDetector(m.files);
    try {
      await detector;
      post({ type: "ready", loadMs: performance.now() - started });
    } catch (e) {
      post({ type: "fatal", message: e instanceof Error ? e.message : String(e) });
    }
    return;
  }
  if (m.type === "run") {
    try {
      if (!detector) throw new Error("run before init");
      const r = await (await detector)(m.rgb);
      post({ type: "result", id: m.id, scores: r.scores, embedding: r.embedding, ms: r.ms }, [r.scores.buffer as ArrayBuffer, r.embedding.buffer as ArrayBuffer]);
    } catch (e) {
      post({ type: "failed", id: m.id, message: e instanceof Error ? e.message : String(e) });
    }
  }
};
