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
}

/** US customary measures: what USDA's portions ("cup", "tbsp", "fl oz") are stated in. */
export const US_MEASURES: Measures = { pint: 473.176, cup: 236.588, tbsp: 14.787, tsp: 4.929, floz: 29.574 };
/** Imperial pint and fluid ounce (the UK and Ireland's pub pint is 568 ml). */
const IMPERIAL = new Set(["GB", "IE"]);
/** The US keeps its customary cup; most other countries cook with a metric cup of 250 ml. */
const CUSTOMARY_CUP = new Set(["US", "LR", "MM"]);

/** The measures of a region; unknown or missing: the US's. */
export function measuresOf(region: string | null | undefined): Measures {
  const r = region ?? DEFAULT_REGION;
  if (r === "US") return US_MEASURES;
  return {
    // Australia and New Zealand pour a 570 ml pint; the UK and Ireland 568 ml
    pint: IMPERIAL.has(r) ? 568.261 : r === "AU" || r === "NZ" ? 570 : US_MEASURES.pint,
    cup: CUSTOMARY_CUP.has(r) ? US_MEASURES.cup : 250,
    // an Australian tablespoon is 4 teaspoons
    tbsp: r === "AU" ? 20 : 15,
    tsp: 5,
    floz: IMPERIAL.has(r) ? 28.413 : US_MEASURES.floz,
  };
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

/**
 * The food words as the region reads them, for search: "chips" alone or with a size ("a large chips") is fries
 * in Britain and potato chips in the US; "fish and chips" and "tortilla chips" are left as they are.
 */
export function regionalText(food: string, region: string | null | undefined): string {
  const ws = words(food);
  const at = ws.findIndex((w) => w === "chips" || w === "chip");
  if (at < 0 || ws.some((w) => CHIP_KINDS.has(w))) return food;
  const fries = CHIPS_ARE_FRIES.has(region ?? DEFAULT_REGION);
  return [...ws.slice(0, at), fries ? "french fries" : "potato chips", ...ws.slice(at + 1)].join(" ");
}
