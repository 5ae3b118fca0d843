/**
 * Food search without SQLite: the server's own query parser and ranker (query.ts, rank.ts) over an
 * in-memory list. The web app bundles this file to search its offline copy of the catalogue
 * (scripts/build-web.ts) plus the person's own foods, so both sides rank with one ranker.
 *
 * What FTS5 does on the server is done here by a token check: a food is a candidate when, for
 * every query group, one alternative has all its words among the food's words (the last typed word
 * also as a prefix); when no food has every group, foods with any group are (FTS's looseMatch).
 * Ties that bm25 breaks on the server are broken by the shorter name. Pure: no DOM, no database.
 */
import { parseQuery, Vocabulary, type Alternative, type ParsedQuery } from "./query";
import { prepareName, score, type PreparedName, type RankInput } from "./rank";
import { stemmer } from "stemmer";
import { stem, words } from "./text";
import { namesFood, type TopFood } from "./sure";

interface Entry {
  id: number;
  prepared: PreparedName;
  tokens: string[];
  /** The name's words as FTS5's porter tokenizer stems them ("tomatoes" → tomato, "brownies" → browni). */
  porter: Set<string>;
}

const entry = (r: RankInput): Entry => {
  const ws = words(`${r.name} ${r.synonyms} ${r.brand ?? ""}`);
  return { id: r.id, prepared: prepareName(r), tokens: [...new Set(ws.map(stem))], porter: new Set(ws.map(porter)) };
};

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

const groupsMatched = (q: ParsedQuery, e: Entry) =>
  q.groups.filter((g) => g.alternatives.some((a) => altMatches(a, e))).length;

export interface MemorySearchOptions {
  limit: number;
  /** The person's own foods, ranked alongside (custom foods, say). */
  extra?: RankInput[];
  /** Per-food score boosts (foods the person logs often or lately). */
  boosts?: ReadonlyMap<number, number>;
}

export class MemorySearch {
  private readonly entries: Entry[];
  readonly vocab: Vocabulary;

  constructor(rows: readonly RankInput[]) {
    this.entries = rows.map(entry);
    this.vocab = new Vocabulary(rows.flatMap((r) => [r.name, r.synonyms]));
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Ids best first, as the server's FoodSearch ranks them (`total`: how many matched; `top`: the first
   * two of the whole ranking as sure.ts judges them, as FoodSearch gives them).
   */
  search(q: string, opts: MemorySearchOptions & { offset?: number }): number[] & { total?: number; top?: TopFood[] } {
    const query = parseQuery(q.trim(), this.vocab);
    if (!query.groups.length) return Object.assign([], { top: [] });
    const pool = opts.extra?.length ? [...this.entries, ...opts.extra.map(entry)] : this.entries;
    const all = query.groups.length;
    let found = pool.filter((e) => groupsMatched(query, e) === all);
    if (!found.length && all > 1) found = pool.filter((e) => groupsMatched(query, e) > 0);
    const offset = opts.offset ?? 0;
    const ranked = found
      .map((e) => ({ e, s: score(e.prepared, { query, boosts: opts.boosts }), len: e.tokens.length }))
      .sort((a, b) => b.s - a.s || a.len - b.len || a.e.id - b.e.id);
    const ids: number[] & { total?: number; top?: TopFood[] } = ranked
      .slice(offset, offset + opts.limit)
      .map((x) => x.e.id);
    ids.total = found.length;
    ids.top = ranked.slice(0, 2).map((x) => ({ id: x.e.id, score: x.s, named: namesFood(x.e.prepared, query) }));
    return ids;
  }
}
