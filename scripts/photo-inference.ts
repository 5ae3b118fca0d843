/**
 * Runs the detector in-process over labelled photos (scripts/photo-sets.ts), caching each photo's
 * scores and embedding in .scratch/photo-cache/ keyed by the model's and the photo's sha256, so
 * calibration and the quality benchmark can be re-run in seconds. Used by scripts/calibrate-photo.ts
 * and bench/photo-quality.ts; never by the server.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DETECTOR_FILES } from "../src/assets";
import {
  EMBEDDING_DIM,
  INPUT_SIDE,
  loadDetector,
  SCORE_CHANNELS,
  type Detector,
} from "../src/features/scanner/recognition/detector";
import { checkImage, squareRgb } from "../src/features/scanner/image";
import { FILES } from "./fetch-model";
import type { LabelledPhoto } from "./photo-sets";

export interface Seen {
  photo: LabelledPhoto;
  scores: Float32Array;
  embedding: Float32Array;
}

const CACHE = join(import.meta.dir, "..", ".scratch", "photo-cache");
const MODEL_KEY = new Bun.CryptoHasher("sha256").update(Object.values(FILES).join()).digest("hex").slice(0, 12);

let detector: Promise<Detector> | null = null;

/** The detector's view of one image file (a Blob read from disk, through the server's own upload checks). */
export function inferFile(path: string): Promise<{ scores: Float32Array; embedding: Float32Array; ms: number }> {
  return inferBlob(Bun.file(path));
}

export async function inferBlob(file: Blob): Promise<{ scores: Float32Array; embedding: Float32Array; ms: number }> {
  detector ??= loadDetector(DETECTOR_FILES);
  const img = await checkImage(file);
  const rgb = await squareRgb(img, INPUT_SIDE);
  return (await detector)(rgb);
}

export async function inferAll(photos: LabelledPhoto[], onProgress?: (done: number) => void): Promise<Seen[]> {
  mkdirSync(CACHE, { recursive: true });
  const out: Seen[] = [];
  for (const photo of photos) {
    const bytes = readFileSync(photo.path);
    const key = `${MODEL_KEY}-${new Bun.CryptoHasher("sha256").update(bytes).digest("hex").slice(0, 24)}`;
    const file = join(CACHE, `${key}.f32`);
    let scores: Float32Array;
    let embedding: Float32Array;
    if (existsSync(file)) {
      const all = new Float32Array(readFileSync(file).buffer.slice(0));
      scores = all.slice(0, SCORE_CHANNELS);
      embedding = all.slice(SCORE_CHANNELS, SCORE_CHANNELS + EMBEDDING_DIM);
    } else {
      try {
        ({ scores, embedding } = await inferFile(photo.path));
      } catch {
        continue; // not an image the server accepts (e.g. a 16-bit PNG sharp cannot read): skipped, counted by caller
      }
      const all = new Float32Array(SCORE_CHANNELS + EMBEDDING_DIM);
      all.set(scores, 0);
      all.set(embedding, SCORE_CHANNELS);
      writeFileSync(file, new Uint8Array(all.buffer));
    }
    out.push({ photo, scores, embedding });
    onProgress?.(out.length);
  }
  return out;
}

/**
 * `n` re-framings of one photo, as another snapshot of the same plate might be: a random crop of
 * 55–90 % of the area, a mirror half the time, a turn of up to ±15°, brightness and saturation
 * ±20 %, JPEG at quality 80. Seeded, so every run draws the same views.
 */
export async function views(path: string, n: number, random: () => number): Promise<Uint8Array[]> {
  const sharp = (await import("sharp")).default;
  const meta = await sharp(path).metadata();
  const W = meta.width!;
  const H = meta.height!;
  const out: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    const area = 0.55 + random() * 0.35;
    const w = Math.max(16, Math.round(W * Math.sqrt(area)));
    const h = Math.max(16, Math.round(H * Math.sqrt(area)));
    const left = Math.floor(random() * (W - w + 1));
    const top = Math.floor(random() * (H - h + 1));
    let p = sharp(path).extract({ left, top, width: w, height: h });
    if (random() < 0.5) p = p.flop();
    p = p
      .rotate((random() - 0.5) * 30, { background: "#ffffff" })
      .modulate({ brightness: 0.8 + random() * 0.4, saturation: 0.8 + random() * 0.4 });
    out.push(new Uint8Array(await p.jpeg({ quality: 80 }).toBuffer()));
  }
  return out;
}
