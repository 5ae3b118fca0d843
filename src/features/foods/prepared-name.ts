/**
 * A food's name prepared once for ranking (rank.ts): its comma segments stemmed, its head noun, brand,
 * variant words, and whether it is the raw, cooked or coated form of a food people eat cooked. USDA
 * names follow "Noun, qualifier, qualifier, state" ("Apples, raw, with skin"). Pure.
 */
import {
  EATEN_COOKED_HEADS,
  CATEGORY_HEADS,
  EVERYDAY_FOODS,
  GENERIC_QUALIFIERS,
  PREP_WORDS,
  VARIANT_WORDS,
} from "./ranking-data";
import { stem, words } from "./text";

/** Composed dishes (scripts/catalogue/dishes.ts) are catalogue ids from 900001, below the custom range. */
export const isComposedDish = (id: number) => id >= 900_000 && id < 1_000_000;

/** What the ranker needs to know about one food, computed once per food. */
export interface PreparedName {
  id: number;
  /** Stemmed tokens per comma segment. */
  segments: string[][];
  /** Segments that came from parentheses: notes ("includes sourdough"), not qualifiers. */
  notes: Set<number>;
  /** Variant words ("reduced", "imitation", "meatless") the name carries. */
  variants: string[];
  /** Number of leading segments that form the food's noun (2 for "Nuts, almonds"). */
  headSize: number;
  headKey: string;
  synonyms: Set<string>;
  groupCode: string | null;
  /** Has an ALL-CAPS brand word, or a manufacturer. */
  branded: boolean;
  /** Each brand as its words ("TACO BELL" → taco, bell); a query names the brand only with all of them. */
  brandPhrases: string[][];
  raw: boolean;
  prepared: boolean;
  generic: number;
  portionCount: number;
  everyday: boolean;
  /** A dish composed from catalogue foods (ids 900001–999999, scripts/catalogue/dishes.ts). */
  composed: boolean;
  /** A food people eat cooked (rice, lentils, meat, fish…), and whether this entry is its cooked or its raw/dry form. */
  eatenCooked: "cooked" | "dry" | null;
  /** What the cooked form of a food eaten cooked gains: more for dry heat, less for breaded meat. */
  cookBonus: number;
  /**
   * The name's words of preparation that make it another food than the plain one ("toasted" bread, "fried"
   * egg); empty for the cooked entry of what people eat cooked, where cooking is the plain form.
   */
  prepWords: string[];
}

/** Food groups logged cooked unless the words say raw: poultry, pork, beef, fish and shellfish, lamb and game. */
const MEAT_GROUPS = new Set(["05", "10", "13", "15", "17"]);

export interface RankInput {
  id: number;
  name: string;
  group_code: string | null;
  synonyms: string;
  portion_count: number;
  brand: string | null;
}

const EVERYDAY = new Set(EVERYDAY_FOODS);
/** Words that carry no food meaning in a name ("Macaroni and cheese"): never count as uncovered. */
const NAME_STOPWORDS = new Set(["and", "or", "with", "without", "of", "in", "a", "the", "to", "from", "for", "s"]);
export const GENERIC_WORDS = new Set(GENERIC_QUALIFIERS.flatMap((g) => g.split(" ")));
const flatAll = (segs: string[][]) => segs.flat();
/** Forms sold to be made up; a name that also says "prepared" is the made-up food. */
const AS_EATEN_FORMS = new Set(["mix", "concentrate", "powder", "dehydrated"]);

