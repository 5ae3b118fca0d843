/**
 * A person's region (ISO 3166-1 alpha-2, the account's `region`, API.md §Accounts): what a pint, a cup, a
 * tablespoon and a fluid ounce hold there, and the words read there first ("chips" are fries in Britain,
 * crisps in the US). Pure: the server's search and parse and the web app's offline search both use it.
 */
import { words } from "./text";

export const DEFAULT_REGION = "US";

/** Millilitres in one of each volume word that differs by country. */
export interface Measures {
  pint: number;
  cup: number;
  tbsp: number;
  tsp: number;
  floz: number;
  /** A single measure of spirits. */
  shot: number;
}

/**
 * US customary measures: what USDA's portions ("cup", "tbsp", "fl oz") are stated in. The cup is the customary
 * 8 US fl oz, 236.588 ml (NIST Handbook 44, Appendix C), what a person fills in a US kitchen; the FDA rounds it
 * to 240 ml for nutrition labels only (21 CFR 101.9(b)(5)(viii)), so a label's "1 cup (240 mL)" is read as the
 * label's grams, not here. The pint is 16 US fl oz, 473.176 ml.
 */
export const US_MEASURES: Measures = {
  pint: 473.176,
  cup: 236.588,
  tbsp: 14.787,
  tsp: 4.929,
  floz: 29.574,
  // a US shot is the 1.5 fl oz jigger, the "standard drink" of spirits (NIAAA)
  shot: 44.361,
};
/** Imperial pint and fluid ounce: the imperial gallon is 4.54609 l (UK Weights and Measures Act 1985), a pint
 * an eighth of it, 568.261 ml, and a fluid ounce a twentieth of the pint, 28.413 ml; Ireland pours the same pint. */
const IMPERIAL = new Set(["GB", "IE"]);
/** The US keeps its customary cup; the metric cup of 250 ml is Australia's and New Zealand's measuring cup, and the
 * cup in Canada's Food Guide and Health Canada's serving sizes ("250 mL (1 cup)"); British and Indian recipes in
 * cups use it too. Liberia and Myanmar keep US measures. */
const CUSTOMARY_CUP = new Set(["US", "LR", "MM"]);

/** Millilitres in a can of drink ("a can of coke"), and in a can of beer or cider where that differs. */
export interface Cans {
  can: number;
  beerCan: number;
}
/** A region's volume measures and its cans. */
export type RegionMeasures = Measures & Cans;

/** USDA's drink cans: 12 US fl oz, the can of the US and Canada. */
export const US_CAN_ML = 354.882;
/**
 * Cans (Wikipedia, "Beverage can", Capacity): 330 ml is Europe's standard can and South Africa's, and the can of
 * Britain, Ireland, New Zealand and India; in Britain 440 ml is the common can of lager and cider (Ireland pours the
 * same 440 ml "fat can", Guinness Draught's); Australia's standard can is 375 ml, soft drinks and beer alike (the
 * "tinnie"). Elsewhere the US's 12 fl oz, what USDA's "can" portions hold.
 */
function cansOf(r: string): Cans {
  if (r === "AU") return { can: 375, beerCan: 375 };
  if (IMPERIAL.has(r)) return { can: 330, beerCan: 440 };
  if (["NZ", "IN", "ZA"].includes(r)) return { can: 330, beerCan: 330 };
  return { can: US_CAN_ML, beerCan: US_CAN_ML };
}

/** The measures of a region; unknown or missing: the US's. */
export function measuresOf(region: string | null | undefined): RegionMeasures {
  const r = region ?? DEFAULT_REGION;
  if (r === "US") return { ...US_MEASURES, ...cansOf(r) };
  return {
    ...cansOf(r),
    // Australian and New Zealand pubs pour a 570 ml pint (a metric rounding of the imperial one); the UK and Ireland 568 ml
    pint: IMPERIAL.has(r) ? 568.261 : r === "AU" || r === "NZ" ? 570 : US_MEASURES.pint,
    cup: CUSTOMARY_CUP.has(r) ? US_MEASURES.cup : 250,
    // the Australian metric tablespoon is 20 ml, 4 teaspoons; elsewhere the metric tablespoon is 15 ml
    tbsp: r === "AU" ? 20 : 15,
    tsp: 5,
    floz: IMPERIAL.has(r) ? 28.413 : US_MEASURES.floz,
    shot: shotOf(r),
  };
}

