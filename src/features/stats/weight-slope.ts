/**
 * The weight trend's slope over a window, read as a trend under correlated noise, not as points.
 *
 * A weigh-in is tissue (a straight line over a few weeks) plus water weight plus the scale. Water
 * weight carries over from one day to the next (salt, carbohydrate, gut content), so it is modelled as
 * AR(1) noise: the correlation of two weigh-ins d days apart is WATER.rho^d, beside an independent part
 * (the scale, clothes) of WATER.nugget of the variance. The line is fitted by generalised least squares
 * under that covariance (Aitken 1935; the regression-with-AR(1)-errors model of Cochrane & Orcutt 1949,
 * written for unequally spaced days), which weighs a run of close weigh-ins as the one reading it
 * nearly is, and its standard error counts that too: ordinary least squares treats each day's water as
 * news and so gives a range about 1.6 times too narrow on realistic diaries (bench:expenditure).
 *
 * Glycogen: in the first days after intake changes, glycogen and its water (0.5–2 kg: Olsson & Saltin
 * 1970; Kreitzman et al., Am J Clin Nutr 1992) leave or return faster than tissue. A window that starts
 * with such a change would read that water as tissue, so the fit carries a term that fades with a 3-day
 * time constant from the window's first day, with a prior N(0, GLYCOGEN_PRIOR_KG²): it absorbs a quick
 * early drop or rise and is held near zero when the weigh-ins show none.
 *
 * The slope has a prior (SLOPE_PRIOR_KG_PER_DAY), as MacroFactor's estimate starts from one: with
 * three weeks of weigh-ins the data alone leave it too loose to act on.
 *
 * The noise's size is estimated from the window's residuals, pooled with a prior (WATER.sdKg, worth
 * WATER.priorWeight weigh-ins) so that three weigh-ins that happen to fall on a line do not claim a
 * precision they cannot have. Pure; no database.
 */

/** Water weight: AR(1) correlation per day, the independent share of the variance, and the prior SD (kg). */
export const WATER = { rho: 0.6, nugget: 0.15, sdKg: 0.7, priorWeight: 1 } as const;
export const GLYCOGEN_TAU_DAYS = 3;
export const GLYCOGEN_PRIOR_KG = 1;
/**
 * The prior on the slope: tissue changes by 0 ± 0.07 kg a day (0 ± 0.5 kg a week, an imbalance of
 * 0 ± 540 kcal/day at 7,700 kcal/kg). Three weeks of weigh-ins under water weight leave the slope
 * uncertain by about as much, so it halves the 3-week error on realistic diaries (bench:expenditure:
 * 359 → 204 kcal/day) and weighs little once there are six weeks; it pulls an estimate from a steep
 * change towards intake until the weigh-ins outweigh it (the kind generator's 3-week bias: −75 kcal/day).
 */
export const SLOPE_PRIOR_KG_PER_DAY = 0.07;

export interface SlopeFit {
  /** kg per day */
  slope: number;
  /** its standard error, kg per day */
  se: number;
  /** the slope the weigh-ins give without the slope's prior (for the plausibility check) */
  raw: number;
}

/** The GLS slope of `points` (x in days, ascending; at least 3 points on 2 days). */
export function weightSlope(points: readonly { x: number; y: number }[]): SlopeFit {
  const n = points.length;
  const x0 = points[0]!.x;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  // covariance in units of the noise's variance: AR(1) plus the independent share
  const R = points.map((p) => points.map((q) => (p === q ? 1 : (1 - WATER.nugget) * WATER.rho ** Math.abs(p.x - q.x))));
  const L = cholesky(R);
  const cols = [
    points.map(() => 1),
    points.map((p) => p.x - mx),
    points.map((p) => Math.exp(-(p.x - x0) / GLYCOGEN_TAU_DAYS)),
  ];
  const y = points.map((p) => p.y);
  // whiten: L⁻¹X and L⁻¹y, then ordinary least squares on them
  const W = cols.map((c) => forward(L, c));
  const wy = forward(L, y);
  const dot = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i]!, 0);
  const fitWith = (s2: number, slopePrior = true) => {
    const A = W.map((a) => W.map((b) => dot(a, b)));
    A[2]![2]! += s2 / GLYCOGEN_PRIOR_KG ** 2; // the prior on the glycogen term, in the same units
    if (slopePrior) A[1]![1]! += s2 / SLOPE_PRIOR_KG_PER_DAY ** 2; // and on the slope (centred on 0: no change)
    const b = W.map((a) => dot(a, wy));
    const inv = invert3(A);
    const beta = inv.map((row) => dot(row, b));
    const res = wy.map((v, i) => v - W.reduce((s, c, k) => s + c[i]! * beta[k]!, 0));
    return { beta, inv, rss: dot(res, res) };
  };
  // two passes: the noise's size sets the prior's weight, the fit sets the noise's size
  let s2: number = WATER.sdKg ** 2;
  let f = fitWith(s2);
  const df = Math.max(0, n - 2) + WATER.priorWeight;
  for (let pass = 0; pass < 2; pass++) {
    s2 = (f.rss + WATER.priorWeight * WATER.sdKg ** 2) / df;
    f = fitWith(s2);
  }
  return { slope: f.beta[1]!, se: Math.sqrt(s2 * f.inv[1]![1]!), raw: fitWith(s2, false).beta[1]! };
}

function cholesky(A: number[][]): number[][] {
  const n = A.length;
  const L = A.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let s = A[i]![j]!;
      for (let k = 0; k < j; k++) s -= L[i]![k]! * L[j]![k]!;
      L[i]![j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / L[j]![j]!;
    }
  return L;
}

/** L⁻¹v for lower-triangular L. */
function forward(L: number[][], v: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < v.length; i++) {
    let s = v[i]!;
    for (let k = 0; k < i; k++) s -= L[i]![k]! * out[k]!;
    out.push(s / L[i]![i]!);
  }
  return out;
}

function invert3(m: number[][]): number[][] {
  const [a, b, c] = m[0]! as [number, number, number];
  const [d, e, f] = m[1]! as [number, number, number];
  const [g, h, i] = m[2]! as [number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    [A / det, -(b * i - c * h) / det, (b * f - c * e) / det],
    [B / det, (a * i - c * g) / det, -(a * f - c * d) / det],
    [C / det, -(a * h - b * g) / det, (a * e - b * d) / det],
  ];
}
