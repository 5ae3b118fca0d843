/** The bundled USDA catalogue as a food source: ids below 1,000,000, the same for every caller. */
import type { Catalogue } from "../../db/catalogue";
import { value } from "../../db/q";
import { mealValues, type FoodSource, type LoggableFood } from "./directory";
import { catalogueDetail, catalogueSummary } from "./catalogue-food";
import { Lru } from "../../lib/lru";
import type { FoodSummaryT, FoodT } from "./model";

export const CATALOGUE_ID_LIMIT = 1_000_000;

export function catalogueSource(catalogue: Catalogue): FoodSource {
  // Summaries never change (the catalogue is read-only): kept, frozen so no caller can alter a
  // shared one. Reading and shaping 20 of them was two thirds of a signed-in search (profiled in process).
  const summaries = new Lru<number, FoodSummaryT>(10_000);
  const details = new Lru<number, FoodT>(4000);
  const summary = (id: number): FoodSummaryT | null => {
    let s = summaries.get(id);
    if (s) return s;
    const f = catalogue.food(id);
    if (!f) return null;
    s = catalogueSummary(catalogue, f);
    Object.freeze(s.group);
    if (s.default_portion) Object.freeze(s.default_portion);
    summaries.set(id, Object.freeze(s));
    return s;
  };
  return {
    name: "usda",
    owns: (id) => id < CATALOGUE_ID_LIMIT,
    // the catalogue is its own read-only SQLite file, read at once whichever database the user data is in
    summary: (_userId, id) => value(summary(id)),
    detail(_userId, id) {
      const f = catalogue.food(id);
      return value(f ? catalogueDetail(catalogue, f, details) : null);
    },
    loggable(_userId, id) {
      const f = catalogue.food(id);
      return value<LoggableFood | null>(
        f && {
          id: f.id,
          name: f.name,
          per100g: mealValues(f.nutrients),
          portion: (pid) => {
            const p = catalogue.portion(pid);
            return p && p.food_id === f.id ? { id: p.id, name: p.name, amount: p.amount, grams: p.grams } : null;
          },
        },
      );
    },
  };
}
