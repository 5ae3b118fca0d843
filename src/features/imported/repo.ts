/** Imported products (Open Food Facts), shared by all users; ids from 2,000,000,000. */
import { eq, inArray } from "drizzle-orm";
import { FreshMap } from "../../db/fresh-map";
import { all, dialect, one, row, rows, run, type Q } from "../../db/q";
import type { importedProducts } from "../../db/schema";
import type { Awaitable, Store } from "../../db/store";
import { allNutrients, macros } from "../foods/food-parts";
import type { FoodT } from "../foods/model";
import { prepareName, type PreparedName, type RankInput } from "../foods/rank";
import { Lru } from "../../lib/lru";
import { OFF_ATTRIBUTION, type ImportedRecord } from "./off";
import { matchPossible, matchTerms, matchTokens } from "./match-terms";

export const IMPORTED_ID_BASE = 2_000_000_000;
export const isImportedId = (id: number) => id >= IMPORTED_ID_BASE;
export type ImportedRow = typeof importedProducts.$inferSelect;

/** Matches up to which imported search candidates are ranked by bm25 (see searchCandidates). */
const PROBE = 2000;
/**
 * At most this many imported candidates go to the ranker, whatever search asks for: each is prepared
 * and scored afresh (imported names are not pre-prepared as the catalogue's are). Side by side over the
 * everyday queries with 282,000 imported products, 60 instead of 200 took search p99 from 109 to 75 ms and
 * p50 from 7.0 to 5.9 ms on a loaded box (load 19; /tmp profile, interleaved runs); a page shows 20, and
 * the imported products that rank there are among bm25's best 60.
 */
const RANKED = 60;

/** Imported products carry one portion, their serving; its id is derived from the product id. */
export const servingPortionId = (productId: number) => productId;

export function importedFood(row: ImportedRow): FoodT {
  const portion = row.servingGrams
    ? { id: servingPortionId(row.id), name: row.servingName ?? "serving", amount: 1, grams: row.servingGrams }
    : null;
  return {
    id: row.id,
    name: row.name,
    short_name: row.name,
    origin: null,
    source: "openfoodfacts",
    brand: row.brand,
    barcode: row.gtin,
    group: null,
    ...macros(row.nutrients),
    default_portion: portion,
    nutrients: allNutrients(row.nutrients),
    portions: portion ? [portion] : [],
    attribution: { source: "Open Food Facts", licence: "ODbL 1.0", notice: row.attribution },
  };
}

export type UpsertOutcome = "inserted" | "updated" | "unchanged";

/**
 * The text search, in each dialect. SQLite: the FTS5 table (porter stemming) and its bm25 (lower is
 * better). PostgreSQL: the GIN index over to_tsvector('english', …) (Snowball stemming), the query
 * turned into a tsquery (`tsquery` below), and minus ts_rank as the bm25, so lower is better there
 * too. PostgreSQL's `english` does not fold diacritics in product names; the typed words are folded.
 */
const WORDS = "to_tsvector('english', p.name || ' ' || coalesce(p.brand, ''))";
const RANK_INPUT =
  "p.id, p.name, NULL AS group_code, '' AS synonyms, CASE WHEN p.serving_grams IS NULL THEN 0 ELSE 1 END AS portion_count, p.brand";
/** How many products match, counted up to the bound (`?`): the probe reads no row, only the index. */
const PROBE_SQL = {
  sqlite: "SELECT count(*) AS n FROM (SELECT 1 FROM imported_fts WHERE imported_fts MATCH ? LIMIT ?)",
  pg: `SELECT count(*)::int AS n FROM (SELECT 1 FROM imported_products p WHERE ${WORDS} @@ to_tsquery('english', ?) LIMIT ?) m`,
};
/** Whether any product has one word of a match (`"word"` or `"wo"*`): reads one index entry. */
const TERM_SQL = {
  sqlite: "SELECT 1 AS n FROM imported_fts WHERE imported_fts MATCH ? LIMIT 1",
  pg: `SELECT 1 AS n FROM imported_products p WHERE ${WORDS} @@ to_tsquery('english', ?) LIMIT 1`,
};
/** The first matches in index order, with what ranking reads: a broad match's sample. */
const SAMPLE_SQL = {
  sqlite: `SELECT ${RANK_INPUT} FROM imported_fts JOIN imported_products p ON p.id = imported_fts.rowid
    WHERE imported_fts MATCH ? ORDER BY imported_fts.rowid LIMIT ?`,
  pg: `SELECT ${RANK_INPUT} FROM imported_products p WHERE ${WORDS} @@ to_tsquery('english', ?) LIMIT ?`,
};
const CANDIDATES_SQL = {
  sqlite: `SELECT ${RANK_INPUT}, bm25(imported_fts) AS bm25
    FROM imported_fts JOIN imported_products p ON p.id = imported_fts.rowid
    WHERE imported_fts MATCH ? ORDER BY bm25 LIMIT ?`,
  pg: `SELECT ${RANK_INPUT}, -ts_rank(${WORDS}, q) AS bm25 FROM imported_products p, to_tsquery('english', ?) q
    WHERE ${WORDS} @@ q ORDER BY bm25, p.id LIMIT ?`,
};
/**
 * One step of merging the text index into one b-tree. An import writes it as many small b-trees (one
 * per batch, merged only a few at a time), and every search reads each of them: after a 265,000-product
 * import, the median FTS read of the bench's queries took 0.05 ms merged against 0.30 ms as written.
 * SQLite: FTS5's incremental 'merge' with a negative page count (every level, at most that many pages
 * written, so a step holds the write lock briefly); PostgreSQL: the GIN index's pending list, which
 * every search scans in full until it is flushed, and the planner's statistics.
 */
