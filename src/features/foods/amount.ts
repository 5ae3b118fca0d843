/**
 * Amounts in what a person types: "2 eggs", "1 cup rice", "200g chicken breast", "half an avocado",
 * "3 slices of bread", "chicken breast 150 g". `parseAmount` splits the text into the food words and
 * an amount (a quantity and a unit, or no unit for a count); `resolveAmount` turns that amount into
 * a loggable serving of one food (portion.ts). Pure: the server and the web app's offline search
 * both use it.
 */
import { ALIASES } from "./ranking-data";
import { words } from "./text";

export interface ParsedAmount {
  quantity: number;
  /** Canonical unit ("g", "ml", "cup", "slice", "medium"…), or null for a count ("2 eggs"). */
  unit: string | null;
  /** The amount as typed ("3 slices of"). */
  text: string;
}

// biome-ignore format: a word table, several entries a line
const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, half: 0.5, quarter: 0.25, couple: 2, few: 3, dozen: 12,
};
const FRACTIONS: Record<string, number> = { "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 0.125 };

/** Unit words → canonical unit. Weights and volumes convert; the rest name a portion. */
// biome-ignore format: a word table, several entries a line
const UNITS: Record<string, string> = {
  g: "g", gr: "g", gm: "g", gms: "g", gram: "g", grams: "g", gramme: "g", grammes: "g",
  kg: "kg", kgs: "kg", kilo: "kg", kilos: "kg", kilogram: "kg", kilograms: "kg",
  oz: "oz", ounce: "oz", ounces: "oz", lb: "lb", lbs: "lb", pound: "lb", pounds: "lb",
  ml: "ml", millilitre: "ml", milliliter: "ml", millilitres: "ml", milliliters: "ml",
  l: "l", litre: "l", liter: "l", litres: "l", liters: "l", dl: "dl", cl: "cl",
  cup: "cup", cups: "cup", tbsp: "tbsp", tbs: "tbsp", tablespoon: "tbsp", tablespoons: "tbsp",
  tsp: "tsp", teaspoon: "tsp", teaspoons: "tsp", slice: "slice", slices: "slice", piece: "piece", pieces: "piece",
  pc: "piece", pcs: "piece", serving: "serving", servings: "serving", portion: "serving", portions: "serving",
  bowl: "bowl", bowls: "bowl", glass: "glass", glasses: "glass", mug: "mug", mugs: "mug", can: "can", cans: "can",
  bottle: "bottle", bottles: "bottle", handful: "handful", handfuls: "handful", scoop: "scoop", scoops: "scoop",
  pint: "pint", pints: "pint", shot: "shot", shots: "shot", stick: "stick", sticks: "stick", bar: "bar", bars: "bar",
  fillet: "fillet", fillets: "fillet", breast: "breast", breasts: "breast", clove: "clove", cloves: "clove",
  leaf: "leaf", leaves: "leaf", packet: "packet", packets: "packet", pack: "packet", sachet: "packet",
  pat: "pat", pats: "pat",
  // a rasher (Britain, Ireland, Australia) and a strip (North America) of bacon are its slices
  rasher: "slice", rashers: "slice", strip: "slice", strips: "slice",
  plate: "plate", plates: "plate", plateful: "plate", katori: "katori", katoris: "katori",
  // a tin is a can (Britain, Ireland, Australia); a punnet is the fruit box of Britain and Australia; a double is two shots
  tin: "can", tins: "can", punnet: "punnet", punnets: "punnet", double: "double", doubles: "double",
  large: "large", medium: "medium", small: "small", whole: "whole",
};
export const MASS: Record<string, number> = { g: 1, kg: 1000, oz: 28.3495, lb: 453.592 };
// biome-ignore format: a word table, several entries a line
export const VOLUME_ML: Record<string, number> = {
  ml: 1, l: 1000, dl: 100, cl: 10, cup: 236.588, tbsp: 14.787, tsp: 4.929, pint: 473.176, glass: 236.588, mug: 236.588, shot: 44.36,
  // the small steel bowl an Indian meal is served in holds about 150 ml (a dish's own "katori" portion comes first)
  katori: 150,
};
/** Units that are also food words or sizes: never a unit without a number before them. */
const NEEDS_NUMBER = new Set([
  "double",
  "breast",
  "whole",
  "large",
  "medium",
  "small",
  "bar",
  "stick",
  "leaf",
  "can",
  "shot",
  "glass",
]);
/** What "a double" is two shots of. */
// biome-ignore format: a word list
const SPIRITS = new Set([
  "vodka", "gin", "rum", "whisky", "whiskey", "scotch", "bourbon", "brandy", "cognac", "tequila", "spirit", "spirits",
  "shot", "shots", "jd", "jameson", "bacardi", "baileys",
]);
/** Of those, the ones that read as part of the food after "a" ("a whole wheat bagel", "a breast fillet"). */
const FOOD_UNITS = new Set(["breast", "whole", "bar", "stick", "leaf"]);

/** "1.5", "1,5", "1/2", "½", "1½" → a number; otherwise null. */
function numberOf(tok: string): number | null {
  if (/^\d+([.,]\d+)?$/.test(tok)) return Number(tok.replace(",", "."));
  const frac = tok.match(/^(\d+)\/(\d+)$/);
  if (frac && Number(frac[2]) > 0) return Number(frac[1]) / Number(frac[2]);
  const mixed = tok.match(/^(\d*)([½¼¾⅓⅔⅛])$/);
  if (mixed) return Number(mixed[1] || 0) + FRACTIONS[mixed[2]!]!;
  return null;
}

/** Splits "200g" and "x2" into number and unit; keeps "2%" (a food's fat level) whole. */
function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/(\d)\s*-\s*(\d)/g, "$1 $2") // "2-3" reads as the first number
    .replace(/(^|\s)x(\d)/g, "$1x $2") // "eggs x2"
    .replace(/(\d)([a-z]+)\b/g, (m, d, u) => (UNITS[u] || u === "x" ? `${d} ${u}` : m))
    .split(/\s+/)
    .filter(Boolean);
}

