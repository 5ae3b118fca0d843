/**
 * Food search: FTS5 finds candidates, rank.ts orders them. Extra candidates (the caller's
 * custom foods) and per-food boosts (the caller's history) plug in through `SearchOptions`,
 * so personalisation never touches the catalogue.
 */
import type { Catalogue } from "../../db/catalogue";
import { parseQuery, Vocabulary } from "./query";
import { prepareName, score, type PreparedName, type RankInput } from "./rank";

/** Candidates ranked per query; broader queries keep bm25's best this many. */
const CANDIDATE_CAP = 3000;

export interface SearchOptions {
  limit: number;
  offset: number;
  /** Custom foods that match the query (already filtered to the caller), ranked alongside. */
  extra?: (RankInput & { bm25?: number })[];
  boosts?: ReadonlyMap<number, number>;
  /** false ranks by the naming rules alone (no aliases' preferred ids, no everyday list). */
  curated?: boolean;
  /** Imported Open Food Facts products matching an FTS5 expression (best first), ranked alongside. */
  imported?: (match: string, limit: number) => (RankInput & { bm25?: number })[];
}

/** Imported products considered per query (of possibly millions): the best by bm25. */
const IMPORTED_CAP = 200;

export interface SearchResult {
  ids: number[];
  total: number;
}

export class FoodSearch {
  private readonly prepared = new Map<number, PreparedName>();
  readonly vocab: Vocabulary;

  constructor(private readonly catalogue: Catalogue) {
    const rows = catalogue.db
      .query("SELECT id, name, group_code, synonyms, portion_count, brand FROM food")
      .all() as RankInput[];
    for (const r of rows) this.prepared.set(r.id, prepareName(r));
    this.vocab = new Vocabulary(rows.flatMap((r) => [r.name, r.synonyms]));
  }

  search(q: string, opts: SearchOptions): SearchResult {
    const query = parseQuery(q, this.vocab);
    if (!query.match) return { ids: [], total: 0 };
    let rows = this.catalogue.search(query.match, CANDIDATE_CAP);
    if (rows.length === 0 && query.looseMatch) rows = this.catalogue.search(query.looseMatch, CANDIDATE_CAP);
    const scored: { id: number; s: number; bm25: number }[] = rows.map((r) => ({
      id: r.id,
      s: score(this.prepared.get(r.id) ?? prepareName(r), { query, boosts: opts.boosts, curated: opts.curated }),
      bm25: r.bm25,
    }));
    const imported = opts.imported ? opts.imported(query.match, IMPORTED_CAP) : [];
    for (const e of [...(opts.extra ?? []), ...imported]) {
      scored.push({ id: e.id, s: score(prepareName(e), { query, boosts: opts.boosts, curated: opts.curated }), bm25: e.bm25 ?? 0 });
    }
    scored.sort((a, b) => b.s - a.s || a.bm25 - b.bm25 || a.id - b.id);
    let total = scored.length;
    if (rows.length === CANDIDATE_CAP) {
      // A very broad query (one or two letters): the exact count, past the ranked head.
      total = this.catalogue.count(query.match) + (opts.extra?.length ?? 0) + imported.length;
    }
    // Pages end at offset 1000 (MAX_SEARCH_OFFSET), well inside the ranked head of 3000.
    const ids = scored.slice(opts.offset, opts.offset + opts.limit).map((x) => x.id);
    return { ids, total: Math.max(total, scored.length) };
  }
}
