/**
 * The one rounding every number the web app shows goes through: half away from zero on the decimal value, so
 * 49.15 reads 49.2 (in binary it is 49.1499…, and a sum of meals may be 49.15000001: both read the same),
 * 1.005 to two places reads 1.01, 0.05 to one place 0.1, -0.05 reads -0.1.
 */
export function round(x: number, digits = 0): number {
  const f = 10 ** digits;
  // 15 significant digits drop the binary noise of x·f (491.49999999999994 → 491.5) and keep every real digit
  const v = Number((Math.abs(x) * f).toPrecision(15));
  const r = Math.round(v) / f;
  return x < 0 && r !== 0 ? -r : r;
}

/**
 * A difference as the person checks it against the two numbers shown beside it: each rounded to `digits` first.
 * 117.35 g against 132 g reads 117.4 and 132, so the difference reads −14.6, not the −14.7 of the exact values.
 */
export const shownDifference = (value: number, goal: number, digits = 0): number =>
  round(round(value, digits) - round(goal, digits), digits);
