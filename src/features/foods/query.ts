/**
 * Turns what a person typed into (1) an FTS5 MATCH expression that finds candidates and
 * (2) the parsed groups the ranker scores against. Pure: no database access.
 *
 * - Every word must match (AND); the last word also matches as a prefix (type-ahead).
 * - Known phrases ("ketchup", "minced beef", "yoghurt") add USDA's wording as alternatives.
 * - A word the catalogue has never seen gets its nearest catalogue words (typos).
 * - Everything is quoted, so FTS syntax in the input (`"`, `*`, `NEAR(`, `OR`) is just text.
 */
import { ALIASES } from "./ranking-data";
import { editDistance, ftsTerm, stem, words } from "./text";

export interface Alternative {
  /** Stemmed words that must all appear in the name. */
  words: string[];
  /** The last word may match as a prefix (only the typed words' last word). */
  prefixLast: boolean;
  /** Lower quality for typo corrections and alias expansions than for the literal words. */
  weight: number;
  /**
   * A correction of two letters (or an alias found only through one): it finds foods but does not name them
   * (sure.ts): "timbit" is no tilsit. A one-letter slip ("bananna") still names its food.
   */
  corrected?: boolean;
}

export interface Group {
  /** The words as typed, for display and for "does the query mention X" checks. */
  typed: string[];
  alternatives: Alternative[];
}

export interface ParsedQuery {
  groups: Group[];
  /** Stemmed typed words plus every alternative's words. */
  mentioned: Set<string>;
  /** Alias-preferred food ids, best first. */
  prefer: number[];
  /** The ids an alias naming the whole query points to ("mac and cheese"): the query names these foods. */
  named: number[];
  /** Expression for `food_fts MATCH ?`, or null when nothing searchable was typed. */
  match: string | null;
  /** Same groups OR-ed together: the fallback when no food has every word. */
  looseMatch: string | null;
}

/**
 * The catalogue's word list, for typo correction and type-ahead checks. The alias table's words are in
 * it too, so a misspelt alias ("abuergine", "pranws") corrects to the alias and finds its foods.
 */
