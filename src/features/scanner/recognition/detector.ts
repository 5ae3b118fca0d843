/**
 * COCO-SSD (SSDLite-MobileNetV2 trained on COCO, Apache-2.0; models/coco-ssd/) under TF.js with
 * the WebAssembly backend (SIMD, one thread). This module runs inside a photo worker
 * (worker.ts): one inference takes ~100 ms of solid CPU and would otherwise stall every request.
 *
 * One pass gives both things recognition needs:
 * - image-level class scores: the maximum over the 1,917 anchor boxes of each class's score
 *   (no box, no non-max suppression: we only ask "is there a banana in this photo?");
 * - an embedding: the backbone's last feature map (MobilenetV2/Conv_1, 10×10×1280 for a 300×300
 *   input), average-pooled and L2-normalised — what personal recognition compares.
 * The weights are read from disk (or from inside the executable) through a local IOHandler:
 * nothing is fetched.
 */
import * as tf from "@tensorflow/tfjs-core";
import { loadGraphModel, type GraphModel } from "@tensorflow/tfjs-converter";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import { readFileSync } from "node:fs";

import { EMBEDDING_DIM, INPUT_SIDE, SCORE_CHANNELS } from "./dimensions";
export { EMBEDDING_DIM, INPUT_SIDE, SCORE_CHANNELS };
export const EMBEDDING_NODE = "FeatureExtractor/MobilenetV2/Conv_1/Relu6";

import type { DetectorFiles } from "../../../assets";

export type { DetectorFiles };

export interface Inference {
  /** SCORE_CHANNELS image-level scores in 0–1. */
  scores: Float32Array;
  /** EMBEDDING_DIM values, unit length. */
  embedding: Float32Array;
  /** Inference time inside the worker. */
  ms: number;
}

export type Detector = (rgb: Uint8Array) => Promise<Inference>;

interface ModelJson {
  modelTopology: unknown;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
}

function localModel(files: DetectorFiles): tf.io.IOHandler {
  return {
    load: async () => {
      const json = JSON.parse(readFileSync(files.modelJson, "utf8")) as ModelJson;
      const parts = json.weightsManifest
        .flatMap((g) => g.paths)
        .map((p) => {
          const path = files.shards[p];
          if (!path) throw new Error(`model.json names a weight file we do not have: ${p}`);
          return readFileSync(path);
        });
      const weightData = new Uint8Array(parts.reduce((n, b) => n + b.byteLength, 0));
      let at = 0;
      for (const b of parts) {
        weightData.set(b, at);
        at += b.byteLength;
      }
      return {
        modelTopology: json.modelTopology as tf.io.ModelArtifacts["modelTopology"],
        weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
        weightData: weightData.buffer,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy ?? undefined,
      };
    },
  };
}

/**
 * TF.js picks its platform when it is imported, by sniffing globals. Bundled into the executable,
 * inside a Worker it sees `WorkerGlobalScope`, takes itself for a browser and registers neither
 * platform; this is the little it needs, and nothing in it touches the network.
 */
const localPlatform = {
  fetch: () => Promise.reject(new Error("the detector never fetches: its files are read from disk")),
  now: () => performance.now(),
  encode: (text: string) => new TextEncoder().encode(text),
  decode: (bytes: Uint8Array, encoding: string) => new TextDecoder(encoding as "utf-8").decode(bytes),
  isTypedArray: (a: unknown): a is Float32Array | Int32Array | Uint8Array | Uint8ClampedArray =>
    a instanceof Float32Array || a instanceof Int32Array || a instanceof Uint8Array || a instanceof Uint8ClampedArray,
};

/** Starts the wasm backend and loads the model; the returned function runs one photo. */
export async function loadDetector(files: DetectorFiles): Promise<Detector> {
  if (!tf.env().platform) tf.env().setPlatform("morsel", localPlatform);
  // setWasmPaths takes a file map with all three keys (the backend picks SIMD or not itself).
  setWasmPaths(files.wasm as Parameters<typeof setWasmPaths>[0]);
  tf.env().set("WASM_HAS_MULTITHREAD_SUPPORT", false); // one core per worker; the pool is the parallelism
  if (!(await tf.setBackend("wasm"))) throw new Error("the TF.js wasm backend did not start");
  await tf.ready();
  const model: GraphModel = await loadGraphModel(localModel(files));
  const outputs = [...model.outputNodes, EMBEDDING_NODE];

  const run: Detector = async (rgb) => {
    if (rgb.length !== INPUT_SIDE * INPUT_SIDE * 3)
      throw new Error(`expected ${INPUT_SIDE}×${INPUT_SIDE} RGB, got ${rgb.length} bytes`);
    const started = performance.now();
    const input = tf.tensor4d(Int32Array.from(rgb), [1, INPUT_SIDE, INPUT_SIDE, 3], "int32");
    const out = (await model.executeAsync(input, outputs)) as tf.Tensor[];
    try {
      const boxScores = (await out[0]!.data()) as Float32Array; // [1, boxes, SCORE_CHANNELS]
      const boxes = out[0]!.shape[1]!;
      const scores = new Float32Array(SCORE_CHANNELS);
      for (let b = 0; b < boxes; b++) {
        for (let k = 0; k < SCORE_CHANNELS; k++) {
          const s = boxScores[b * SCORE_CHANNELS + k]!;
          if (s > scores[k]!) scores[k] = s;
        }
      }
      const pooled = tf.tidy(() => tf.reshape(tf.mean(out[2]!, [1, 2]), [-1]));
      const embedding = Float32Array.from(await pooled.data());
      pooled.dispose();
      let norm = 0;
      for (const v of embedding) norm += v * v;
      norm = Math.sqrt(norm) || 1;
      for (let i = 0; i < embedding.length; i++) embedding[i]! /= norm;
      return { scores, embedding, ms: performance.now() - started };
    } finally {
      tf.dispose([input, ...out]);
    }
  };
  await run(new Uint8Array(INPUT_SIDE * INPUT_SIDE * 3)); // warm-up: the first run compiles kernels
  return run;
}
