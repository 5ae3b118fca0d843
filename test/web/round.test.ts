/** The web app's one rounding: half away from zero on the decimal value, whatever binary makes of it. */
import { expect, test } from "bun:test";
import { round, shownDifference } from "../../web/src/round";

test("49.15, 1.005 and 0.05 round as written, away from zero", () => {
  expect(round(49.15, 1)).toBe(49.2); // 49.15 is 49.1499… in binary: Math.round(x * 10) / 10 gave 49.1
  expect(round(49.150000001, 1)).toBe(49.2); // the same value summed from meals
  expect(round(1.005, 2)).toBe(1.01);
  expect(round(0.05, 1)).toBe(0.1);
  expect(round(-0.05, 1)).toBe(-0.1);
  expect(round(2.5)).toBe(3);
  expect(round(-2.5)).toBe(-3);
  expect(round(0.04, 1)).toBe(0);
  expect(round(1234.5678, 2)).toBe(1234.57);
});

test("a difference agrees with the two rounded numbers shown beside it", () => {
  // the report's carbs: 117.35 g a day against 132 g reads 117.4 and 132, so −14.6 (the exact −14.65 read −14.7)
  expect(shownDifference(117.35, 132, 1)).toBe(-14.6);
  expect(shownDifference(940.5, 1420)).toBe(-479); // 941 − 1420
  expect(shownDifference(60.89, 115, 1)).toBe(-54.1);
  expect(shownDifference(49.15, 48, 1)).toBe(1.2);
});
