/**
 * An amount as a serving of one food: one of its portions, or grams ("2 weetabix" → 2 biscuits,
 * "a glass of red wine" → its 5 fl oz serving, "200 g" → 200 g). Pure: the server and the web app's
 * offline search both use it.
 */
import { MASS, round, VOLUME_ML, type ParsedAmount } from "./amount";
import { stem, words } from "./text";
import { CRISPS_BAG_G, handful, isBagOfCrisps, PUNNET_G } from "./household-amounts";
import { type Cans, type Measures, US_CAN_ML, US_MEASURES } from "./region";

export interface AmountPortion {
  id: number;
  name: string;
  amount: number;
  grams: number;
}

/** A serving of one food: `quantity` of `portion_id`, or grams when it is null (the meals contract). */
export interface ResolvedAmount {
  quantity: number;
  portion_id: number | null;
  grams: number;
  /** A volume in the person's measures, as shown: "1 pint (568 ml)"; absent for other amounts. */
  measure?: string;
}

/** Volume words whose size depends on the country (region.ts). */
const REGIONAL: Record<string, keyof Measures> = {
  pint: "pint",
  cup: "cup",
  tbsp: "tbsp",
  tsp: "tsp",
  floz: "floz",
  shot: "shot",
};
const MEASURE_NAMES: Record<keyof Measures, [string, string]> = {
  pint: ["pint", "pints"],
  cup: ["cup", "cups"],
  tbsp: ["tbsp", "tbsp"],
  tsp: ["tsp", "tsp"],
  floz: ["fl oz", "fl oz"],
  shot: ["shot", "shots"],
};

/** "1 pint (568 ml)", "2 cups (500 ml)". */
function measureText(quantity: number, unit: keyof Measures, measures: Measures): string {
  const [one, many] = MEASURE_NAMES[unit];
  return `${round(quantity)} ${quantity === 1 ? one : many} (${Math.round(quantity * measures[unit])} ml)`;
}

const SYNONYM_UNITS: Record<string, string[]> = {
  piece: ["piece", "item", "each", "unit", "fruit", "whole"],
  whole: ["whole", "fruit", "medium", "item", "each"],
  serving: ["serving", "nlea serving", "portion", "order"],
  floz: ["fl oz"],
  // a glass of wine is its 5 fl oz serving; a glass of milk or juice, with no serving, a cup
  glass: ["glass", "serving", "cup"],
  mug: ["mug", "cup"],
};

/** The portion a unit names: its name starts with the unit ("cup, chopped", "slice (1 oz)"), or a synonym's. */
function portionFor(unit: string, portions: readonly AmountPortion[]): AmountPortion | null {
  for (const n of SYNONYM_UNITS[unit] ?? [unit]) {
    const key = words(n).map(stem).join(" ");
    const named = (x: AmountPortion) => words(x.name).map(stem).join(" ");
    // the plain "slice" before "slice, large"
    const p = portions.find((x) => named(x) === key) ?? portions.find((x) => named(x).startsWith(`${key} `));
    if (p && p.grams > 0 && p.amount > 0) return p;
  }
  return null;
}

/** Portion names that measure rather than count: a count of the food is not a count of these. */
const MEASURE_WORDS = new Set([
  "cup",
  "tbsp",
  "tablespoon",
  "tsp",
  "teaspoon",
  "oz",
  "fl",
  "g",
  "lb",
  "serving",
  "nlea",
  "package",
  "container",
  "portion",
  "quart",
  "pint",
  "bunch",
  "head",
  "order",
  "pie",
  "pizza",
  "recipe",
  "loaf",
]);
/** Portions that are one of anything ("fruit (2-5/8\" dia)", "each"), after a medium one. */
const ITEM_WORDS = ["fruit", "piece", "each", "item", "whole"];
/** Portions that are one of some things, after the default and the food's own noun ("biscuit" of Weetabix). */
const THING_WORDS = [
  "biscuit",
  "slice",
  "cookie",
  "cracker",
  "cake",
  "link",
  "patty",
  "bar",
  "stick",
  "large",
  "small",
];

const isMeasure = (p: AmountPortion) => MEASURE_WORDS.has(words(p.name)[0] ?? "") || /\byield\b/.test(p.name);
/** A portion whose name starts with one of these words (stemmed). */
const startsWith = (p: AmountPortion, ws: readonly string[]) => ws.includes(stem(words(p.name)[0] ?? ""));

/**
 * The portion a count of this food means ("2 weetabix": biscuits, "10 almonds": almonds, "an orange": a
 * medium one): a medium one, else one of anything, the default when it counts, one named after the food,
 * one of some thing, else the default portion whatever it is (a coffee is its cup).
 */
