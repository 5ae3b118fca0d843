/**
 * The second stage of food search: scores FTS candidates by what a person most likely means.
 * USDA names follow "Noun, qualifier, qualifier, state" ("Apples, raw, with skin"), so where the
 * query's words sit in the name says more than bm25 does. Pure functions over prepared names.
 *
 * Signals, strongest first: every query word present; the food's own noun (the head) is what was
 * asked for; whole words over prefixes; the entry an alias or the caller's history points to;
 * everyday generic entries; raw/plain over prepared forms unless asked; fewer extra words;
 * brand, baby, fast-food and restaurant items only when asked. bm25 breaks ties.
 */
import type { Group, ParsedQuery } from "./query";
import {
  ASKS_UNCOOKED,
  CATEGORY_HEADS,
  EATEN_COOKED_HEADS,
  DEMOTED_GROUPS,
  DEMOTED_HEADS,
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
const GENERIC_WORDS = new Set(GENERIC_QUALIFIERS.flatMap((g) => g.split(" ")));
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
  };
}

interface GroupHit {
  quality: number;
  segments: number[];
  /** Name token → how well it was matched (1 whole word, 0.8 stem, 0.55 prefix). */
  tokens: Map<string, number>;
}

function tokenMatch(word: string, token: string, prefix: boolean): number {
  if (token === word) return 1;
  if (prefix && token.startsWith(word)) return 0.55;
  // FTS5's porter stemmer matched it ("roasted"/"roast", "fried"/"fry")
  const common = Math.min(word.length, token.length);
  let k = 0;
  while (k < common && word[k] === token[k]) k++;
  if (k >= 4 && k >= common - 2) return 0.8;
  return 0;
}

function matchGroup(g: Group, p: PreparedName): GroupHit | null {
  let best: GroupHit | null = null;
  for (const alt of g.alternatives) {
    let quality = 0;
    const segs: number[] = [];
    const tokens = new Map<string, number>();
    let ok = true;
    alt.words.forEach((w, wi) => {
      if (!ok) return;
      const prefix = alt.prefixLast && wi === alt.words.length - 1;
      let bestQ = 0;
      let bestSeg = -1;
      let bestTok = "";
      p.segments.forEach((seg, si) => {
        for (const tok of seg) {
          const q = tokenMatch(w, tok, prefix);
          if (q > bestQ || (q === bestQ && q > 0 && si < bestSeg)) {
            bestQ = q;
            bestSeg = si;
            bestTok = tok;
          }
        }
      });
      if (bestQ === 0 && p.synonyms.has(w)) {
        bestQ = 0.7;
        bestSeg = 1;
      }
      if (bestQ === 0) {
        ok = false;
        return;
      }
      quality += bestQ;
      segs.push(bestSeg);
      if (bestTok) tokens.set(bestTok, Math.max(bestQ, tokens.get(bestTok) ?? 0));
    });
    if (!ok) continue;
    const hit = { quality: (quality / alt.words.length) * alt.weight, segments: segs, tokens };
    // An alias's USDA wording ("pork cured bacon") is more specific than the typed word: when it
    // matches well, it decides where in the name the query sits.
    if (
      !best ||
      (hit.quality >= 0.7 && hit.segments.length > best.segments.length) ||
      (hit.segments.length === best.segments.length && hit.quality > best.quality)
    ) {
      best = hit;
    }
  }
  return best;
}

export interface ScoreContext {
  query: ParsedQuery;
  /** false: rules only, without alias preferences and the everyday list (bench:search ablation). */
  curated?: boolean;
  /** Extra score per food id: the caller's custom foods and logging history. */
  boosts?: ReadonlyMap<number, number>;
}

/**
 * The boost for a food the person logged `n` times, last `daysAgo` days ago: it outranks the curated
 * priors (alias preference 12 + everyday 3), more often or more lately higher still; it must still
 * match the query. The server (custom-foods/personal.ts) and the web app's offline search use it.
 */
export const historyBoost = (n: number, daysAgo: number) =>
  14 + Math.min(8, 2 * Math.log2(1 + n)) + (daysAgo <= 7 ? 3 : 0);
/** Added for the person's own (custom) foods. */
export const OWN_FOOD_BOOST = 3;

