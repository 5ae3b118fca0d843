/**
 * Amounts in the words people write them: "150 g", "2 slices · 56 g", "2/3 cup · 55 g", "1 1/2 cups".
 * The catalogue's portion names carry what a list of measures needs ("serving (2/3 cup (55g))",
 * "cup (4.86 large eggs)"); a person reading one serving wants it said once, rounded as a recipe would.
 */
import { round } from "./round";
import type { Portion } from "./store";

const FRACTIONS: [number, string][] = [
  [1 / 4, "1/4"],
  [1 / 3, "1/3"],
  [1 / 2, "1/2"],
  [2 / 3, "2/3"],
  [3 / 4, "3/4"],
];

/** A count of portions: whole, or whole and a common fraction ("1 1/2", "2/3"), else at most 2 decimals. */
export function countWords(v: number): string {
  const whole = Math.floor(v + 1e-9);
  const part = v - whole;
  if (part < 1e-6) return `${whole}`;
  const f = FRACTIONS.find(([x]) => Math.abs(part - x) < 0.005);
  if (f) return whole ? `${whole} ${f[1]}` : f[1];
  return `${round(v, 2)}`;
}

/** Grams as people weigh them: whole from 10 g, one decimal below ("470 g", "2.5 g"). */
export function gramWords(g: number): string {
  return `${g >= 10 ? round(g) : round(g, 1)}`;
}

/** The Quantity field's text for a number: a count as people write it, grams rounded. */
export const quantityText = (v: number, isGrams: boolean) =>
  isGrams ? `${v >= 100 ? round(v, 1) : round(v, 2)}` : countWords(v);

/**
 * A portion's name for reading: "serving (2/3 cup (55g))" → "2/3 cup", a weight in brackets dropped (the grams are
 * said beside it), a stray decimal rounded ("cup (4.86 large eggs)" → "cup (about 5 large eggs)").
 */
export function portionName(name: string): string {
  let s = name.trim().replace(/\s*\(\s*\d+(?:[.,]\d+)?\s*(?:g|grams?|ml)\s*\)/gi, "");
  const serving = /^serving \((.+)\)$/i.exec(s);
  if (serving) s = serving[1]!;
  s = s.replace(/\((\d+\.\d+) /g, (_, n: string) => `(about ${Math.round(Number(n))} `);
  return s || name;
}

/** Words that stay as they are after a count: sizes and abbreviated units ("2 large", "3 oz"). */
// biome-ignore format: one list
const INVARIANT = new Set([
  "small", "medium", "large", "extra", "jumbo", "oz", "fl", "tbsp", "tsp", "g", "ml", "lb", "kg", "nlea",
  "whole", "regular", "thin", "thick", "mini", "each", "half", "of",
]);

function plural(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}

function singular(word: string): string {
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses)$/i.test(word)) return word.slice(0, -2);
  if (/[^siu]s$/i.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * A count and a portion's name, agreeing: "1 slice", "2 slices", "1/2 breast", "1 medium", "3 oz". A name that
 * starts with its own amount ("2/3 cup") is said as it is for one, else with "×" ("2 × 2/3 cup").
 */
export function countOf(quantity: number, name: string): string {
  const clean = portionName(name);
  if (/^\d/.test(clean)) return Math.abs(quantity - 1) < 1e-9 ? clean : `${countWords(quantity)} × ${clean}`;
  const m = /^([A-Za-z]+)(.*)$/.exec(clean);
  if (!m) return `${countWords(quantity)} ${clean}`;
  const [, head, rest] = m as unknown as [string, string, string];
  const many = quantity > 1 + 1e-9;
  const word = INVARIANT.has(head.toLowerCase()) ? head : many ? plural(singular(head)) : singular(head);
  return `${countWords(quantity)} ${word}${rest}`;
}

/** One serving said once: "150 g", "2 slices · 56 g", "2/3 cup · 55 g". */
export function servingWords(quantity: number, portion: Pick<Portion, "name" | "grams" | "amount"> | null): string {
  if (!portion) return `${gramWords(quantity)} g`;
  return `${countOf(quantity, portion.name)} · ${gramWords((quantity * portion.grams) / (portion.amount || 1))} g`;
}

/** The amount read off a search, in words ("a slice of" → "1 slice", "2 eggs" → "2"). */
export const amountSaid = (a: { quantity: number; unit: string | null }) =>
  a.unit ? countOf(a.quantity, a.unit) : countWords(a.quantity);

/** "2 pints (1137 ml)": a count, a unit, and its size in brackets. */
const MEASURE = /^(\d+(?:\.\d+)?)\s+([^()]+?)\s+\((\d+(?:\.\d+)?)\s*(ml|g)\)$/;

/** The count a measure says: 2 for "2 pints (1137 ml)"; null for words that are not a counted measure. */
export function measureCount(measure: string): number | null {
  const m = MEASURE.exec(measure.trim());
  const n = m ? Number(m[1]) : Number.NaN;
  return n > 0 ? n : null;
}

/**
 * A measure said for one serving, `times` over: "1 pint (568 ml)" × 2 → "2 pints (1136 ml)", "1 bag (25 g)" × 3 →
 * "3 bags (75 g)". Null when the words are not a count, a unit and its size in brackets (then the grams say it).
 * A Brit who logs two pints keeps "pints" on the day instead of "1141 g".
 */
export function measureTimes(measure: string, times: number): string | null {
  const m = MEASURE.exec(measure.trim());
  if (!m || !(times > 0)) return null;
  const [, count, unit, size, sizeUnit] = m as unknown as [string, string, string, string, string];
  const n = Number(count) * times;
  return `${countOf(n, unit)} (${round(Number(size) * times)} ${sizeUnit})`;
}