interface Scan {
  quantity: number;
  unit: string | null;
  used: number;
}

/** An amount at the start of `toks`: number words, digits, fractions, then an optional unit and "of". */
function scanLeading(toks: string[]): Scan | null {
  let i = 0;
  let q: number | null = null;
  const t0 = toks[0];
  if (t0 === undefined) return null;
  const n0 = numberOf(t0);
  if (n0 !== null) {
    q = n0;
    i = 1;
    const n1 = toks[1] !== undefined ? numberOf(toks[1]) : null; // "1 1/2"
    if (n1 !== null && n1 < 1 && Number.isInteger(n0)) {
      q += n1;
      i = 2;
    }
    if (toks[i] === "x") i++;
  } else if (t0 in NUMBER_WORDS) {
    q = NUMBER_WORDS[t0]!;
    i = 1;
    // "a half", "a couple of", "a dozen"
    if ((t0 === "a" || t0 === "an") && toks[1] && ["half", "quarter", "couple", "few", "dozen"].includes(toks[1])) {
      q = NUMBER_WORDS[toks[1]]!;
      i = 2;
    }
    if (toks[i] === "a" || toks[i] === "an") i++; // "half a"
    if (toks[i] === "dozen") {
      q *= 12;
      i++;
    }
  }
  // "cup of coffee", "slice of pizza": a unit with "of" and no number is one of it
  if (q === null && t0 in UNITS && !NEEDS_NUMBER.has(UNITS[t0]!) && toks[1] === "of") q = 1;
  if (q === null || !(q > 0)) return null;
  let unit: string | null = null;
  const u = toks[i];
  // "half and half" is a food; "a large coffee" is one coffee (the size stays in the words)
  if (u === "and" || u === "&") return null;
  // after "a", a food word is the food ("a chocolate bar" no, but "a bar of chocolate" yes)
  const foodAfterA =
    (t0 === "a" || t0 === "an") && u !== undefined && FOOD_UNITS.has(UNITS[u] ?? "") && toks[i + 1] !== "of";
  // "a double vodka" is two shots, but a double double is a coffee and a double cheeseburger a burger
  const notDouble = UNITS[u ?? ""] === "double" && !SPIRITS.has(toks[i + 1] ?? "");
  if (u && UNITS[u] && !foodAfterA && !notDouble) {
    unit = UNITS[u]!;
    i++;
    if (unit === "oz" && toks[i - 2] === "fl") unit = "floz";
  } else if (u === "fl" && (toks[i + 1] === "oz" || toks[i + 1] === "ounces")) {
    unit = "floz";
    i += 2;
  }
  if (toks[i] === "of") i++;
  return { quantity: q, unit, used: i };
}