/**
 * A pub's single measure of spirits: 25 ml in Britain (or 35 ml; the Weights and Measures (Intoxicating Liquor)
 * Order 1988 allows either, 25 is the commoner), 35.5 ml in Ireland (the quarter gill), 30 ml in Australia and New
 * Zealand (a nip) and India (a small peg); elsewhere the US's 1.5 fl oz (Canada's standard drink is 1.5 oz, 43 ml).
 */
function shotOf(r: string): number {
  if (r === "GB") return 25;
  if (r === "IE") return 35.5;
  if (["AU", "NZ", "IN"].includes(r)) return 30;
  return US_MEASURES.shot;
}

/** Canonical upper-case code of a region a browser or a person names ("gb", "GB"), or null if it is none. */
export function regionCode(raw: unknown): string | null {
  if (typeof raw !== "string" || !/^[A-Za-z]{2}$/.test(raw.trim())) return null;
  const code = raw.trim().toUpperCase();
  // Intl knows every assigned code; an unassigned one comes back as itself
  const name = new Intl.DisplayNames(["en"], { type: "region" }).of(code);
  return name && name !== code && name !== "Unknown Region" ? code : null;
}

/** The region of a browser language ("en-GB" → GB, "en-IN" → IN); a bare language: null. */
export function regionOfLanguage(language: string | null | undefined): string | null {
  const part = language?.split(/[-_]/)[1];
  return part ? regionCode(part) : null;
}

/** Where "chips" are chips as in fish and chips; elsewhere (the US, Canada) they are crisps. */
const CHIPS_ARE_FRIES = new Set(["GB", "IE", "AU", "NZ", "IN", "ZA"]);
/** Words that make "chips" some other chips whatever the country. */
const CHIP_KINDS = new Set(["potato", "tortilla", "corn", "chocolate", "banana", "kale", "pita", "apple", "fish"]);
/** Words that name the chip-shop dish itself ("chippy chips", Australia's "hot chips", "schnitzel with chips"):
 * the composed dishes carry these names, and "french fries" would find the frozen product instead. */
const CHIP_DISHES = new Set(["chippy", "hot", "shop", "schnitzel"]);

/**
 * A word whose food depends on the country: where it is read as `reads` (a phrase search knows, ranking-data.ts
 * ALIASES), unless a word beside it names the other food ("butternut squash" is the vegetable everywhere).
 */
interface RegionalWord {
  words: readonly string[];
  where: ReadonlySet<string>;
  reads: string;
  unless: ReadonlySet<string>;
}
/** Where "jelly" is the set dessert (US Jell-O), not jam. */
const BRITISH_ENGLISH = new Set(["GB", "IE", "AU", "NZ", "IN", "ZA"]);
/**
 * Where "squash" is the diluted fruit drink, read as the no-added-sugar squash Britain drinks (CoFID 17-846).
 * India's squash (Kissan, Rasna) is sugared and no such food is in the catalogue: there it stays the vegetable.
 */
