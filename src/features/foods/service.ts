/**
 * Food search and detail (API.md §Foods). No Elysia here: takes `{ ctx, input }`.
 * Custom foods (features/custom-foods) plug in through `ctx.customFoods` when present.
 */
import type { Catalogue, CatalogueFood } from "../../db/catalogue";
import { AppError, invalid } from "../../lib/errors";
import type { FoodSearch } from "./search";
import type { FoodSummaryT, FoodT } from "./model";
import type { RankInput } from "./rank";
import { Lru } from "../../lib/lru";
import { immutableBody } from "../../lib/reply";
import { importedFood, isImportedId, type ImportedRepo } from "../imported/repo";
import { macros } from "./shape";
import { isCustomId, type CustomFoodsRepo } from "../custom-foods/repo";
import { customSummary } from "../custom-foods/service";

export interface FoodsCtx {
  catalogue: Catalogue;
  search: FoodSearch;
  /** Open Food Facts products imported into the data dir (public, like the catalogue). */
  imported: ImportedRepo;
  userId: number | null;
  /** The caller's own foods; absent for anonymous callers. */
  personal?: PersonalFoods;
}

/** What the custom-foods feature provides to search and detail. */
export interface PersonalFoods {
  /** Custom foods of the caller that match the query words, as ranker input. */
  candidates(q: string): RankInput[];
  /** Score boosts for foods the caller logs often or recently. */
  boosts(): ReadonlyMap<number, number>;
  summary(id: number): FoodSummaryT | null;
  detail(id: number): FoodT | null;
  isCustomId(id: number): boolean;
}

export const MAX_QUERY_LENGTH = 100;

type SearchPage = { query: string; items: FoodSummaryT[]; total: number; limit: number; offset: number };

/**
 * Anonymous results per (imported-products generation, query, limit, offset). The catalogue is
 * read-only and an import changes the generation, so an entry never goes stale; personalised
 * searches (custom foods, history) are never cached.
 */
const anonymousPages = new WeakMap<FoodSearch, Lru<string, SearchPage>>();

function portionOf(catalogue: Catalogue, f: CatalogueFood): FoodSummaryT["default_portion"] {
  if (f.default_portion_id === null) return null;
  const p = catalogue.portion(f.default_portion_id);
  return p ? { id: p.id, name: p.name, amount: p.amount, grams: p.grams } : null;
}

export function catalogueSummary(catalogue: Catalogue, f: CatalogueFood): FoodSummaryT {
  return {
    id: f.id,
    name: f.name,
    source: "usda",
    brand: f.brand,
    barcode: null,
    group: { code: f.group_code, name: catalogue.groupName(f.group_code) },
    ...macros(f.nutrients),
    default_portion: portionOf(catalogue, f),
  };
}

const details = new WeakMap<Catalogue, Lru<number, FoodT>>();

/** A catalogue food in full; cached, since the catalogue never changes while we run. */
export function catalogueDetail(catalogue: Catalogue, f: CatalogueFood): FoodT {
  let cache = details.get(catalogue);
  if (!cache) details.set(catalogue, (cache = new Lru(4000)));
  const hit = cache.get(f.id);
  if (hit) return hit;
  const detail = buildDetail(catalogue, f);
  cache.set(f.id, immutableBody(detail));
  return detail;
}

function buildDetail(catalogue: Catalogue, f: CatalogueFood): FoodT {
  return {
    ...catalogueSummary(catalogue, f),
    nutrients: f.nutrients,
    portions: catalogue.portions(f.id).map((p) => ({ id: p.id, name: p.name, amount: p.amount, grams: p.grams })),
    attribution: { source: "USDA SR24", licence: catalogue.licence, notice: catalogue.attribution },
  };
}

/** Ranked search over the catalogue plus, with a token, the caller's custom foods. */
export function searchFoods({ ctx, input }: { ctx: FoodsCtx; input: { q: string; limit?: number; offset?: number } }) {
  const q = input.q.trim();
  if (q.length < 1 || q.length > MAX_QUERY_LENGTH) {
    throw invalid("q", `must be 1–${MAX_QUERY_LENGTH} characters after trimming spaces`);
  }
  const limit = input.limit ?? 20;
  const offset = input.offset ?? 0;
  // Only anonymous pages are cached; a signed-in search is personal and computed every time.
  let cache: Lru<string, SearchPage> | undefined;
  let key = "";
  if (!ctx.personal) {
    cache = anonymousPages.get(ctx.search);
    if (!cache) anonymousPages.set(ctx.search, (cache = new Lru(2000)));
    key = `${ctx.imported.generation()}|${limit}|${offset}|${q.toLowerCase()}`;
    const hit = cache.get(key);
    if (hit) return hit;
  }
  const { ids, total } = ctx.search.search(q, {
    limit,
    offset,
    extra: ctx.personal?.candidates(q),
    boosts: ctx.personal?.boosts(),
    imported: (match, n) => ctx.imported.searchCandidates(match, n),
  });
  const items = ids.flatMap((id) => {
    if (isImportedId(id)) {
      const row = ctx.imported.byId(id);
      if (!row) return [];
      const { nutrients: _n, portions: _p, attribution: _a, ...summary } = importedFood(row);
      return [summary];
    }
    if (ctx.personal?.isCustomId(id)) {
      const s = ctx.personal.summary(id);
      return s ? [s] : [];
    }
    const f = ctx.catalogue.food(id);
    return f ? [catalogueSummary(ctx.catalogue, f)] : [];
  });
  const page = { query: q, items, total, limit, offset };
  cache?.set(key, immutableBody(page));
  return page;
}

/** One food with every nutrient. Another user's custom food is reported as unknown. */
export function getFood({ ctx, input }: { ctx: FoodsCtx; input: { id: number } }): FoodT {
  if (isImportedId(input.id)) {
    const row = ctx.imported.byId(input.id);
    if (row) return importedFood(row);
  } else if (ctx.personal?.isCustomId(input.id)) {
    const f = ctx.personal.detail(input.id);
    if (f) return f;
  } else {
    const f = ctx.catalogue.food(input.id);
    if (f) return catalogueDetail(ctx.catalogue, f);
  }
  throw new AppError("food_not_found", `no food with id ${input.id}`);
}

/** The search-result fields of a full food. */
export function toSummary(f: FoodT): FoodSummaryT {
  const { id, name, source, brand, barcode, group, energy_kcal, protein_g, fat_g, carbohydrate_g, default_portion } = f;
  return { id, name, source, brand, barcode, group, energy_kcal, protein_g, fat_g, carbohydrate_g, default_portion };
}

/** Any food `userId` may log, as a search result: catalogue, their own custom food, or imported; else null. */
export function loggableSummary(
  deps: { catalogue: Catalogue; imported: ImportedRepo; customFoods: CustomFoodsRepo },
  userId: number,
  id: number,
): FoodSummaryT | null {
  if (isImportedId(id)) {
    const row = deps.imported.byId(id);
    return row ? toSummary(importedFood(row)) : null;
  }
  if (isCustomId(id)) {
    const f = deps.customFoods.get(userId, id);
    return f ? customSummary(deps.customFoods, f) : null;
  }
  const f = deps.catalogue.food(id);
  return f ? catalogueSummary(deps.catalogue, f) : null;
}
