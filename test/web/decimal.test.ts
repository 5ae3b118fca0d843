/** Quantity as people type it: decimals with a point or a comma, and fractions. */
import { expect, test } from "bun:test";
import { parseDecimal } from "../../web/src/decimal";

test("decimals with a point or a comma", () => {
  expect(parseDecimal("1.5")).toBe(1.5);
  expect(parseDecimal("1,5")).toBe(1.5);
  expect(parseDecimal(" 2 ")).toBe(2);
  expect(parseDecimal("")).toBeNull();
});

test("fractions: 1/2, 1 1/2, ½, 1½, 1 ½", () => {
  expect(parseDecimal("1/2")).toBe(0.5);
  expect(parseDecimal("1 1/2")).toBe(1.5);
  expect(parseDecimal("2/3")).toBeCloseTo(2 / 3, 12);
  expect(parseDecimal("½")).toBe(0.5);
  expect(parseDecimal("1½")).toBe(1.5);
  expect(parseDecimal("1 ½")).toBe(1.5);
  expect(parseDecimal("¾")).toBe(0.75);
  expect(parseDecimal(" 3 / 4 ")).toBe(0.75);
});

test("anything else is not a number", () => {
  for (const bad of ["1½x", "1/0", "abc", "1/2/3", "½½", "1.5/2", "/2", "1/"]) expect(parseDecimal(bad), bad).toBeNaN();
});
