/**
 * The second stage of food search: scores FTS candidates by what a person most likely means.
 * USDA names follow "Noun, qualifier, qualifier, state" ("Apples, raw, with skin"), so where the
 * query's words sit in the name says more than bm25 does. Pure functions over prepared names.
 *
 * Signals, strongest first: every query word present; the food's own noun (the head) is what was
 * asked for; whole words over prefixes; the entry an alias or the caller's history points to;
 * everyday generic entries; the cooked entry of what people eat cooked (grains, meat, fish), else
 * raw/plain over prepared forms, unless asked; fewer extra words; brand, baby, fast-food and
 * restaurant items only when asked. History ranks up only foods with every word typed. bm25 breaks ties.
 */
import { GENERIC_WORDS, type PreparedName } from "./prepared-name";
import type { Group, ParsedQuery } from "./query";
import { ASKS_UNCOOKED, DEMOTED_GROUPS, DEMOTED_HEADS, PREP_WORDS } from "./ranking-data";
import { stem } from "./text";

export { isComposedDish, prepareName, type PreparedName, type RankInput } from "./prepared-name";

interface GroupHit {
  quality: number;
  segments: number[];
  /** Name token → how well it was matched (1 whole word, 0.8 stem, 0.55 prefix). */
  tokens: Map<string, number>;
}

/** What may follow a word's stem in another form of it ("roast" → roasted, "brownie" → the stemmer's "browny"). */
const ENDINGS = new Set(["", "s", "es", "e", "d", "ed", "ing", "er", "ers", "y", "ies", "ie", "i"]);

function tokenMatch(word: string, token: string, prefix: boolean, literal = false): number {
  if (token === word) return 1;
  if (prefix && token.startsWith(word)) return 0.55;
  // FTS5's porter stemmer matched it ("roasted"/"roast", "fried"/"fry")
  const common = Math.min(word.length, token.length);
  let k = 0;
  while (k < common && word[k] === token[k]) k++;
  if (k < 4 || k < common - 2) return 0;
  // naming a food needs the same word in another form, not one that shares its start ("margarita", margarine)
  if (literal && !(ENDINGS.has(word.slice(k)) && ENDINGS.has(token.slice(k)))) return 0;
  return 0.8;
}

function matchGroup(g: Group, p: PreparedName, literal = false): GroupHit | null {
  let best: GroupHit | null = null;
  for (const alt of g.alternatives) {
    if (literal && alt.corrected) continue;
    let quality = 0;
    const segs: number[] = [];
    const tokens = new Map<string, number>();
    let ok = true;
    alt.words.forEach((w, wi) => {
      if (!ok) return;
      // a word being typed completes as a prefix; naming a food needs four letters of it ("pho" is no phosphate)
      const prefix = alt.prefixLast && wi === alt.words.length - 1 && (!literal || w.length >= 4);
      let bestQ = 0;
      let bestSeg = -1;
      let bestTok = "";
      p.segments.forEach((seg, si) => {
        for (const tok of seg) {
          const q = tokenMatch(w, tok, prefix, literal);
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
/**
 * Added for the person's own foods and recipes: one whose name has every word typed ranks above the
 * catalogue's (the person's "Chilli con carne" above canned chili), whatever curated priors (alias 12,
 * everyday 3) and history (at most 25) the catalogue food has.
 */
export const OWN_FOOD_BOOST = 40;

/** Catalogue ids end below this; own foods and recipes are above it (catalogue-source.ts). */
const OWN_FROM = 1_000_000;

/**
 * Whether a boost (history, own food) may lift this food for this query: its name has every word asked
 * ("beef stir fry" is not the chicken logged yesterday), and a catalogue food's preparation is asked too:
 * "wholemeal bread" stays bread after logging toast, unless "toast" is typed.
 */
export function boostApplies(p: PreparedName, query: ParsedQuery): boolean {
  if (!matchesAll(p, query)) return false;
  if (p.id >= OWN_FROM) return true;
  const said = [...query.mentioned].filter((m) => m.length >= 4);
  const asked = (w: string) => said.some((m) => w.startsWith(m) || m.startsWith(w));
  // a composed dish is named by its first word: "Porridge made with semi-skimmed milk" has every word of "a pint of
  // semi-skimmed milk" but is not the milk, so a bowl logged once must not lift it there
  const dishWord = p.composed ? p.segments[0]?.[0] : undefined;
  if (dishWord && dishWord.length >= 3 && !query.mentioned.has(dishWord) && !asked(dishWord)) return false;
  return p.prepWords.every(asked);
}

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
  // history and own foods rank up only a food whose name has every word asked ("beef stir fry" is not chicken),
  // in the preparation asked (boostApplies)
  const boost = ctx.boosts?.get(p.id) ?? 0;
  if (boost !== 0 && matched === groups.length && boostApplies(p, query)) s += boost;
  return s;
}

/**
 * Whether the food's name (or synonyms) has every word group of the query: what a boost needs. `literal`: as
 * typed or through an alias, not through a typo's correction (what naming the food needs, sure.ts).
 */
export function matchesAll(p: PreparedName, query: ParsedQuery, literal = false): boolean {
  return query.groups.every((g) => matchGroup(g, p, literal) !== null);
}
