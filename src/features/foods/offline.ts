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
import { stem, words } from "./text";

interface Entry {
  id: number;
  prepared: PreparedName;
  tokens: string[];
}

const entry = (r: RankInput): Entry => ({
  id: r.id,
  prepared: prepareName(r),
  tokens: [...new Set(words(`${r.name} ${r.synonyms} ${r.brand ?? ""}`).map(stem))],
});

function altMatches(alt: Alternative, tokens: string[]): boolean {
  return alt.words.every((w, i) => {
    const prefix = alt.prefixLast && i === alt.words.length - 1;
    return tokens.some((t) => t === w || (prefix && t.startsWith(w)));
  });
}

const groupsMatched = (q: ParsedQuery, tokens: string[]) => q.groups.filter((g) => g.alternatives.some((a) => altMatches(a, tokens))).length;

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

  /** Ids best first, as the server's FoodSearch ranks them. */
  search(q: string, opts: MemorySearchOptions): number[] {
    const query = parseQuery(q.trim(), this.vocab);
    if (!query.groups.length) return [];
    const pool = opts.extra?.length ? [...this.entries, ...opts.extra.map(entry)] : this.entries;
    const all = query.groups.length;
    let found = pool.filter((e) => groupsMatched(query, e.tokens) === all);
    if (!found.length && all > 1) found = pool.filter((e) => groupsMatched(query, e.tokens) > 0);
    return found
      .map((e) => ({ id: e.id, s: score(e.prepared, { query, boosts: opts.boosts }), len: e.tokens.length }))
      .sort((a, b) => b.s - a.s || a.len - b.len || a.id - b.id)
      .slice(0, opts.limit)
      .map((x) => x.id);
  }
}