const COMPACT_STEP_PAGES = 250;
const COMPACT = {
  sqlite: `INSERT INTO imported_fts(imported_fts, rank) VALUES('merge', -${COMPACT_STEP_PAGES})`,
  pg: "SELECT gin_clean_pending_list('imported_products_words'::regclass)",
};
const GENERATION =
  "SELECT max(updated_at) || ':' || (SELECT max(id) FROM imported_products) AS g FROM imported_products";
// Re-importing the same data changes nothing: a row is only rewritten when its content differs, and
// RETURNING yields a row only when something was written.
const UPSERT_COLUMNS = `INSERT INTO imported_products (gtin, name, brand, nutrients, serving_name, serving_grams, origin, attribution, updated_at)`;
const UPSERT_SET = `ON CONFLICT (gtin) DO UPDATE SET name = excluded.name, brand = excluded.brand, nutrients = excluded.nutrients,
  serving_name = excluded.serving_name, serving_grams = excluded.serving_grams, origin = excluded.origin,
  attribution = excluded.attribution, updated_at = excluded.updated_at`;
const UPSERT = {
  sqlite: `${UPSERT_COLUMNS} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ${UPSERT_SET}
    WHERE name IS NOT excluded.name OR brand IS NOT excluded.brand OR nutrients IS NOT excluded.nutrients
      OR serving_name IS NOT excluded.serving_name OR serving_grams IS NOT excluded.serving_grams
    RETURNING id`,
  // json has no equality: its text is compared (the stored text is what was written)
  pg: `${UPSERT_COLUMNS} VALUES (?, ?, ?, CAST(? AS json), ?, ?, ?, ?, ?) ${UPSERT_SET}
    WHERE imported_products.name IS DISTINCT FROM excluded.name OR imported_products.brand IS DISTINCT FROM excluded.brand
      OR imported_products.nutrients::text IS DISTINCT FROM excluded.nutrients::text
      OR imported_products.serving_name IS DISTINCT FROM excluded.serving_name
      OR imported_products.serving_grams IS DISTINCT FROM excluded.serving_grams
    RETURNING id`,
};

/**
 * An FTS5 expression of foods/query.ts (quoted words, a `*` for a prefix, AND, OR, parentheses) as
 * a tsquery: the same words, `:*` for a prefix, `&`, `|`.
 */
export function tsquery(match: string): string {
  return match.replace(/"((?:[^"]|"")*)"(\*?)|\bAND\b|\bOR\b/g, (token, word: string | undefined, star: string) => {
    if (token === "AND") return "&";
    if (token === "OR") return "|";
    return `'${word!.replace(/""/g, '"').replace(/'/g, "''").replace(/\\/g, "\\\\")}'${star ? ":*" : ""}`;
  });
}
/** The match as each dialect's search takes it. */
const matchFor = (match: string) => dialect({ sqlite: () => match, pg: async () => tsquery(match) });

/** A search candidate with its name prepared for ranking (search.ts takes `prepared` as it is). */
export type ImportedCandidate = RankInput & { bm25: number; prepared: PreparedName };

export class ImportedRepo {
  private readonly generations: FreshMap<0, string>;
  /**
   * Names prepared for ranking, by id, name and brand (a re-import that renames a product misses):
   * preparing one cost ~150 µs on a loaded box, and 60 of them per search were most of a search's time
   * with imported products. The same products come back as a person types ("chick", "chicken") and
   * across everyday queries. Bounded: 20,000 names, a few MB.
   */
  private readonly prepared = new Lru<string, PreparedName>(20_000);
  /**
   * Whether any product has a word, by the products' generation and the word (matchPossible): 211 of the
   * bench's 278 queries have a word no product has, and each still read the index once per search (0.1–0.2
   * ms, most of what imported products added to a median search). People type the same few thousand food
   * words, so each is asked once per import (`termsOf`: the generation they were asked in). Bounded: 20,000 words.
   */
  private terms = new Lru<string, boolean>(20_000);
  private termsOf: string | null = null;
  constructor(private readonly store: Store) {
    this.generations = new FreshMap(store, 1);
  }