export class Vocabulary {
  private readonly stems = new Set<string>();
  private readonly list: string[];
  /** How many names use each word: a typo between two words goes to the commoner ("brad" → bread, not bran). */
  private readonly uses = new Map<string, number>();
  constructor(texts: Iterable<string>) {
    for (const t of [...texts, ...Object.keys(ALIASES)]) {
      for (const w of new Set(words(t))) if (!/^\d/.test(w)) this.uses.set(w, (this.uses.get(w) ?? 0) + 1);
    }
    this.list = [...this.uses.keys()].sort();
    for (const w of this.list) this.stems.add(stem(w));
  }
  add(text: string): void {
    for (const w of words(text)) {
      if (!this.stems.has(stem(w))) this.list.push(w);
      this.stems.add(stem(w));
    }
  }
  knows(word: string): boolean {
    return this.stems.has(stem(word));
  }
  hasPrefix(prefix: string): boolean {
    // binary search in the sorted list (words added later are appended; a linear pass covers them)
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.list[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return (lo < this.list.length && this.list[lo]!.startsWith(prefix)) || this.list.some((w) => w.startsWith(prefix));
  }
  /** Nearest words within a small edit distance (with it): same first letter preferred, then the commoner word. */
  corrections(word: string, max = 3): { w: string; d: number }[] {
    const limit = word.length <= 5 ? 1 : 2;
    const found: { w: string; d: number; rank: number }[] = [];
    for (const w of this.list) {
      if (Math.abs(w.length - word.length) > limit) continue;
      const d = editDistance(word, w, limit);
      if (d <= limit) found.push({ w, d, rank: d + (w[0] === word[0] ? 0 : 0.5) });
    }
    // only the nearest: a word one edit away is what was meant over any two away ("pecasn" → pecans, not peas)
    const nearest = Math.min(...found.map((f) => f.d));
    return found
      .filter((f) => f.d === nearest)
      .sort(
        (a, b) => a.rank - b.rank || (this.uses.get(b.w) ?? 0) - (this.uses.get(a.w) ?? 0) || a.w.localeCompare(b.w),
      )
      .slice(0, max)
      .map(({ w, d }) => ({ w, d }));
  }
}

const STOP_WORDS = new Set(["a", "an", "the", "of", "and", "with", "in", "on", "for", "or", "to", "some", "my"]);
const MAX_WORDS = 12;

/** The words that carry meaning: stop words go ("mac and cheese" → mac, cheese). */
const contentWords = (ws: string[]) => ws.filter((w) => !STOP_WORDS.has(w));

/**
 * Alias keys spelled as queries are after stop words go; their USDA wording as stemmed content
 * words, because names are matched without their stop words too. Built on the first query, not
 * when the module loads: stemming every alias was about a millisecond of each server start.
 */
let aliasIndex: Map<string, (typeof ALIASES)[string] & { alsoWords: string[][] }> | null = null;
function aliases() {
  aliasIndex ??= new Map(
    Object.entries(ALIASES).map(
      ([k, v]) =>
        [
          contentWords(words(k)).join(" "),
          { ...v, alsoWords: v.also.map((a) => contentWords(words(a)).map(stem)) },
        ] as const,
    ),
  );
  return aliasIndex;
}

function altExpr(alt: string[], prefixLast: boolean): string {
  const terms = alt.map((w, i) => ftsTerm(w, prefixLast && i === alt.length - 1));
  return terms.length === 1 ? terms[0]! : `(${terms.join(" AND ")})`;
}

/** Parses a trimmed, non-empty query. */
export function parseQuery(q: string, vocab: Vocabulary): ParsedQuery {
  const all = words(q).slice(0, MAX_WORDS);
  const typed = contentWords(all);
  const ws = typed.length ? typed : all;
  const groups: Group[] = [];
  const prefer: number[] = [];
  const named: number[] = [];
  // A misspelt word read as its nearest catalogue word, for finding phrases ("chiken breast", "oatmeel")
  const fixes = ws.map((w, k) =>
    w.length >= 4 && !/^\d/.test(w) && !vocab.knows(w) && !(k === ws.length - 1 && vocab.hasPrefix(w))
      ? (vocab.corrections(w, 1)[0] ?? { w, d: 0 })
      : { w, d: 0 },
  );
  const fixed = fixes.map((f) => f.w);
  const index = aliases();
  let i = 0;
  while (i < ws.length) {
    // longest alias phrase starting at i, as typed or with its misspellings corrected
    let matched = 0;
    for (let n = Math.min(4, ws.length - i); n >= 1; n--) {
      const phrase = ws.slice(i, i + n).join(" ");
      const alias =
        index.get(phrase) ??
        index.get(
          ws
            .slice(i, i + n)
            .map(stem)
            .join(" "),
        ) ??
        index.get(fixed.slice(i, i + n).join(" ")) ??
        index.get(
          fixed
            .slice(i, i + n)
            .map(stem)
            .join(" "),
        );
      if (!alias) continue;
      const isLast = i + n === ws.length;
      // an alias reached only through a correction of two letters ("margarita" → margarine) is a guess: it does not
      // name the food; one letter ("chiken breast") is a slip of the finger
      const guessed = fixes.slice(i, i + n).some((f) => f.d >= 2);
      groups.push({
        typed: ws.slice(i, i + n),
        alternatives: [
          { words: ws.slice(i, i + n).map(stem), prefixLast: isLast, weight: 1 },
          // the phrase as corrected, when it was found that way ("chiken breast" → chicken breast)
          ...(fixed.slice(i, i + n).join(" ") !== phrase
            ? [{ words: fixed.slice(i, i + n).map(stem), prefixLast: false, weight: 0.8, corrected: guessed }]
            : []),
          ...alias.alsoWords.map((w) => ({ words: w, prefixLast: false, weight: 0.9, corrected: guessed })),
        ],
      });
      if (!alias.alone || n === ws.length)
        for (const id of alias.prefer ?? []) if (!prefer.includes(id)) prefer.push(id);
      if (n === ws.length && !guessed) named.push(...(alias.prefer ?? []));
      matched = n;
      break;
    }
    if (!matched && i === ws.length - 1 && ws.length >= 2 && ws[i]!.length >= 2) {
      // Type-ahead into a known phrase: "chicken bre" is on its way to "chicken breast".
      const before = ws.slice(0, i).join(" ");
      const key = [...index.keys()]
        .filter((k) => k.startsWith(`${before} ${ws[i]}`) && k.split(" ").length === ws.length)
        .sort((a, b) => a.length - b.length)[0];
      for (const id of key ? (index.get(key)!.prefer ?? []) : []) if (!prefer.includes(id)) prefer.push(id);
    }
    if (matched) {
      i += matched;
      continue;
    }
    const w = ws[i]!;
    const isLast = i === ws.length - 1;
    const alternatives: Alternative[] = [{ words: [stem(w)], prefixLast: isLast, weight: 1 }];
    const known = vocab.knows(w) || (isLast && vocab.hasPrefix(w));
    if (!known && w.length >= 4 && !/^\d/.test(w)) {
      // one edit away is likelier what was meant than two
      for (const c of vocab.corrections(w))
        alternatives.push({
          words: [stem(c.w)],
          prefixLast: false,
          weight: c.d <= 1 ? 0.8 : 0.65,
          corrected: c.d >= 2,
        });
    }
    groups.push({ typed: [w], alternatives });
    i++;
  }

  const mentioned = new Set<string>();
  for (const g of groups) for (const a of g.alternatives) for (const w of a.words) mentioned.add(w);
  for (const w of ws) mentioned.add(w);

  if (!groups.length) return { groups, mentioned, prefer, named, match: null, looseMatch: null };
  const exprs = groups.map((g) => {
    const alts = g.alternatives.map((a) => altExpr(a.words, a.prefixLast));
    return alts.length === 1 ? alts[0]! : `(${alts.join(" OR ")})`;
  });
  return {
    groups,
    mentioned,
    prefer,
    named,
    match: exprs.join(" AND "),
    looseMatch: exprs.length > 1 ? exprs.join(" OR ") : null,
  };
}
