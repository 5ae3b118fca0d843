/** Imported Open Food Facts products as a food source: ids from 2,000,000,000, public like the catalogue. */
import type { Q } from "../../db/q";
import { toLoggable, toSummary, type FoodSource } from "../foods/directory";
import type { FoodT } from "../foods/model";
import { importedFood, isImportedId, type ImportedRepo } from "./repo";

export function importedFoodSource(repo: ImportedRepo): FoodSource {
  function* food(id: number): Q<FoodT | null> {
    const row = yield* repo.byId(id);
    return row ? importedFood(row) : null;
  }
  return {
    name: "openfoodfacts",
    owns: isImportedId,
    *summary(_userId, id) {
      const f = yield* food(id);
      return f ? toSummary(f) : null;
    },
    detail: (_userId, id) => food(id),
    *loggable(_userId, id) {
      const f = yield* food(id);
      return f ? toLoggable(f) : null;
    },
  };
}