  byId(id: number): Q<ImportedRow | null> {
    return one((db, t) => db.select().from(t.importedProducts).where(eq(t.importedProducts.id, id)));
  }

  *byGtins(gtins: string[]): Q<ImportedRow | null> {
    if (!gtins.length) return null;
    const found = yield* all((db, t) =>
      db.select().from(t.importedProducts).where(inArray(t.importedProducts.gtin, gtins)),
    );
    return gtins.map((g) => found.find((r) => r.gtin === g)).find(Boolean) ?? null;
  }

  /** Inserts or updates one record; reports which, so an import can count. */
  *upsert(r: ImportedRecord, origin: "off-import" | "off-online", now: string): Q<UpsertOutcome> {
    const before = yield* row<{ id: number }>("SELECT id FROM imported_products WHERE gtin = ?", r.gtin);
    const res = yield* row<{ id: number }>(
      UPSERT,
      r.gtin,
      r.name,
      r.brand,
      JSON.stringify(r.nutrients),
      r.servingName,
      r.servingGrams,
      origin,
      OFF_ATTRIBUTION,
      now,
    );
    if (!res) return "unchanged";
    return before ? "updated" : "inserted";
  }

  /**
   * Candidates for food search. Ranking by bm25 must score every match, which over millions of
   * products costs tens of milliseconds for a broad query ("chocolate"), so a cheap unsorted probe
   * decides: up to PROBE matches are ranked by bm25; beyond that the first `limit` in index order
   * are taken (a sample; another word narrows the match).
   */
  *searchCandidates(match: string, asked: number): Q<ImportedCandidate[]> {
    const limit = Math.min(asked, RANKED);
    const generation = this.generations.peek(0, this.generations.stamp()) ?? (yield* this.currentGeneration());
    if (generation !== this.termsOf) {
      this.terms = new Lru(20_000);
      this.termsOf = generation;
    }
    const tokens = matchTokens(match);
    // SQLite only. On PostgreSQL the generation can be learned from the change signal after the next search
    // has run (another process's import, a kept online pick), and a word remembered as absent hid the new
    // product (test/imported on PostgreSQL). The speed goal is SQLite's; there every query reads the index.
    const pg = yield* dialect({ sqlite: () => false, pg: async () => true });
    if (!pg)
      for (const w of matchTerms(tokens))
        if (this.terms.get(w) === undefined)
          this.terms.set(w, (yield* row<{ n: number }>(TERM_SQL, yield* matchFor(w))) !== null);
    if (!pg && !matchPossible(tokens, (w) => this.terms.get(w) ?? true)) return [];
    const m = yield* matchFor(match);
    const matched = (yield* row<{ n: number }>(PROBE_SQL, m, PROBE + 1))!.n;
    // no match (most words of a catalogue query are in no product's name): ranking would read the index again
    if (matched === 0) return [];
    if (matched <= PROBE)
      return (yield* rows<RankInput & { bm25: number }>(CANDIDATES_SQL, m, limit)).map(this.withPrepared);
    return (yield* rows<RankInput>(SAMPLE_SQL, m, limit)).map((r) => this.withPrepared({ ...r, bm25: 0 }));
  }

  /**
   * One step of compacting the text index after an import (COMPACT); true while there is more to do.
   * SQLite reports work done through total_changes (FTS5's documented test: 2 or more changes).
   */
  *compactStep(): Q<boolean> {
    const pg = yield* dialect({ sqlite: () => false, pg: async () => true });
    if (pg) {
      yield* row(COMPACT.pg);
      yield* run("ANALYZE imported_products");
      return false;
    }
    const changes = "SELECT total_changes() AS n";
    const before = (yield* row<{ n: number }>(changes))!.n;
    yield* run(COMPACT.sqlite);
    return (yield* row<{ n: number }>(changes))!.n - before >= 2;
  }

  private readonly withPrepared = (r: RankInput & { bm25: number }): ImportedCandidate => {
    const key = `${r.id}\u0000${r.name}\u0000${r.brand ?? ""}`;
    let prepared = this.prepared.get(key);
    if (!prepared) this.prepared.set(key, (prepared = prepareName(r)));
    return { ...r, prepared };
  };

  /**
   * Changes whenever products are imported or updated: the search cache's key includes it. Kept until
   * the database changes (db/fresh-map.ts; an import runs in another process): every anonymous
   * search asked, and it was a sixth of one (profiled in process).
   */
  generation(): Awaitable<string> {
    const hit = this.generations.peek(0, this.generations.stamp());
    if (hit !== undefined) return hit;
    return this.store.run(this.currentGeneration());
  }

  private *currentGeneration(): Q<string> {
    return (yield* this.generations.get(0, function* () {
      return (yield* row<{ g: string | null }>(GENERATION))?.g ?? "";
    }))!;
  }

  *count(): Q<number> {
    return (yield* row<{ n: number }>("SELECT CAST(count(*) AS integer) AS n FROM imported_products"))!.n;
  }
}