export function countPortion(
  portions: readonly AmountPortion[],
  defaultPortion: AmountPortion | null,
  foodWords: readonly string[] = [],
): AmountPortion | null {
  const ok = (p: AmountPortion | undefined) => (p && p.grams > 0 && p.amount > 0 ? p : undefined);
  const one = (pred: (p: AmountPortion) => boolean) => ok(portions.find((p) => !isMeasure(p) && pred(p)));
  const own = foodWords.map(stem);
  const named = (p: AmountPortion) => own.length > 0 && !isMeasure(p) && startsWith(p, own);
  const size = (p: AmountPortion) => startsWith(p, ["large", "small", "extra"]);
  // a drink stated by the fluid ounce or a food by the spoon is not had one ounce at a time: "a milkshake" is its
  // container, "a gatorade" its bottle, "a ginger ale" its 12 fl oz can
  const container = defaultPortion && isSmallMeasure(defaultPortion) ? nearestContainer(portions) : undefined;
  return (
    one((p) => startsWith(p, ["medium"])) ??
    // the food's own noun: "a sushi roll" is the roll, "2 tortillas" its (default) medium tortilla
    (defaultPortion && named(defaultPortion) ? defaultPortion : one(named)) ??
    ITEM_WORDS.map((w) => one((p) => startsWith(p, [w]))).find(Boolean) ??
    (defaultPortion && !isMeasure(defaultPortion) && !size(defaultPortion) ? defaultPortion : undefined) ??
    THING_WORDS.map((w) => one((p) => startsWith(p, [w]))).find(Boolean) ??
    container ??
    defaultPortion
  );
}

/** A fluid ounce, a spoon or an ounce: a measure of a few grams, not a thing one has. */
const isSmallMeasure = (p: AmountPortion) => /^(fl oz|oz|tbsp|tsp)\b/.test(p.name) && p.grams / p.amount <= 45;
const CONTAINER = /^(can|bottle|container|carton|glass)\b/;
/** The food's can, bottle or container nearest the 12 fl oz (355 ml) single serve. */
function nearestContainer(portions: readonly AmountPortion[]): AmountPortion | undefined {
  let best: AmountPortion | undefined;
  const away = (p: AmountPortion) => Math.abs(p.grams / p.amount - 355);
  for (const p of portions)
    if (CONTAINER.test(p.name) && p.grams > 0 && p.amount > 0 && (!best || away(p) < away(best))) best = p;
  return best;
}

/**
 * `amount` as a serving of a food with these portions. A count uses the food's countable portion; a
 * weight is grams; a named unit ("slice", "cup", "medium") uses the portion of that name; a volume
 * without one converts through a volume portion the food has (its own density), else as water.
 * Null when the food has no way to measure it.
 */
export function resolveAmount(
  amount: ParsedAmount,
  portions: readonly AmountPortion[],
  defaultPortion: AmountPortion | null,
  /** The words typed for the food, so "10 almonds" finds the portion "almond". */
  foodWords: readonly string[] = [],
  /** What a pint, a cup, a tablespoon hold where the person lives (region.ts); USDA's portions are US measures. */
  measures: Measures & Partial<Cans> = US_MEASURES,
): ResolvedAmount | null {
  const { quantity, unit } = amount;
  const regional = unit === null ? undefined : REGIONAL[unit];
  if (regional) {
    const r = resolveVolume(quantity, unit!, portions, measures);
    return { ...r, measure: measureText(quantity, regional, measures) };
  }
  const grams = (g: number): ResolvedAmount => ({ quantity: round(g), portion_id: null, grams: round(g) });
  if (isBagOfCrisps(unit, foodWords)) {
    const g = quantity * CRISPS_BAG_G;
    return { ...grams(g), measure: `${round(quantity)} ${quantity === 1 ? "bag" : "bags"} (${round(g)} g)` };
  }
  const of = (p: AmountPortion, n: number): ResolvedAmount => ({
    quantity: round(n),
    portion_id: p.id,
    grams: round((n * p.grams) / p.amount),
  });
  if (unit === null) {
    const p = countPortion(portions, defaultPortion, foodWords);
    if (!p) return null;
    // one is the whole stated portion when it is stated as a part: "6 inch" of a sub, USDA's "0.5 breast" (one
    // side, what people call a chicken breast) or "0.5 fillet"; "4 large" shrimp is 4 single ones
    // a measure the food is stated in ("3 oz" of a steak, "10 strip" of fries) is one serving of it, not a third
    return /\binch/.test(p.name) || p.amount < 1 || isMeasure(p) ? of(p, quantity * p.amount) : of(p, quantity);
  }
  if (unit in MASS) return grams(quantity * MASS[unit]!);
  if (unit === "can") {
    const can = regionalCan(quantity, portions, foodWords, measures);
    if (can) return can;
  }
  const named = portionFor(unit, portions);
  if (named) return of(named, quantity);
  if (unit in VOLUME_ML) return resolveVolume(quantity, unit, portions, measures);
  // "a portion of fries" with no portion of that name is the food's default portion as stated: its "10 strip"
  // (89 g), not one strip
  if (["piece", "whole", "large", "medium", "small", "serving"].includes(unit) && defaultPortion)
    return of(defaultPortion, quantity * (unit === "piece" ? 1 : defaultPortion.amount));
  if (unit === "handful") return handful(quantity, foodWords);
  if (unit === "punnet") {
    const g = round(quantity * PUNNET_G);
    return {
      quantity: g,
      portion_id: null,
      grams: g,
      measure: `${round(quantity)} ${quantity === 1 ? "punnet" : "punnets"} (${g} g)`,
    };
  }
  // "a double vodka" is two of the region's shots
  if (unit === "double") {
    const r = resolveVolume(quantity * 2, "shot", portions, measures);
    return {
      ...r,
      measure: `${round(quantity)} ${quantity === 1 ? "double" : "doubles"} (${Math.round(quantity * 2 * measures.shot)} ml)`,
    };
  }
  return null;
}

