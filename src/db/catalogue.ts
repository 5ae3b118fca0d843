/**
 * Read access to the bundled USDA catalogue (data/catalogue.sqlite, built by
 * scripts/build-catalogue.ts). Opened read-only: the file is replaced whole on upgrade and
 * never written by the server.
 */
import { constants, Database, type Statement } from "bun:sqlite";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { CATALOGUE_SCHEMA_VERSION } from "./catalogue-meta";
import { FOOD_GROUPS, NUTRIENT_KEYS, type NutrientKey } from "./nutrients";

export type Nutrients = Record<NutrientKey, number | null>;

/** A read-only SQLite URI for a path (each segment percent-encoded: '?', '#' and '%' are URI syntax). */
function immutableUri(path: string): string {
  const abs = resolve(path);
  return `file:${abs.split("/").map(encodeURIComponent).join("/")}?immutable=1`;
}

export interface CataloguePortion {
  id: number;
  food_id: number;
  name: string;
  amount: number;
  grams: number;
}

export interface CatalogueFood {
  id: number;
  name: string;
  group_code: string;
  brand: string | null;
  synonyms: string;
  /** A common name for lists ("Oatmeal, cooked with water"); `name` is USDA's. */
  short_name: string;
  /** sr24, sr28 (added from SR28), or composed (a dish made from catalogue foods). */
  origin: "sr24" | "sr28" | "composed";
  /** A composed dish's ingredients, in words. */
  composition: string | null;
  portion_count: number;
  default_portion_id: number | null;
  nutrients: Nutrients;
}

/** What the search ranker reads for each FTS candidate. */
export interface SearchCandidate {
  id: number;
  name: string;
  group_code: string;
  synonyms: string;
  portion_count: number;
  brand: string | null;
  bm25: number;
}

/** A catalogue food as read by id: the catalogue is its own SQLite file, built by a script, outside drizzle's schema. */
type Row = Record<string, unknown>;

export class Catalogue {
  readonly db: Database;
  readonly attribution: string;
  readonly licence: string;
  readonly source: string;
  readonly foodCount: number;
  private readonly byId: Statement<Row, [number]>;
  private readonly portionsOf: Statement<CataloguePortion, [number]>;
  private readonly portionById: Statement<CataloguePortion, [number]>;
  private readonly candidates: Statement<SearchCandidate, [string, number, number]>;
  private readonly matchCount: Statement<{ n: number }, [string]>;

  constructor(path: string) {
    if (!existsSync(path)) {
      throw new Error(`food catalogue not found at ${path}; run \`bun run build:catalogue\` or check --catalogue`);
    }
    // immutable: SQLite skips the file lock and change check each read does (a food by id went
    // from ~9.7 to ~3.9 µs, measured in process): the file is never written while it is open.
    this.db = new Database(immutableUri(path), constants.SQLITE_OPEN_READONLY | constants.SQLITE_OPEN_URI);
    const meta = new Map(
      (this.db.query("SELECT key, value FROM meta").all() as { key: string; value: string }[]).map((r) => [
        r.key,
        r.value,
      ]),
    );
    if (meta.get("schema_version") !== String(CATALOGUE_SCHEMA_VERSION)) {
      throw new Error(
        `food catalogue ${path} has schema ${meta.get("schema_version")}, this server needs ${CATALOGUE_SCHEMA_VERSION}; rebuild it`,
      );
    }
    this.attribution = meta.get("attribution") ?? "";
    this.licence = meta.get("licence") ?? "";
    this.source = meta.get("source") ?? "";
    this.foodCount = Number(meta.get("food_count") ?? 0);
    this.byId = this.db.prepare("SELECT * FROM food WHERE id = ?");
    this.portionsOf = this.db.prepare(
      "SELECT id, food_id, name, amount, grams FROM portion WHERE food_id = ? ORDER BY seq",
    );
    this.portionById = this.db.prepare("SELECT id, food_id, name, amount, grams FROM portion WHERE id = ?");
    this.candidates = this.db.prepare(
      `SELECT f.id, f.name, f.group_code, f.synonyms, f.portion_count, f.brand, bm25(food_fts, 1.0, 0.5) AS bm25
       FROM food_fts JOIN food f ON f.id = food_fts.rowid
       WHERE food_fts MATCH ? ORDER BY bm25, f.id LIMIT ? OFFSET ?`,
    );
    this.matchCount = this.db.prepare("SELECT count(*) AS n FROM food_fts WHERE food_fts MATCH ?");
  }

  food(id: number): CatalogueFood | null {
    const r = this.byId.get(id);
    if (!r) return null;
    const nutrients = {} as Nutrients;
    for (const k of NUTRIENT_KEYS) nutrients[k] = (r[k] as number | null) ?? null;
    return {
      id: r.id as number,
      name: r.name as string,
      group_code: r.group_code as string,
      brand: (r.brand as string | null) ?? null,
      synonyms: r.synonyms as string,
      short_name: r.short_name as string,
      origin: r.origin as CatalogueFood["origin"],
      composition: (r.composition as string | null) ?? null,
      portion_count: r.portion_count as number,
      default_portion_id: (r.default_portion_id as number | null) ?? null,
      nutrients,
    };
  }

  portions(foodId: number): CataloguePortion[] {
    return this.portionsOf.all(foodId);
  }

  portion(id: number): CataloguePortion | null {
    return this.portionById.get(id) ?? null;
  }

  /** FTS5 candidates for an already-built MATCH expression (see features/foods/query.ts). */
  search(match: string, limit: number, offset = 0): SearchCandidate[] {
    return this.candidates.all(match, limit, offset);
  }

  count(match: string): number {
    return this.matchCount.get(match)?.n ?? 0;
  }

  /** Every food's name and what ranking reads beside it (the search index and the dish names are built from these). */
  names(): {
    id: number;
    name: string;
    group_code: string;
    synonyms: string;
    portion_count: number;
    brand: string | null;
  }[] {
    return this.db.query("SELECT id, name, group_code, synonyms, portion_count, brand FROM food").all() as ReturnType<
      Catalogue["names"]
    >;
  }

  /** Throws when the file does not answer (GET /healthz). */
  ping(): void {
    this.db.query("SELECT 1").get();
  }

  /** Every indexed term, for typo correction. */
  vocabulary(): { term: string; doc: number }[] {
    return this.db.query("SELECT term, doc FROM food_vocab").all() as { term: string; doc: number }[];
  }

  groupName(code: string): string {
    return FOOD_GROUPS[code] ?? "Unknown";
  }

  close(): void {
    this.db.close();
  }
}
