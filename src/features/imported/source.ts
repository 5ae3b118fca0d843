/** Imported Open Food Facts products as a food source: ids from 2,000,000,000, public like the catalogue. */
import { toLoggable, toSummary, type FoodSource } from "../foods/directory";
import { importedFood, isImportedId, type ImportedRepo } from "./repo";

export function importedFoodSource(repo: ImportedRepo): FoodSource {
  const food = (id: number) => {
    const row = repo.byId(id);
    return row ? importedFood(row) : null;
  };
  return {
    name: "openfoodfacts",
    owns: isImportedId,
    summary: (_userId, id) => {
      const f = food(id);
      return f ? toSummary(f) : null;
    },
    detail: (_userId, id) => food(id),
    loggable: (_userId, id) => {
      const f = food(id);
      return f ? toLoggable(f) : null;
    },
  };
}
