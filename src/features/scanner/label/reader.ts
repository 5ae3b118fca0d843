/**
 * POST /scanner/label: the photo decoded here (sharp works on libuv's threads, not this one),
 * its text read in a photo worker (ocr.ts), the panel parsed (parse.ts).
 *
 * Sizes, measured on the label set (bench/label.ts, README): detection sees the photo fitted in
 * DET_SIDE px; recognition samples its strips from the photo fitted in SOURCE_SIDE px, enough
 * for small print on a 12 MP photo without decoding all of it.
 */
import { getSharp } from "../../../lib/sharp";
import { AppError } from "../../../lib/errors";
import { MAX_PIXELS, type CheckedImage } from "../image";
import type { DetImage, OcrResult, Rgb } from "./ocr";
import { parseLabel, type LabelReading } from "./parse";

export const DET_SIDE = 960;
export const SOURCE_SIDE = 2048;

export type ReadText = (det: DetImage, source: Rgb) => Promise<OcrResult>;

export interface LabelResult extends LabelReading {
  lines: string[];
  elapsed_ms: number;
  timings_ms: { decode: number; detect: number; recognise: number };
}

export async function readLabel(img: CheckedImage, readText: ReadText): Promise<LabelResult> {
  const started = performance.now();
  const { det, source } = await decodeForOcr(img);
  const decoded = performance.now();
  const text = await readText(det, source);
  const reading = parseLabel(text.lines);
  return {
    ...reading,
    lines: text.lines.map((l) => l.text),
    elapsed_ms: Math.round(performance.now() - started),
    timings_ms: { decode: Math.round(decoded - started), detect: Math.round(text.ms.detect), recognise: Math.round(text.ms.recognise) },
  };
}

/** Upright, sRGB, 3 channels, transparency on white; `det` a multiple of 32 on each side. */
export async function decodeForOcr(img: CheckedImage): Promise<{ det: DetImage; source: Rgb }> {
  try {
    const sharp = getSharp();
    const src = await sharp(img.bytes, { limitInputPixels: MAX_PIXELS, failOn: "truncated", pages: 1 })
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize({ width: SOURCE_SIDE, height: SOURCE_SIDE, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (src.info.channels !== 3) throw new Error(`unexpected ${src.info.channels} channels`);
    const { width, height } = src.info;
    // fitted (aspect kept), then padded with white to multiples of 32: one scale for x and y
    const r = DET_SIDE / Math.max(width, height);
    const fw = Math.max(1, Math.round(width * r)), fh = Math.max(1, Math.round(height * r));
    const dw = Math.max(32, Math.ceil(fw / 32) * 32), dh = Math.max(32, Math.ceil(fh / 32) * 32);
    const det = await sharp(src.data, { raw: { width, height, channels: 3 } })
      .resize(fw, fh, { fit: "fill" })
      .extend({ right: dw - fw, bottom: dh - fh, background: "#ffffff" })
      .raw()
      .toBuffer();
    return {
      det: { data: new Uint8Array(det.buffer, det.byteOffset, det.byteLength), width: dw, height: dh, scale: width / fw },
      source: { data: new Uint8Array(src.data.buffer, src.data.byteOffset, src.data.byteLength), width, height },
    };
  } catch {
    throw new AppError("invalid_image", "the image data cannot be decoded: it is damaged or incomplete");
  }
}
