/**
 * Where the label reader's models and runtime are, apart from the reader (ocr.ts): the photo pool
 * names them when it starts its workers, and importing the reader for that put the OCR code on the
 * server's start path.
 */
import { COMPILED, OCR_ASSETS, extracted } from "../../../assets";
import { nativeLibDir } from "../../../lib/sharp";

export interface OcrFiles {
  det: string;
  rec: string;
  dict: string;
  /** libonnxruntime.so.1 on disk, loaded before the addon (the executable); null: the addon finds its own. */
  runtime: string | null;
}

/** The label reader's files; in the executable, onnxruntime's library is written out first. */
export function ocrFiles(): OcrFiles {
  const { runtime, ...models } = OCR_ASSETS;
  return { ...models, runtime: COMPILED ? extracted(runtime, nativeLibDir()) : null };
}
