/** A serving said once, as people write it (the log form, its Unit options, a search result's serving). */
import { expect, test } from "bun:test";
import {
  amountSaid,
  countOf,
  measureCount,
  measureTimes,
  portionName,
  quantityText,
  servingWords,
} from "../../web/src/amount-words";

test("grams once, rounded: 150 g, 470 g", () => {
  expect(servingWords(150, null)).toBe("150 g");
  expect(servingWords(470.392, null)).toBe("470 g");
  expect(servingWords(2.54, null)).toBe("2.5 g");
});

test("a portion with its weight once: 2/3 cup · 55 g, 2 slices · 56 g", () => {
  expect(servingWords(1, { name: "serving (2/3 cup (55g))", grams: 55, amount: 1 })).toBe("2/3 cup · 55 g");
  expect(servingWords(1, { name: "2/3 cup (55g)", grams: 55, amount: 1 })).toBe("2/3 cup · 55 g");
  expect(servingWords(2, { name: "slice", grams: 28, amount: 1 })).toBe("2 slices · 56 g");
  expect(servingWords(0.5, { name: "breast, bone and skin removed", grams: 86, amount: 0.5 })).toBe(
    "1/2 breast, bone and skin removed · 86 g",
  );
  expect(servingWords(1.5, { name: "cup", grams: 240, amount: 1 })).toBe("1 1/2 cups · 360 g");
});

test("singular and plural agree with the count", () => {
  expect(countOf(1, "slices")).toBe("1 slice");
  expect(countOf(2, "slice")).toBe("2 slices");
  expect(countOf(2, "medium")).toBe("2 medium");
  expect(countOf(3, "oz")).toBe("3 oz");
  expect(countOf(2, "cup, chopped")).toBe("2 cups, chopped");
  expect(countOf(2, "glass")).toBe("2 glasses");
  expect(countOf(1, "glass")).toBe("1 glass");
  expect(countOf(2, "patty")).toBe("2 patties");
  expect(countOf(2, "2/3 cup")).toBe("2 × 2/3 cup");
});

test("a portion's name without its weight or stray decimals", () => {
  expect(portionName("cup (4.86 large eggs)")).toBe("cup (about 5 large eggs)");
  expect(portionName("serving (30 g)")).toBe("serving");
  expect(portionName("cup (8 fl oz)")).toBe("cup (8 fl oz)");
});

test("the Quantity field starts as people write it", () => {
  expect(quantityText(0.5, false)).toBe("1/2");
  expect(quantityText(2 / 3, false)).toBe("2/3");
  expect(quantityText(453.592, true)).toBe("453.6");
  expect(quantityText(12.345, true)).toBe("12.35");
});

test("the amount read off a search, in words", () => {
  expect(amountSaid({ quantity: 1, unit: "slice" })).toBe("1 slice");
  expect(amountSaid({ quantity: 2, unit: "slice" })).toBe("2 slices");
  expect(amountSaid({ quantity: 150, unit: "g" })).toBe("150 g");
  expect(amountSaid({ quantity: 2, unit: null })).toBe("2");
});

test("a measure said for one serving, several times over: 2 pints (1136 ml), 3 bags (75 g)", () => {
  expect(measureTimes("1 pint (568 ml)", 2)).toBe("2 pints (1136 ml)");
  expect(measureTimes("1 pint (568 ml)", 0.5)).toBe("1/2 pint (284 ml)");
  expect(measureTimes("2 cups (500 ml)", 1.5)).toBe("3 cups (750 ml)");
  expect(measureTimes("1 bag (25 g)", 3)).toBe("3 bags (75 g)");
  expect(measureTimes("1 can (330 ml)", 2)).toBe("2 cans (660 ml)");
  expect(measureTimes("1 fl oz (30 ml)", 2)).toBe("2 fl oz (60 ml)");
  expect(measureTimes("a splash", 2)).toBeNull();
});

test("the count a measure says: 2 for 2 pints, none for words", () => {
  expect(measureCount("2 pints (1137 ml)")).toBe(2);
  expect(measureCount("0.5 pint (284 ml)")).toBe(0.5);
  expect(measureTimes("2 pints (1137 ml)", 1 / 2)).toBe("1 pint (569 ml)");
  expect(measureCount("a splash")).toBeNull();
});

test("servings agree with their count: 1 1/2 servings, 2 servings (a custom food's serving)", () => {
  expect(countOf(1.5, "serving")).toBe("1 1/2 servings");
  expect(countOf(2, "serving")).toBe("2 servings");
  expect(countOf(1, "serving")).toBe("1 serving");
  expect(countOf(2, "serving (2/3 cup (55g))")).toBe("2 × 2/3 cup");
  expect(countOf(2, "NLEA serving")).toBe("2 NLEA serving");
});
