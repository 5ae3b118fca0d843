/**
 * From the detector's text-probability map to oriented text boxes, as PaddleOCR's DB
 * post-processing does it, without OpenCV: pixels above THRESHOLD, 8-connected components, each
 * boxed along its principal axis (second moments), scored by its mean probability, and grown by
 * the "unclip" distance area × 1.5 / perimeter on every side.
 */
export interface Segment {
  /** Centre, in map pixels. */
  cx: number;
  cy: number;
  /** Unit vector along the text. */
  cos: number;
  sin: number;
  /** Extent along the text and across it, unclipped, in map pixels. */
  length: number;
  thickness: number;
  score: number;
}

const THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
const UNCLIP_RATIO = 1.5;
/** Components thinner than this (map pixels) are specks, not text. */
const MIN_SIDE = 3;
/** Segments this elongated (see Moments) or more set the photo's slant. */
const MIN_ELONGATION = 4;
/** Steeper than this (radians, 25°), a segment's axis is taken as level. */
const MAX_SLANT = (25 * Math.PI) / 180;

export function components(prob: Float32Array, width: number, height: number): Segment[] {
  const label = new Int32Array(width * height).fill(-1);
  const stack = new Int32Array(width * height);
  const found: { pixels: Int32Array; score: number }[] = [];
  for (let start = 0; start < prob.length; start++) {
    if (label[start] !== -1 || prob[start]! <= THRESHOLD) continue;
    const id = found.length;
    let top = 0;
    let n = 0;
    let sum = 0;
    stack[top++] = start;
    label[start] = id;
    const pixels: number[] = [];
    while (top > 0) {
      const p = stack[--top]!;
      pixels.push(p);
      n++;
      sum += prob[p]!;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const q = yy * width + xx;
          if (label[q] === -1 && prob[q]! > THRESHOLD) {
            label[q] = id;
            stack[top++] = q;
          }
        }
      }
    }
    found.push({ pixels: Int32Array.from(pixels), score: sum / n });
  }
  const kept = found
    .filter((c) => c.score >= BOX_THRESHOLD && c.pixels.length >= MIN_SIDE * MIN_SIDE)
    .map((c) => ({ ...c, m: moments(c.pixels, width) }));
  // One slant for the whole photo (a label is flat): the median axis of the elongated segments,
  // each weighted by its elongation. A short one ("8g") has no reliable axis of its own.
  const slant = weightedMedian(
    kept.filter((c) => c.m.elongation >= MIN_ELONGATION).map((c) => ({ value: c.m.angle, weight: c.m.elongation })),
  );
  const out: Segment[] = [];
  for (const c of kept) {
    const box = boxAlong(c.pixels, width, c.m, slant);
    if (Math.min(box.length, box.thickness) < MIN_SIDE) continue;
    const d = (box.length * box.thickness * UNCLIP_RATIO) / (2 * (box.length + box.thickness));
    out.push({ ...box, length: box.length + 2 * d, thickness: box.thickness + 2 * d, score: c.score });
  }
  return out;
}

function weightedMedian(xs: { value: number; weight: number }[]): number {
  if (!xs.length) return 0;
  xs.sort((a, b) => a.value - b.value);
  const half = xs.reduce((n, x) => n + x.weight, 0) / 2;
  let sum = 0;
  for (const x of xs) if ((sum += x.weight) >= half) return x.value;
  return xs[xs.length - 1]!.value;
}

interface Moments {
  mx: number;
  my: number;
  /** Principal axis, radians from horizontal, within ±MAX_SLANT (steeper counts as level). */
  angle: number;
  /** √(major / minor variance): 1 for a blob, large for a line of text. */
  elongation: number;
}

function moments(pixels: Int32Array, width: number): Moments {
  let sx = 0,
    sy = 0;
  for (const p of pixels) {
    sx += p % width;
    sy += Math.floor(p / width);
  }
  const n = pixels.length;
  const mx = sx / n,
    my = sy / n;
  let xx = 0,
    yy = 0,
    xy = 0;
  for (const p of pixels) {
    const dx = (p % width) - mx;
    const dy = Math.floor(p / width) - my;
    xx += dx * dx;
    yy += dy * dy;
    xy += dx * dy;
  }
  let angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  if (Math.abs(angle) > MAX_SLANT) angle = 0;
  const mean = (xx + yy) / 2,
    diff = Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy);
  return { mx, my, angle, elongation: Math.sqrt((mean + diff) / Math.max(mean - diff, 1e-6)) };
}

function boxAlong(pixels: Int32Array, width: number, m: Moments, angle: number): Omit<Segment, "score"> {
  const cos = Math.cos(angle),
    sin = Math.sin(angle);
  let umin = Infinity,
    umax = -Infinity,
    vmin = Infinity,
    vmax = -Infinity;
  for (const p of pixels) {
    const x = (p % width) - m.mx;
    const y = Math.floor(p / width) - m.my;
    const u = x * cos + y * sin;
    const v = -x * sin + y * cos;
    if (u < umin) umin = u;
    if (u > umax) umax = u;
    if (v < vmin) vmin = v;
    if (v > vmax) vmax = v;
  }
  const uc = (umin + umax) / 2,
    vc = (vmin + vmax) / 2;
  return {
    cx: m.mx + 0.5 + uc * cos - vc * sin,
    cy: m.my + 0.5 + uc * sin + vc * cos,
    cos,
    sin,
    length: umax - umin + 1,
    thickness: vmax - vmin + 1,
  };
}