const SQUASH_IS_A_DRINK = new Set(["GB", "IE", "AU", "NZ"]);
// biome-ignore format: one word a line
const REGIONAL_WORDS: readonly RegionalWord[] = [
  { words: ["squash"], where: SQUASH_IS_A_DRINK, reads: "squash drink",
    unless: new Set(["butternut", "summer", "winter", "acorn", "spaghetti", "hubbard", "kabocha", "yellow", "zucchini", "soup", "roast", "roasted", "baked", "mashed", "boiled", "steamed", "grilled", "stuffed", "raw", "cooked", "curry", "seeds", "seed", "pumpkin", "risotto", "drink"]) },
  // in the US and Canada a biscuit is the scone-like quick bread (biscuits and gravy); British biscuit names stay
  { words: ["biscuit", "biscuits"], where: new Set(["US", "CA"]), reads: "baked buttermilk biscuit",
    unless: new Set(["digestive", "digestives", "rich", "tea", "chocolate", "ginger", "gingernut", "custard", "cream", "bourbon", "shortbread", "oat", "oatmeal", "hobnob", "hobnobs", "anzac", "marie", "parle", "arrowroot", "dog", "gravy", "buttermilk", "sea", "ship", "water", "cheese", "sugar", "butter"]) },
  { words: ["jelly"], where: BRITISH_ENGLISH, reads: "jelly dessert",
    unless: new Set(["bean", "beans", "baby", "babies", "peanut", "jam", "sandwich", "toast", "grape", "apple", "crab", "royal", "petroleum", "tot", "tots", "roll", "pb", "mint", "redcurrant", "quince", "dessert"]) },
  // "a brew" in Britain and Ireland is a mug of tea with milk (semi-skimmed, the milk most drunk there); elsewhere it is slang for a beer
  { words: ["brew"], where: new Set(["GB", "IE"]), reads: "tea with semi-skimmed milk",
    unless: new Set(["coffee", "cold", "beer", "home", "homebrew", "kombucha", "tea", "builders"]) },
  // beans alone in Britain and Ireland are baked beans in tomato sauce ("half a tin of beans")
  { words: ["beans"], where: new Set(["GB", "IE"]), reads: "baked beans",
    unless: new Set(["baked", "green", "kidney", "black", "pinto", "broad", "runner", "french", "butter", "cannellini", "borlotti", "haricot", "mung", "soya", "soy", "coffee", "jelly", "edamame", "refried", "string", "toast", "chilli", "chili", "navy", "lima", "fava", "adzuki", "sprouts", "cocoa", "vanilla", "white", "red", "dried", "dry"]) },
  // in India tea is chai, brewed with milk and sugar (a cup of it ~80 kcal), unless another tea is named
  { words: ["tea"], where: new Set(["IN"]), reads: "masala chai",
    unless: new Set(["green", "black", "herbal", "iced", "ice", "lemon", "mint", "peppermint", "camomile", "chamomile", "jasmine", "oolong", "white", "rooibos", "earl", "grey", "masala", "chai", "cake", "biscuit", "biscuits", "without", "no"]) },
  // in India a pav is the soft bread roll of vada pav and pav bhaji; in Australia and New Zealand it is pavlova
  { words: ["pav", "pavs"], where: new Set(["IN"]), reads: "pav bun", unless: new Set(["bhaji", "vada", "pavlova", "misal", "usal"]) },
  // poha in India is flattened rice, which the catalogue lacks: read so, it is no longer USDA's groundcherries (Hawaiian
  // "poha") at full confidence, but a guess among rice dishes (sure.ts)
  { words: ["poha"], where: new Set(["IN"]), reads: "poha flattened rice", unless: new Set(["berry", "berries", "groundcherries"]) },
  // sprouts in India are sprouted mung beans (moong), eaten as a salad; elsewhere Brussels sprouts
  { words: ["sprouts"], where: new Set(["IN"]), reads: "mung bean sprouts", unless: new Set(["brussels", "brussel", "alfalfa", "broccoli"]) },
  // cider in Britain, Ireland, Australia and New Zealand is the alcoholic drink; in the US and Canada it is apple juice
  { words: ["cider", "ciders"], where: new Set(["GB", "IE", "AU", "NZ"]), reads: "hard cider", unless: new Set(["vinegar", "hard"]) },
  // in Britain, Ireland, Australia and New Zealand lemonade is the clear fizzy lemon-lime drink (R. White's, Sprite)
  { words: ["lemonade"], where: new Set(["GB", "IE", "AU", "NZ"]), reads: "lemonade soda",
    unless: new Set(["pink", "homemade", "fresh", "frozen", "powder", "concentrate", "soda", "shandy", "cloudy"]) },
];

