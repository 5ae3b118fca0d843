/**
 * Food search: FTS5 finds candidates, rank.ts orders them. Extra candidates (the caller's
 * custom foods) and per-food boosts (the caller's history) plug in through `SearchOptions`,
 * so personalisation never touches the catalogue.
 */
import type { Catalogue } from "../../db/catalogue";
import { parseQuery, Vocabulary, type ParsedQuery } from "./query";
import { boostApplies, prepareName, score, type PreparedName, type RankInput } from "./rank";
import { Mutex } from "async-mutex";
import { CLOSE, namesFood, type TopFood } from "./sure";
import { Lru } from "../../lib/lru";
import type { Slicer } from "../../lib/pace";
import type { Awaitable } from "../../db/store";

/** `prepared`: the row's name already prepared for ranking (imported rows bring it from their own cache). */
type Candidates = (RankInput & { bm25?: number; prepared?: PreparedName })[];

/** Candidates ranked per query; broader queries keep bm25's best this many. */
const CANDIDATE_CAP = 3000;
/**
 * Scoring costs candidates × word groups: a 12-word query ranked 3,000 candidates in ~30 ms. Longer
 * queries keep bm25's best `SCORING_BUDGET / groups` (at least 500); up to 4 words keep all 3,000.
 */
const SCORING_BUDGET = 12_000;
/** What `warm()` ranks once at start-up: a word, two words, an alias, a typo, a prefix being typed. */
const WARM_QUERIES = ["apple", "chicken breast", "yoghurt", "bananna", "brea"];
/** Candidates scored between two chances for a paced search to hand the event loop back. */
const STEP = 128;

export interface SearchOptions {
  limit: number;
  offset: number;
  /** Custom foods that match the query (already filtered to the caller), ranked alongside. */
  extra?: (RankInput & { bm25?: number })[];
  boosts?: ReadonlyMap<number, number>;
  /** false ranks by the naming rules alone (no aliases' preferred ids, no everyday list). */
  curated?: boolean;
  /**
   * Imported Open Food Facts products matching an FTS5 expression (best first), ranked alongside: the
   * rows, or (on PostgreSQL) their promise, which only `searchPaced` waits for.
   */
  imported?: (match: string, limit: number) => Awaitable<Candidates>;
  /**
   * When given, the ranking before extras and boosts is kept under this key and the query: it must
   * name everything besides the catalogue that `imported` returns (the imported products' generation).
   */
  cacheKey?: string;
}

/** A first page of results (the API's default limit): a catalogue that fills it and is sure needs no imported products. */
const FULL_PAGE = 20;
/** Imported products considered per query (of possibly millions): the best by bm25. */
const IMPORTED_CAP = 200;

export interface SearchResult {
  ids: number[];
  total: number;
  /** The first two foods of the whole ranking (whatever the offset) as sure.ts judges them; kcal is the caller's. */
  top: TopFood[];
}

/** One query's candidates ranked without extras or boosts, best first, in typed arrays (24 bytes each). */
interface BaseRanking {
  query: ReturnType<typeof parseQuery>;
  ids: Float64Array;
  scores: Float64Array;
  bm25: Float64Array;
  total: number;
  /** id → position, built on the first personal search of this ranking. */
  at?: Map<number, number>;
  /** Imported products' prepared names (not in the catalogue's), for sure.ts. */
  imported: Map<number, PreparedName>;
}

type Ranked = { id: number; s: number; bm25: number };
const better = (a: Ranked, b: Ranked) => b.s - a.s || a.bm25 - b.bm25 || a.id - b.id;

export class FoodSearch {
  private index?: { prepared: Map<number, PreparedName>; vocab: Vocabulary };
  /** Base rankings by (options.cacheKey, query): the catalogue is read-only, the caller's key names the rest. */
  private readonly rankings = new Lru<string, BaseRanking>(300);
  /**
   * Paced rankings take turns, first come first served: eight expensive queries sliced side by side
   * still queued eight slices ahead of every other request (/healthz p99 94 ms); in turn, one slice.
   */
  private readonly turn = new Mutex();

  constructor(private readonly catalogue: Catalogue) {}

