/**
 * Food search without SQLite: the server's own query parser and ranker (query.ts, rank.ts) over an
 * in-memory list. The web app bundles this file to search its offline copy of the catalogue
 * (scripts/build-web.ts) plus the person's own foods, so both sides rank with one ranker.
 *
 * What FTS5 does on the server is done here by a token check: a food is a candidate when, for
 * every query group, one alternative has all its words among the food's words (the last typed word
 * also as a prefix); when no food has every group, foods with any group are (FTS's looseMatch).
 * Ties that bm25 breaks on the server are broken by the shorter name. Pure: no DOM, no database.
 *
 * The check is answered from an inverted index (word → foods), as FTS5 answers it, and a food's name is
 * prepared for ranking only when it is first a candidate: scanning all ~9,600 foods for every query and
 * preparing every name up front took a phone-speed browser ~0.9 s on the first offline search (issue 59).
 */
import { parseQuery, Vocabulary, type Alternative, type ParsedQuery } from "./query";
import { prepareName, score, type PreparedName, type RankInput } from "./rank";
import { stemmer } from "stemmer";
import { stem, words } from "./text";
import { namesFood, type TopFood } from "./sure";

interface Entry {
  id: number;
  input: RankInput;
  /** prepareName(input), made on the entry's first ranking. */
  prepared?: PreparedName;
  tokens: string[];
  /** The name's words as FTS5's porter tokenizer stems them ("tomatoes" → tomato, "brownies" → browni). */
  porter: Set<string>;
}

/** A food's words as the token check reads them (exported for the index's test). */
export const entry = (r: RankInput): Entry => {
  const ws = words(`${r.name} ${r.synonyms} ${r.brand ?? ""}`);
  return { id: r.id, input: r, tokens: [...new Set(ws.map(stem))], porter: new Set(ws.map(porter)) };
};

const prepared = (e: Entry): PreparedName => (e.prepared ??= prepareName(e.input));

/** Porter stems, as the server's FTS5 `porter` tokenizer makes them (npm stemmer: Martin Porter's algorithm). */
const porterCache = new Map<string, string>();
function porter(w: string): string {
  let s = porterCache.get(w);
  if (s === undefined) porterCache.set(w, (s = stemmer(w)));
  return s;
}

/** A word matches as FTS5 matches it on the server: the same porter stem, or (the last word) as a prefix. */
function altMatches(alt: Alternative, e: Entry): boolean {
  return alt.words.every((w, i) => {
    const prefix = alt.prefixLast && i === alt.words.length - 1;
    return e.porter.has(porter(w)) || e.tokens.some((t) => t === w || (prefix && t.startsWith(w)));
  });
}

/** How many of the query's groups the food has: the linear check the index answers (and own foods use). */
export const groupsMatched = (q: ParsedQuery, e: Entry) =>
  q.groups.filter((g) => g.alternatives.some((a) => altMatches(a, e))).length;

export interface MemorySearchOptions {
  limit: number;
  /** The person's own foods, ranked alongside (custom foods, say). */
  extra?: RankInput[];
  /** Per-food score boosts (foods the person logs often or lately). */
  boosts?: ReadonlyMap<number, number>;
}

/** Word → positions (in `entries`) of the foods that have it, in ascending order. */
type Postings = Map<string, number[]>;

function post(index: Postings, key: string, at: number) {
  const list = index.get(key);
  if (!list) index.set(key, [at]);
  else if (list[list.length - 1] !== at) list.push(at);
}

export class MemorySearch {
  private readonly entries: Entry[];
  /** Stemmed token → foods, and every token sorted (for the last word's prefix). */
  private readonly byToken: Postings = new Map();
  private readonly tokenList: string[];
  /** Porter stem → foods. */
  private readonly byPorter: Postings = new Map();
  readonly vocab: Vocabulary;

  constructor(rows: readonly RankInput[]) {
    this.entries = rows.map(entry);
    this.entries.forEach((e, at) => {
      for (const t of e.tokens) post(this.byToken, t, at);
      for (const p of e.porter) post(this.byPorter, p, at);
    });
    this.tokenList = [...this.byToken.keys()].sort();
    this.vocab = new Vocabulary(rows.flatMap((r) => [r.name, r.synonyms]));
  }

  get size(): number {
    return this.entries.length;
  }

  /** The catalogue foods with this alternative's every word, as `altMatches` decides it. */
  private altHits(alt: Alternative): Set<number> {
    let found: Set<number> | null = null;
    alt.words.forEach((w, i) => {
      if (found?.size === 0) return;
      const here = new Set<number>([...(this.byPorter.get(porter(w)) ?? []), ...(this.byToken.get(w) ?? [])]);
      if (alt.prefixLast && i === alt.words.length - 1)
        for (const t of this.withPrefix(w)) for (const at of this.byToken.get(t)!) here.add(at);
      found = found === null ? here : new Set([...found].filter((at) => here.has(at)));
    });
    return found ?? new Set();
  }

  /** Tokens starting with `w` (binary search for the first, then along the sorted list). */
  private *withPrefix(w: string): Generator<string> {
    let lo = 0;
    let hi = this.tokenList.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.tokenList[mid]! < w) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.tokenList.length && this.tokenList[i]!.startsWith(w); i++) yield this.tokenList[i]!;
  }

  /** Catalogue foods with every group (`loose`: with any), as the linear check finds them. */
  private candidates(query: ParsedQuery, loose: boolean): Entry[] {
    const groups = query.groups.map((g) => {
      const hits = new Set<number>();
      for (const a of g.alternatives) for (const at of this.altHits(a)) hits.add(at);
      return hits;
    });
    const [first, ...rest] = groups;
    const found = loose
      ? new Set(groups.flatMap((g) => [...g]))
      : [...first!].filter((at) => rest.every((g) => g.has(at)));
    return [...found].map((at) => this.entries[at]!);
  }

  /**
   * Ids best first, as the server's FoodSearch ranks them (`total`: how many matched; `top`: the first
   * two of the whole ranking as sure.ts judges them, as FoodSearch gives them).
   */
  search(q: string, opts: MemorySearchOptions & { offset?: number }): number[] & { total?: number; top?: TopFood[] } {
    const query = parseQuery(q.trim(), this.vocab);
    if (!query.groups.length) return Object.assign([], { top: [] });
    const all = query.groups.length;
    const extra = (opts.extra ?? []).map(entry);
    let found = [...this.candidates(query, false), ...extra.filter((e) => groupsMatched(query, e) === all)];
    if (!found.length && all > 1)
      found = [...this.candidates(query, true), ...extra.filter((e) => groupsMatched(query, e) > 0)];
    const offset = opts.offset ?? 0;
    const ranked = found
      .map((e) => ({ e, s: score(prepared(e), { query, boosts: opts.boosts }), len: e.tokens.length }))
      .sort((a, b) => b.s - a.s || a.len - b.len || a.e.id - b.e.id);
    const ids: number[] & { total?: number; top?: TopFood[] } = ranked
      .slice(offset, offset + opts.limit)
      .map((x) => x.e.id);
    ids.total = found.length;
    ids.top = ranked.slice(0, 2).map((x) => ({ id: x.e.id, score: x.s, named: namesFood(prepared(x.e), query) }));
    return ids;
  }
}
