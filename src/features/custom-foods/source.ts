/** The users' custom foods as a food source: ids 1,000,000 to 2,000,000,000, each visible to its owner only. */
import type { Q } from "../../db/q";
import { mealValues, type FoodSource } from "../foods/directory";
import { type CustomFoodRow, type CustomFoodsRepo, isCustomId } from "./repo";
import { customDetail, customSummary, usable } from "./as-food";

export function customFoodSource(repo: CustomFoodsRepo): FoodSource {
  function* own(userId: number | null, id: number): Q<CustomFoodRow | null> {
    return userId === null ? null : yield* repo.get(userId, id);
  }
  return {
    name: "custom",
    owns: isCustomId,
    *summary(userId, id) {
      const f = yield* own(userId, id);
      return f ? yield* customSummary(repo, f) : null;
    },
    *detail(userId, id) {
      const f = yield* own(userId, id);
      return f ? yield* customDetail(repo, f) : null;
    },
    *loggable(userId, id) {
      const f = yield* own(userId, id);
      if (!f) return null;
      const portions = (yield* repo.portions(f.id)).filter(usable).map((p) => ({
        id: p.id,
        name: p.name,
        amount: p.amount,
        grams: p.grams,
      }));
      return {
        id: f.id,
        name: f.name,
        per100g: mealValues(f.nutrients),
        portion: (pid) => portions.find((p) => p.id === pid) ?? null,
      };
    },
  };
}