  /**
   * Every catalogue name prepared for ranking, and the vocabulary for typo fixes: built on the first
   * search (or by `warm()`, which the server calls once it listens) rather than at start-up.
   */
  private built() {
    if (this.index) return this.index;
    const rows: RankInput[] = this.catalogue.names();
    const prepared = new Map<number, PreparedName>();
    for (const r of rows) prepared.set(r.id, prepareName(r));
    return (this.index = { prepared, vocab: new Vocabulary(rows.flatMap((r) => [r.name, r.synonyms])) });
  }

  get vocab(): Vocabulary {
    return this.built().vocab;
  }

  /**
   * Builds the index, then ranks a few queries of each shape (one word, two, an alias, a typo), one per
   * turn of the event loop and kept nowhere: the first person's first search found the ranker's code not
   * yet compiled, the alias table not yet read and the FTS pages cold, ~0.1–0.3 s more than later ones on
   * a loaded box (issue 59's "first search after sign-in").
   */
  warm(): void {
    this.built();
    for (const q of WARM_QUERIES) setTimeout(() => this.search(q, { limit: 20, offset: 0 }), 0).unref();
  }

  /**
   * Ranks `q`. Boosts only add to a food's score and extras only add foods, so a personal search is
   * the cached base ranking with the few boosted or extra foods re-scored and merged back in order:
   * the same order a full re-sort gives (one total order: score, then bm25, then id).
   */
  search(q: string, opts: SearchOptions): SearchResult {
    const steps = this.base(q, opts);
    let r = steps.next();
    while (!r.done) {
      if (r.value instanceof Promise) throw new Error("FoodSearch.search: imported candidates came as a promise");
      r = steps.next();
    }
    return this.merge(r.value, opts);
  }

  /**
   * `search`, pausing (`slicer.pause`) every 128 candidates so a server answers other requests between
   * the slices of an expensive query (lib/pace.ts), one ranking at a time. Same answer as `search`.
   */
  async searchPaced(q: string, opts: SearchOptions, slicer: Pick<Slicer, "pause" | "wait">): Promise<SearchResult> {
    const hit = this.cached(q, opts);
    if (hit) return this.merge(hit, opts);
    const release = await slicer.wait(this.turn.acquire());
    try {
      const steps = this.base(q, opts);
      let r = steps.next();
      while (!r.done) {
        if (r.value instanceof Promise) r = steps.next(await slicer.wait(r.value));
        else {
          await slicer.pause();
          r = steps.next();
        }
      }
      return this.merge(r.value, opts);
    } finally {
      release();
    }
  }

  private merge(base: BaseRanking | null, opts: SearchOptions): SearchResult {
    if (!base) return { ids: [], total: 0, top: [] };
    const end = opts.offset + opts.limit;
    const moved: Ranked[] = [];
    const movedIds = new Set<number>();
    const own = new Map<number, PreparedName>();
    for (const e of opts.extra ?? []) {
      const p = prepareName(e);
      own.set(e.id, p);
      moved.push({
        id: e.id,
        s: score(p, { query: base.query, boosts: opts.boosts, curated: opts.curated }),
        bm25: e.bm25 ?? 0,
      });
    }
    if (opts.boosts?.size) {
      if (!base.at) {
        base.at = new Map();
        for (let i = 0; i < base.ids.length; i++) base.at.set(base.ids[i]!, i);
      }
      const { prepared } = this.built();
      for (const [id, boost] of opts.boosts) {
        const i = base.at.get(id);
        if (i === undefined || boost === 0) continue;
        // a loose (any-word) candidate keeps its place: history boosts only names with every word asked,
        // in the preparation asked (rank.ts boostApplies)
        const p = prepared.get(id);
        if (p && !boostApplies(p, base.query)) continue;
        moved.push({ id, s: base.scores[i]! + boost, bm25: base.bm25[i]! });
        movedIds.add(id);
      }
    }
    moved.sort(better);
    const ids: number[] = [];
    const scores: number[] = [];
    let m = 0;
    const until = Math.max(end, 2);
    for (let i = 0; ids.length < until && (i < base.ids.length || m < moved.length); ) {
      if (i < base.ids.length && movedIds.has(base.ids[i]!)) {
        i++;
        continue;
      }
      const fromBase = i < base.ids.length ? { id: base.ids[i]!, s: base.scores[i]!, bm25: base.bm25[i]! } : null;
      const next = fromBase && (m >= moved.length || better(fromBase, moved[m]!) < 0) ? fromBase : moved[m++]!;
      if (next === fromBase) i++;
      ids.push(next.id);
      scores.push(next.s);
    }
    const { prepared } = this.built();
    const top = ids.slice(0, 2).map((id, k) => {
      const p = own.get(id) ?? prepared.get(id) ?? base.imported.get(id);
      return { id, score: scores[k]!, named: p !== undefined && namesFood(p, base.query) };
    });
    return { ids: ids.slice(opts.offset, end), total: base.total + (opts.extra?.length ?? 0), top };
  }