/** Drinks poured from the beer can where that differs from the soft-drink can (region.ts cansOf). */
// biome-ignore format: a word list
const BEER_WORDS = new Set(["beer", "beers", "lager", "lagers", "cider", "ciders", "ale", "ales", "bitter", "stout", "ipa"]);

/**
 * A can of drink where the person lives, when it is not USDA's 12 fl oz: "a can of coke" in Britain is 330 ml,
 * at the drink's own weight per fl oz. Null for any other can (USDA's soup "can" is no 12 fl oz of a drink) or
 * where the region's can is USDA's.
 */
function regionalCan(
  quantity: number,
  portions: readonly AmountPortion[],
  foodWords: readonly string[],
  cans: Partial<Cans>,
): ResolvedAmount | null {
  const can = portionFor("can", portions);
  const floz = portionFor("floz", portions);
  if (!can || !floz || cans.can === undefined || cans.beerCan === undefined) return null;
  const gramsPerMl = floz.grams / floz.amount / US_MEASURES.floz;
  if (Math.abs(can.grams / can.amount / gramsPerMl - US_CAN_ML) > US_CAN_ML * 0.1) return null;
  const ml = foodWords.some((w) => BEER_WORDS.has(w)) ? cans.beerCan : cans.can;
  if (Math.abs(ml - US_CAN_ML) <= US_CAN_ML * 0.02) return null;
  const g = round(quantity * ml * gramsPerMl);
  return {
    quantity: g,
    portion_id: null,
    grams: g,
    measure: `${round(quantity)} ${quantity === 1 ? "can" : "cans"} (${Math.round(ml)} ml)`,
  };
}

/** A portion that states its own millilitres unlike the person's measure: a dish's "pint (568 ml)" is no US pint. */
function statesOther(p: AmountPortion, regional: keyof Measures | undefined, measures: Measures): boolean {
  const ml = /\((\d+(?:\.\d+)?)\s*ml\)/i.exec(p.name);
  if (!ml || !regional) return false;
  return Math.abs(Number(ml[1]) / p.amount - measures[regional]) > measures[regional] * 0.02;
}

/**
 * A volume as a serving: the food's portion of that name when the person's measure is the US one USDA states
 * (a US cup of rice is its "cup" portion), else grams through a volume portion the food has (its own
 * density: "1 pint" of beer in Britain is 568 ml at beer's weight per fl oz), else as water.
 */
function resolveVolume(
  quantity: number,
  unit: string,
  portions: readonly AmountPortion[],
  measures: Measures,
): ResolvedAmount {
  const regional = REGIONAL[unit];
  const named = portionFor(unit, portions);
  if (named && (!regional || measures[regional] === US_MEASURES[regional]) && !statesOther(named, regional, measures))
    return { quantity: round(quantity), portion_id: named.id, grams: round((quantity * named.grams) / named.amount) };
  const ml = quantity * (regional ? measures[regional] : VOLUME_ML[unit]!);
  const grams = (g: number): ResolvedAmount => ({ quantity: round(g), portion_id: null, grams: round(g) });
  for (const name of ["cup", "tbsp", "tsp", "floz"] as const) {
    const p = portionFor(name, portions);
    if (p) return grams((ml / US_MEASURES[name]) * (p.grams / p.amount));
  }
  // a cup stated inside another portion's name: ice cream's "serving 1/2 cup" (66 g) makes a cup 132 g, not water's 237
  for (const p of portions) {
    const m = /(?:^|\s)(\d+)(?:\/(\d+))?\s+cups?\b/.exec(p.name);
    const cups = m ? Number(m[1]) / Number(m[2] ?? 1) : 0;
    if (cups > 0 && p.grams > 0 && p.amount > 0) return grams((ml / US_MEASURES.cup) * (p.grams / p.amount / cups));
  }
  return grams(ml); // no volume portion: as water
}
