/** Catalogue foods in the contract's FoodSummary and Food shapes (details cached: the catalogue never changes). */
import type { Catalogue, CatalogueFood } from "../../db/catalogue";
import type { Lru } from "../../lib/lru";
import { immutableBody } from "../../lib/immutable-body";
import type { FoodSummaryT, FoodT } from "./model";
import { macros } from "./food-parts";

function portionOf(catalogue: Catalogue, f: CatalogueFood): FoodSummaryT["default_portion"] {
  if (f.default_portion_id === null) return null;
  const p = catalogue.portion(f.default_portion_id);
  return p ? { id: p.id, name: p.name, amount: p.amount, grams: p.grams } : null;
}

const ORIGIN = { sr24: "usda_sr24", sr28: "usda_sr28", composed: "composed" } as const;
const ATTRIBUTION_SOURCE = {
  sr24: "USDA SR24",
  sr28: "USDA SR28",
  composed: "Morsel composed dish (USDA SR24 ingredients)",
} as const;

export function catalogueSummary(catalogue: Catalogue, f: CatalogueFood): FoodSummaryT {
  return {
    id: f.id,
    name: f.name,
    short_name: f.short_name,
    origin: ORIGIN[f.origin],
    source: "usda",
    brand: f.brand,
    barcode: null,
    group: { code: f.group_code, name: catalogue.groupName(f.group_code) },
    ...macros(f.nutrients),
    default_portion: portionOf(catalogue, f),
  };
}

/** A catalogue food in full; kept in `cache` (the catalogue source's), since the catalogue never changes while we run. */
export function catalogueDetail(catalogue: Catalogue, f: CatalogueFood, cache: Lru<number, FoodT>): FoodT {
  const hit = cache.get(f.id);
  if (hit) return hit;
  const detail: FoodT = {
    ...catalogueSummary(catalogue, f),
    nutrients: f.nutrients,
    portions: catalogue.portions(f.id).map((p) => ({ id: p.id, name: p.name, amount: p.amount, grams: p.grams })),
    attribution: {
      source: ATTRIBUTION_SOURCE[f.origin],
      licence: catalogue.licence,
      notice: f.composition ? `Made from: ${f.composition}. ${catalogue.attribution}` : catalogue.attribution,
    },
  };
  cache.set(f.id, immutableBody(detail));
  return detail;
}