/**
 * The food words as the region reads them, for search: "chips" alone or with a size ("a large chips") is fries
 * in Britain and potato chips in the US; "fish and chips" and "tortilla chips" are left as they are. `unit`: the
 * amount's, when one was read off ("a portion of" chips is a serving). "squash",
 * "biscuit", "jelly" and "lemonade" likewise (REGIONAL_WORDS).
 */
export function regionalText(food: string, region: string | null | undefined, unit?: string | null): string {
  const r = region ?? DEFAULT_REGION;
  let ws = words(food);
  let changed = false;
  for (const rw of REGIONAL_WORDS) {
    if (!rw.where.has(r) || ws.some((w) => rw.unless.has(w))) continue;
    const at = ws.findIndex((w) => rw.words.includes(w));
    if (at < 0) continue;
    ws = [...ws.slice(0, at), rw.reads, ...ws.slice(at + 1)];
    changed = true;
  }
  const at = ws.findIndex((w) => w === "chips" || w === "chip");
  if (at < 0 || ws.some((w) => CHIP_KINDS.has(w) || CHIP_DISHES.has(w))) return changed ? ws.join(" ") : food;
  const fries = CHIPS_ARE_FRIES.has(r);
  // "a bag of chips" where chips are fries is the chip shop's portion (the dish), not one fry of the frozen product
  if (fries && ws[at - 1] === "of" && (ws[at - 2] === "bag" || ws[at - 2] === "portion"))
    return [...ws.slice(0, at - 2), "chip shop chips", ...ws.slice(at + 1)].join(" ");
  // so is "a portion of chips", whose "portion of" the amount took (amount.ts reads it as a serving); a packet of
  // chips is crisps there too
  if (fries && unit === "serving" && ws.length === 1) return "chip shop chips";
  if (fries && unit === "packet" && ws.length === 1) return "potato chips";
  return [...ws.slice(0, at), fries ? "french fries" : "potato chips", ...ws.slice(at + 1)].join(" ");
}

const BRITAIN_IRELAND = new Set(["GB", "IE"]);
/**
 * Food names as the region says them, for display only (the catalogue's name stays the food's name and is shown
 * beside it): a British list reads "Courgette, raw" where USDA says zucchini. Each word where it is the usual one.
 */
// biome-ignore format: one word a line
const REGIONAL_NAMES: readonly { word: string; says: string; where: ReadonlySet<string> }[] = [
  { word: "zucchini", says: "courgette", where: BRITAIN_IRELAND },
  { word: "eggplant", says: "aubergine", where: BRITAIN_IRELAND },
  { word: "arugula", says: "rocket", where: new Set(["GB", "IE", "AU", "NZ"]) },
  { word: "cilantro", says: "coriander", where: new Set(["GB", "IE", "AU", "NZ", "IN", "ZA"]) },
  { word: "potato chips", says: "crisps", where: BRITAIN_IRELAND },
  { word: "french fries", says: "chips", where: BRITAIN_IRELAND },
  { word: "ground beef", says: "beef mince", where: new Set(["GB", "IE", "AU", "NZ"]) },
];

/** "Zucchini, raw" → "Courgette, raw" in Britain; a name without such a word, or another region: as it is. */
export function regionalName(name: string, region: string | null | undefined): string {
  const r = region ?? DEFAULT_REGION;
  let out = name;
  for (const { word, says, where } of REGIONAL_NAMES) {
    // "Coriander (cilantro) leaves" already says it
    if (!where.has(r) || new RegExp(`\\b${says}\\b`, "i").test(out)) continue;
    out = out.replace(new RegExp(`\\b${word}\\b`, "gi"), (m) =>
      m[0] === m[0]!.toUpperCase() ? says[0]!.toUpperCase() + says.slice(1) : says,
    );
  }
  return out;
}