  private key(q: string, opts: SearchOptions): string | undefined {
    return opts.cacheKey === undefined ? undefined : `${opts.cacheKey}|${opts.curated ?? true}|${q.toLowerCase()}`;
  }

  private cached(q: string, opts: SearchOptions): BaseRanking | undefined {
    const key = this.key(q, opts);
    return key === undefined ? undefined : this.rankings.get(key);
  }

  /**
   * The base ranking, yielding between steps of scoring (a generator, so `search` stays synchronous),
   * and yielding the imported candidates' promise to be resumed with its rows.
   */
  private *base(
    q: string,
    opts: SearchOptions,
  ): Generator<undefined | Promise<Candidates>, BaseRanking | null, unknown> {
    const hit = this.cached(q, opts);
    if (hit) return hit;
    const key = this.key(q, opts);
    const { prepared, vocab } = this.built();
    const query = parseQuery(q, vocab);
    if (!query.match) return null;
    const cap = Math.min(CANDIDATE_CAP, Math.max(500, Math.floor(SCORING_BUDGET / query.groups.length)));
    let rows = this.catalogue.search(query.match, cap);
    let matched = query.match;
    if (rows.length === 0 && query.looseMatch) {
      yield;
      rows = this.catalogue.search((matched = query.looseMatch), cap);
    }
    const ctx = { query, curated: opts.curated };
    const scored: Ranked[] = [];
    for (let i = 0; i < rows.length; i++) {
      if (i % STEP === 0) yield;
      const r = rows[i]!;
      scored.push({ id: r.id, s: score(prepared.get(r.id) ?? prepareName(r), ctx), bm25: r.bm25 });
    }
    yield;
    // Imported products are not read when the catalogue surely names the food and fills a first page: its best
    // candidate has every word typed and leads the next by CLOSE points ("cheddar cheese", "milk"). A product is
    // then found by the words that set it apart ("mature cheddar", its brand); with fewer catalogue foods than a
    // page ("hummus") they are read. Reading them cost a broad query more than its catalogue ranking.
    const catalogueAnswers = scored.length >= FULL_PAGE && namedAhead(scored, prepared, query);
    const got = opts.imported && !catalogueAnswers ? opts.imported(query.match, IMPORTED_CAP) : [];
    const imported = got instanceof Promise ? ((yield got) as Candidates) : got;
    const importedNames = new Map<number, PreparedName>();
    for (const e of imported) {
      const p = e.prepared ?? prepareName(e);
      importedNames.set(e.id, p);
      scored.push({ id: e.id, s: score(p, ctx), bm25: e.bm25 ?? 0 });
    }
    scored.sort(better);
    let total = scored.length;
    // A very broad query (one or two letters), or a long one past its cap: the exact count, past the ranked head.
    if (rows.length === cap) {
      yield;
      total = Math.max(total, this.catalogue.count(matched) + imported.length);
    }
    const ranking: BaseRanking = {
      query,
      ids: Float64Array.from(scored, (x) => x.id),
      scores: Float64Array.from(scored, (x) => x.s),
      bm25: Float64Array.from(scored, (x) => x.bm25),
      total,
      imported: importedNames,
    };
    if (key !== undefined) this.rankings.set(key, ranking);
    return ranking;
  }
}

/** Whether the best of `scored` names every word group of the query and leads the next by CLOSE points. */
function namedAhead(
  scored: readonly Ranked[],
  prepared: ReadonlyMap<number, PreparedName>,
  query: ParsedQuery,
): boolean {
  let first: Ranked | undefined;
  let second: Ranked | undefined;
  for (const r of scored) {
    if (!first || better(r, first) < 0) [first, second] = [r, first];
    else if (!second || better(r, second) < 0) second = r;
  }
  const p = first && prepared.get(first.id);
  return p !== undefined && namesFood(p, query) && (!second || first!.s - second.s >= CLOSE);
}
