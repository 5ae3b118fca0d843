/**
 * The detector's pooled features are all non-negative (ReLU6), so any two photos look alike by
 * plain cosine (0.9+ for unrelated images). Subtracting a mean feature vector before comparing
 * spreads them out: models/embedding-mean.json, the mean over the opencv-doc sample images
 * (BSD-licensed, Debian), written by scripts/calibrate-photo.ts.
 */
import meanFile from "../../../../models/embedding-mean.json" with { type: "json" };
import { EMBEDDING_DIM } from "./dimensions";

const MEAN = Float32Array.from(meanFile.values);
if (MEAN.length !== EMBEDDING_DIM)
  throw new Error(`models/embedding-mean.json has ${MEAN.length} values, expected ${EMBEDDING_DIM}`);

/** The detector's unit-length embedding, centred on the mean and made unit length again. */
export function centre(unit: Float32Array, mean: Float32Array = MEAN): Float32Array {
  const out = new Float32Array(unit.length);
  let norm = 0;
  for (let i = 0; i < unit.length; i++) {
    const v = unit[i]! - mean[i]!;
    out[i] = v;
    norm += v * v;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}
