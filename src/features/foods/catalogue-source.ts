/** The bundled USDA catalogue as a food source: ids below 1,000,000, the same for every caller. */
import type { Catalogue } from "../../db/catalogue";
import { mealValues, type FoodSource } from "./directory";
import { catalogueDetail, catalogueSummary } from "./catalogue-shape";

export const CATALOGUE_ID_LIMIT = 1_000_000;

export function catalogueSource(catalogue: Catalogue): FoodSource {
  return {
    name: "usda",
    owns: (id) => id < CATALOGUE_ID_LIMIT,
    summary(_userId, id) {
      const f = catalogue.food(id);
      return f ? catalogueSummary(catalogue, f) : null;
    },
    detail(_userId, id) {
      const f = catalogue.food(id);
      return f ? catalogueDetail(catalogue, f) : null;
    },
    loggable(_userId, id) {
      const f = catalogue.food(id);
      if (!f) return null;
      return {
        id: f.id,
        name: f.name,
        per100g: mealValues(f.nutrients),
        portion: (pid) => {
          const p = catalogue.portion(pid);
          return p && p.food_id === f.id ? { id: p.id, name: p.name, amount: p.amount, grams: p.grams } : null;
        },
      };
    },
  };
}
