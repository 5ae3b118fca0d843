/**
 * POST /scanner/label: the photo decoded here (sharp works on libuv's threads, not this one),
 * its text read in a photo worker (ocr.ts), the panel parsed (parse.ts).
 *
 * Sizes, measured on the label set (bench/label.ts, README): detection sees the photo fitted in
 * DET_SIDE px; recognition samples its strips from the photo fitted in SOURCE_SIDE px, enough
 * for small print on a 12 MP photo without decoding all of it. When the panel is small in the
 * photo (a whole packet photographed), the first pass stops after detection (ocr.ts, closerBelow)
 * and the region where text was found is cut from the full photo and read instead.
 */
import { getSharp } from "../../../lib/sharp";
import { AppError } from "../../../lib/errors";
import { MAX_PIXELS, type CheckedImage } from "../image";
import type { DetImage, OcrOptions, OcrResult, Rgb } from "./ocr";
import { parseLabel, type LabelReading } from "./parse";

export const DET_SIDE = 960;
export const SOURCE_SIDE = 2048;
/**
 * Text boxes thinner than this (median, detector px; 20–27 on the public set, 15–18 with the
 * panel at a third of a 12 MP photo's width) are small print: a crop is read instead, unless the
 * text covers much of the photo (ocr.ts decides, SMALL_TEXT_AREA).
 */
export const ZOOM_BELOW = 18.5;
/** Around the text found: a share of the photo, or of the text's own box (its far columns may not have been found yet). */
const ZOOM_MARGIN = 0.05;
const ZOOM_MARGIN_OF_BOX = 0.2;

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type ReadText = (det: DetImage, source: Rgb, opts?: OcrOptions) => Promise<OcrResult>;

/** API data, hand-written: the label reader runs in a worker without Elysia; scanner/model.ts's LabelResponse checks it on every test reply. */
export interface LabelResult extends LabelReading {
  lines: string[];
  elapsed_ms: number;
  timings_ms: { decode: number; detect: number; recognise: number; passes: number };
}

export async function readLabel(img: CheckedImage, readText: ReadText): Promise<LabelResult> {
  const started = performance.now();
  const ms = { decode: 0, detect: 0, recognise: 0, passes: 1 };
  const decode = async (region?: Region) => {
    const t = performance.now();
    const images = await decodeForOcr(img, region);
    ms.decode += performance.now() - t;
    return images;
  };
  const pass = async ({ det, source }: { det: DetImage; source: Rgb }, opts?: OcrOptions) => {
    const text = await readText(det, source, opts);
    ms.detect += text.ms.detect;
    ms.recognise += text.ms.recognise;
    return { text, reading: parseLabel(text.lines) };
  };
  // the first pass stops after detection when the text is small: then a crop is read instead
  const whole = await decode();
  let best = await pass(whole, { closerBelow: ZOOM_BELOW });
  const region = best.text.tooSmall ? zoomRegion(best.text.layout, whole.det, whole.source, img) : null;
  if (region) {
    ms.passes = 2;
    best = await pass(await decode(region));
  }
  if (best.text.tooSmall || (region && trusted(best.reading) === 0)) {
    ms.passes++; // the crop read nothing (or could not be made): read the whole photo after all
    best = await pass(whole);
  }
  return {
    ...best.reading,
    lines: best.text.lines.map((l) => l.text),
    elapsed_ms: Math.round(performance.now() - started),
    timings_ms: {
      decode: Math.round(ms.decode),
      detect: Math.round(ms.detect),
      recognise: Math.round(ms.recognise),
      passes: ms.passes,
    },
  };
}

/** How many values a reading trusts (per serving and per 100 g). */
const trusted = (r: LabelReading) =>
  [...Object.values(r.per_serving), ...Object.values(r.per_100g ?? {})].filter((v) => v !== null).length;

/** The part of the upright photo around the text found (small, as the worker judged), or null when it is too thin to crop. */
function zoomRegion(layout: OcrResult["layout"], det: DetImage, source: Rgb, img: CheckedImage): Region | null {
  if (!layout) return null;
  const fx0 = (layout.x0 * det.scale) / source.width,
    fx1 = (layout.x1 * det.scale) / source.width;
  const fy0 = (layout.y0 * det.scale) / source.height,
    fy1 = (layout.y1 * det.scale) / source.height;
  // the upright photo's size: the source has its shape, the file its longest side
  const longest = Math.max(img.width, img.height);
  const W = Math.round((source.width / Math.max(source.width, source.height)) * longest);
  const H = Math.round((source.height / Math.max(source.width, source.height)) * longest);
  const mx = Math.max(ZOOM_MARGIN, ZOOM_MARGIN_OF_BOX * (fx1 - fx0)),
    my = Math.max(ZOOM_MARGIN, ZOOM_MARGIN_OF_BOX * (fy1 - fy0));
  const left = Math.max(0, Math.floor((fx0 - mx) * W)),
    top = Math.max(0, Math.floor((fy0 - my) * H));
  const right = Math.min(W, Math.ceil((fx1 + mx) * W)),
    bottom = Math.min(H, Math.ceil((fy1 + my) * H));
  return right - left >= 32 && bottom - top >= 32 ? { left, top, width: right - left, height: bottom - top } : null;
}

/**
 * Upright, sRGB, 3 channels, transparency on white; `det` a multiple of 32 on each side. With a
 * `region` (of the upright photo), only that part, at up to SOURCE_SIDE px.
 */
export async function decodeForOcr(img: CheckedImage, region?: Region): Promise<{ det: DetImage; source: Rgb }> {
  try {
    const sharp = getSharp();
    let pipe = sharp(img.bytes, { limitInputPixels: MAX_PIXELS, failOn: "truncated", pages: 1 }).rotate();
    if (region) pipe = pipe.extract(region);
    const src = await pipe
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
    const fw = Math.max(1, Math.round(width * r)),
      fh = Math.max(1, Math.round(height * r));
    const dw = Math.max(32, Math.ceil(fw / 32) * 32),
      dh = Math.max(32, Math.ceil(fh / 32) * 32);
    const det = await sharp(src.data, { raw: { width, height, channels: 3 } })
      .resize(fw, fh, { fit: "fill" })
      .extend({ right: dw - fw, bottom: dh - fh, background: "#ffffff" })
      .raw()
      .toBuffer();
    return {
      det: {
        data: new Uint8Array(det.buffer, det.byteOffset, det.byteLength),
        width: dw,
        height: dh,
        scale: width / fw,
      },
      source: { data: new Uint8Array(src.data.buffer, src.data.byteOffset, src.data.byteLength), width, height },
    };
  } catch {
    throw new AppError("invalid_image", "the image data cannot be decoded: it is damaged or incomplete");
  }
}