/** Higher is better. */
export function score(p: PreparedName, ctx: ScoreContext): number {
  const { query } = ctx;
  const groups = query.groups;
  let matched = 0;
  let quality = 0;
  let headHits = 0;
  let segSum = 0;
  let segCount = 0;
  const used = new Map<string, number>();
  for (const g of groups) {
    const hit = matchGroup(g, p);
    if (!hit) continue;
    matched++;
    quality += hit.quality;
    headHits += hit.segments.filter((s) => s < p.headSize).length / hit.segments.length;
    for (const s of hit.segments) {
      segSum += s;
      segCount++;
    }
    for (const [t, q] of hit.tokens) used.set(t, Math.max(q, used.get(t) ?? 0));
  }
  const n = groups.length || 1;
  // How much of the food's own noun the query asked for, weighted by match quality: the first
  // segment, or for "Nuts, almonds"-style names the second.
  const coverage = (seg: string[] | undefined) =>
    seg?.length ? seg.reduce((acc, t) => acc + (used.get(t) ?? 0), 0) / seg.length : 0;
  // The first segment naming the food outranks a category's second ("Duck, …" over "Egg, duck").
  const headCovered = Math.max(coverage(p.segments[0]), p.headSize > 1 ? 0.75 * coverage(p.segments[1]) : 0);
  const extra = p.segments
    .filter((_, i) => !p.notes.has(i))
    .flat()
    .filter((t) => !used.has(t) && t.length > 2 && !GENERIC_WORDS.has(t)).length;

  let s = 40 * (matched / n);
  s += 8 * (headHits / n);
  s += 6 * headCovered;
  s += 4 * (quality / n);
  s -= 1.5 * (segCount ? segSum / segCount : 3);
  s -= 0.35 * Math.min(extra, 14);

  const mentions = (ws: Iterable<string>) => {
    for (const w of ws) if (query.mentioned.has(stem(w))) return true;
    return false;
  };
  const asksPrep = [...query.mentioned].some((w) => PREP_WORDS.has(w));
  // rice, pasta, lentils…: logged cooked, so the cooked entry leads unless raw or dry was asked for
  const cookedFirst = p.eatenCooked !== null && ![...query.mentioned].some((w) => ASKS_UNCOOKED.has(w));
  if (cookedFirst) s += p.eatenCooked === "cooked" ? (mentions(["breaded", "batter"]) ? 3 : p.cookBonus) : -2;
  else if (!asksPrep) {
    if (p.raw) s += 2;
    if (p.prepared) s -= 1;
  }
  // a composed dish is what was asked only when its whole name was ("latte"), not one of its parts ("granola")
  if (p.composed && headCovered < 0.99) s -= 3;
  s += Math.min(p.generic, 2) * 0.75;
  s += 0.4 * Math.log1p(p.portionCount);
  const curated = ctx.curated !== false;
  if (p.everyday && curated) s += 3;

  // Morsel's composed dishes are everyday dishes, not the frozen and canned entrees of their USDA group
  const demoted = p.groupCode && !p.composed ? DEMOTED_GROUPS[p.groupCode] : undefined;
  if (demoted && !mentions(demoted.words)) s -= demoted.penalty;
  for (const [head, penalty] of Object.entries(DEMOTED_HEADS)) {
    if ((p.headKey === head || p.headKey.startsWith(`${head} `)) && !mentions(head.split(" "))) s -= penalty;
  }
  const namesBrand = p.brandPhrases.some((phrase) => phrase.every((w) => query.mentioned.has(w)));
  if (p.branded && !namesBrand) s -= 3;
  const unasked = p.variants.filter((v) => !query.mentioned.has(v)).length;
  s -= 1.2 * Math.min(unasked, 2);

  const preferIndex = curated ? query.prefer.indexOf(p.id) : -1;
  if (preferIndex >= 0) s += 12 - Math.min(preferIndex, 4);
  // history and own foods rank up only a food whose name has every word asked ("beef stir fry" is not chicken)
  if (matched === groups.length) s += ctx.boosts?.get(p.id) ?? 0;
  return s;
}

/** Whether the food's name (or synonyms) has every word group of the query: what a boost needs. */
export function matchesAll(p: PreparedName, query: ParsedQuery): boolean {
  return query.groups.every((g) => matchGroup(g, p) !== null);
}