export function prepareName(f: RankInput): PreparedName {
  const rawSegments: string[] = [];
  const notes = new Set<number>();
  // "Chickpeas (garbanzo beans, bengal gram), mature seeds, raw": the parenthesis is one note
  for (const m of f.name.matchAll(/\(([^)]*)\)?|([^,;()]+)/g)) {
    const text = (m[1] ?? m[2] ?? "").trim();
    if (!text) continue;
    if (m[1] !== undefined) notes.add(rawSegments.length);
    rawSegments.push(text);
  }
  // a brand is matched like a note ("quest" finds your "Protein bar" by Quest) without counting as extra words
  if (f.brand) {
    notes.add(rawSegments.length);
    rawSegments.push(f.brand);
  }
  const segments = rawSegments.map((s) =>
    words(s)
      .filter((w) => !NAME_STOPWORDS.has(w))
      .map(stem),
  );
  const first = rawSegments[0] ? words(rawSegments[0]).join(" ") : "";
  const headSize = CATEGORY_HEADS.has(first) && segments.length > 1 ? 2 : 1;
  // a composed dish's name says what it is, then what it is made of ("Burger, beef patty in a bun, …"): notes
  if (isComposedDish(f.id)) for (let i = 1; i < rawSegments.length; i++) notes.add(i);
  const flat = segments.flat();
  const lowerName = words(f.name).join(" ");
  const asEaten = /\b(prepared|reconstituted)\b/.test(lowerName) && !/\bunprepared\b/.test(lowerName);
  const capsWords = (f.name.match(/\b[A-Z][A-Z'&.-]{2,}\b/g) ?? []).filter(
    (w) => !["USDA", "NFS", "NLEA", "RTF", "UHT"].includes(w),
  );
  // runs of ALL-CAPS words form one brand phrase ("PIZZA HUT", "TACO BELL")
  const capsPhrases = (f.name.match(/\b[A-Z][A-Z'&.-]{2,}(?:\s+[A-Z][A-Z'&.-]{1,})*\b/g) ?? [])
    .map((p) =>
      words(p)
        .filter((w) => !["usda", "nfs", "nlea", "rtf", "uht"].includes(w))
        .map(stem),
    )
    .filter((p) => p.length > 0);
  const brandPhrases = [...capsPhrases, ...(f.brand ? [words(f.brand).map(stem)] : [])];
  const second = rawSegments[1] ? words(rawSegments[1]).join(" ") : "";
  const cookedHead =
    EATEN_COOKED_HEADS.has(first) ||
    (headSize === 2 && EATEN_COOKED_HEADS.has(second)) ||
    (first === "cereals" && second === "oats");
  const cookedForm = /\b(cooked|boiled|steamed|prepared with water|cooked with water)\b/.test(lowerName);
  const dryForm = /\b(raw|dry|uncooked|dried)\b/.test(lowerName);
  // meat and fish are logged as eaten: the cooked entry leads, raw only when asked (smoked, cured, canned: neither)
  // (oysters are eaten raw; canned fish is cooked; separable fat or skin alone is no one's meal)
  const meat = f.group_code !== null && MEAT_GROUPS.has(f.group_code) && !isComposedDish(f.id);
  const meatForm =
    !meat || /\boyster/.test(lowerName)
      ? null
      : /\b(separable fat|skin only)\b/.test(lowerName)
        ? "dry"
        : /\b(cooked|roasted|broiled|grilled|baked|braised|stewed|heat|pan browned|pan fried)\b/.test(lowerName)
          ? "cooked"
          : /\braw\b/.test(lowerName)
            ? "dry"
            : null;
  return {
    id: f.id,
    composed: isComposedDish(f.id),
    eatenCooked: cookedHead ? (cookedForm ? "cooked" : dryForm ? "dry" : null) : meatForm,
    // roasting, grilling and the like are how meat is usually cooked; breaded or battered is a dish of its own
    cookBonus: !meat
      ? 3
      : /\b(breaded|batter|battered|flour)\b/.test(lowerName)
        ? 1
        : /\b(roasted|broiled|grilled|baked|dry heat|pan browned)\b/.test(lowerName)
          ? 3.5
          : 3,
    segments,
    notes,
    // "Bread, cornbread, dry mix, prepared" is the food as eaten: its mix is not a variant.
    variants: [
      ...new Set(flatAll(segments).filter((w) => VARIANT_WORDS.has(w) && !(asEaten && AS_EATEN_FORMS.has(w)))),
    ],
    headSize,
    headKey: first,
    synonyms: new Set(words(f.synonyms).map(stem)),
    groupCode: f.group_code,
    branded: capsWords.length > 0 || f.brand !== null,
    brandPhrases,
    raw: flat.includes("raw") || flat.includes("fresh"),
    prepared: flat.some((w) => PREP_WORDS.has(w) && w !== "raw" && w !== "fresh"),
    generic: GENERIC_QUALIFIERS.filter((g) => ` ${lowerName} `.includes(` ${g} `)).length,
    portionCount: f.portion_count,
    everyday: EVERYDAY.has(f.id),
    prepWords:
      cookedHead || meatForm === "cooked"
        ? []
        : [...new Set(flat.filter((w) => PREP_WORDS.has(w) && !["raw", "fresh", "cooked", "dry"].includes(w)))],
  };
}
