/** Imported products (Open Food Facts), shared by all users; ids from 2,000,000,000. */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { FreshMap } from "../../db/fresh-map";
import { direct, runSync, SqliteStore } from "../../db/store";
import { allNutrients, macros } from "../foods/food-parts";
import { importedProducts } from "../../db/schema";
import type { FoodT } from "../foods/model";
import type { RankInput } from "../foods/rank";
import { OFF_ATTRIBUTION, type ImportedRecord } from "./off";

export const IMPORTED_ID_BASE = 2_000_000_000;
export const isImportedId = (id: number) => id >= IMPORTED_ID_BASE;
export type ImportedRow = typeof importedProducts.$inferSelect;

/** Matches up to which imported search candidates are ranked by bm25 (see searchCandidates). */
const PROBE = 2000;

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

export class ImportedRepo {
  private readonly upsertStmt;
  private readonly idOfGtin;
  private readonly candidateStmt;
  private readonly probeStmt;
  private readonly byIdStmt;
  private readonly generationStmt;
  private readonly generations: FreshMap<0, string>;
  constructor(readonly db: Db) {
    this.generations = new FreshMap(new SqliteStore(db), 1);
    this.probeStmt = db.$client.prepare<{ id: number }, [string, number]>(
      "SELECT rowid AS id FROM imported_fts WHERE imported_fts MATCH ? LIMIT ?",
    );
    this.byIdStmt = db.$client.prepare<RankInput, [number]>(
      "SELECT id, name, NULL AS group_code, '' AS synonyms, (serving_grams IS NOT NULL) AS portion_count, brand FROM imported_products WHERE id = ?",
    );
    this.candidateStmt = db.$client.prepare<RankInput & { bm25: number }, [string, number]>(
      `SELECT p.id, p.name, NULL AS group_code, '' AS synonyms, (p.serving_grams IS NOT NULL) AS portion_count, p.brand, bm25(imported_fts) AS bm25
       FROM imported_fts JOIN imported_products p ON p.id = imported_fts.rowid
       WHERE imported_fts MATCH ? ORDER BY bm25 LIMIT ?`,
    );
    this.generationStmt = db.$client.prepare<{ g: string | null }, []>(
      "SELECT max(updated_at) || ':' || (SELECT max(id) FROM imported_products) AS g FROM imported_products",
    );
    this.idOfGtin = db.$client.prepare<{ id: number }, [string]>("SELECT id FROM imported_products WHERE gtin = ?");
    // Re-importing the same data changes nothing: a row is only rewritten when its content
    // differs, and RETURNING yields a row only when something was written.
    this.upsertStmt = db.$client.prepare<
      { id: number },
      [string, string, string | null, string, string | null, number | null, string, string, string]
    >(
      `INSERT INTO imported_products (gtin, name, brand, nutrients, serving_name, serving_grams, origin, attribution, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (gtin) DO UPDATE SET name = excluded.name, brand = excluded.brand, nutrients = excluded.nutrients,
         serving_name = excluded.serving_name, serving_grams = excluded.serving_grams, origin = excluded.origin,
         attribution = excluded.attribution, updated_at = excluded.updated_at
       WHERE name IS NOT excluded.name OR brand IS NOT excluded.brand OR nutrients IS NOT excluded.nutrients
         OR serving_name IS NOT excluded.serving_name OR serving_grams IS NOT excluded.serving_grams
       RETURNING id`,
    );
  }

  byId(id: number): ImportedRow | null {
    return this.db.select().from(importedProducts).where(eq(importedProducts.id, id)).get() ?? null;
  }

  byGtins(gtins: string[]): ImportedRow | null {
    if (!gtins.length) return null;
    const rows = this.db.select().from(importedProducts).where(inArray(importedProducts.gtin, gtins)).all();
    return gtins.map((g) => rows.find((r) => r.gtin === g)).find(Boolean) ?? null;
  }

  /** Inserts or updates one record; reports which, so an import can count. */
  upsert(r: ImportedRecord, origin: "off-import" | "off-online", now: string): UpsertOutcome {
    const before = this.idOfGtin.get(r.gtin);
    const res = this.upsertStmt.get(
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
  searchCandidates(match: string, limit: number): (RankInput & { bm25: number })[] {
    const probe = this.probeStmt.all(match, PROBE + 1);
    if (probe.length <= PROBE) return this.candidateStmt.all(match, limit);
    return probe.slice(0, limit).flatMap((r) => {
      const row = this.byIdStmt.get(r.id);
      return row ? [{ ...row, bm25: 0 }] : [];
    });
  }

  /**
   * Changes whenever products are imported or updated: the search cache's key includes it. Kept until
   * the database changes (db/fresh-map.ts; an import runs in another process): every anonymous
   * search asked, and it was a sixth of one (profiled in process).
   */
  generation(): string {
    return runSync(
      this.generations.get(0, () => direct(() => this.generationStmt.get()?.g ?? "")),
      this.db,
    )!;
  }

  count(): number {
    return (this.db.$client.query("SELECT count(*) AS n FROM imported_products").get() as { n: number }).n;
  }
}