export const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Finds an amount at the start ("2 eggs") or the end ("rice 1 cup", "eggs x2") of `text`.
 * Returns the food words without it; `amount` is null when there is none or nothing would be left.
 */
export function parseAmount(text: string): { food: string; amount: ParsedAmount | null } {
  const toks = tokenize(text.trim());
  const lead = scanLeading(toks);
  if (lead && lead.used < toks.length) {
    const food = toks.slice(lead.used).join(" ");
    if (words(food).length)
      return {
        food,
        amount: { quantity: round(lead.quantity), unit: lead.unit, text: toks.slice(0, lead.used).join(" ") },
      };
  }
  // trailing: "chicken breast 200 g", "rice 1 cup", "eggs x2"
  for (let k = Math.max(1, toks.length - 3); k < toks.length; k++) {
    const tail = toks.slice(k);
    const t = tail[0] === "x" ? tail.slice(1) : tail;
    if (!t.length || numberOf(t[0]!) === null) continue;
    const scan = scanLeading(t);
    // a bare number at the end is part of a name ("product 12", "vitamin b 12") unless written "x2"
    if (!scan || scan.used !== t.length || (scan.unit === null && tail[0] !== "x")) continue;
    const food = toks.slice(0, k).join(" ");
    if (words(food).length)
      return { food, amount: { quantity: round(scan.quantity), unit: scan.unit, text: tail.join(" ") } };
  }
  return { food: text.trim(), amount: null };
}

/** A text that is only an amount ("150.00 g", "2 cups", "1 large"), as another tracker's export writes one; else null. */
export function amountOnly(text: string): ParsedAmount | null {
  const toks = tokenize(text.trim());
  const lead = scanLeading(toks);
  if (!lead || lead.used !== toks.length) return null;
  return { quantity: round(lead.quantity), unit: lead.unit, text: toks.join(" ") };
}

/** Words that may stand with oats when they are only oats ("porridge oats", "rolled oats"). */
const OAT_WORDS = new Set([
  "oats",
  "oat",
  "porridge",
  "rolled",
  "jumbo",
  "quick",
  "steel",
  "cut",
  "scottish",
  "old",
  "fashioned",
]);

/**
 * The words to search for a food typed with this amount. A dish named with its measure is searched by
 * that name ("a bowl of cereal": the alias "bowl of cereal", cereal with milk, still one bowl of it).
 * Oats by weight are weighed dry, as they come from the packet ("100g oats", "40g porridge oats");
 * cooked oats are measured by the bowl or the cup.
 */
export function searchText(food: string, amount: ParsedAmount | null): string {
  if (!amount?.unit) return food;
  const measure = words(amount.text).filter((w) => !(w in NUMBER_WORDS) && numberOf(w) === null);
  const named = [...measure, ...words(food)].join(" ");
  if (measure.length && Object.hasOwn(ALIASES, named)) return named;
  if (!(amount.unit in MASS)) return food;
  const ws = words(food);
  return ws.some((w) => w === "oats" || w === "oat") && ws.every((w) => OAT_WORDS.has(w)) ? `${food} dry` : food;
}
