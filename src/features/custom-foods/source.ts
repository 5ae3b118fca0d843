/** The users' custom foods as a food source: ids 1,000,000 to 2,000,000,000, each visible to its owner only. */
import { mealValues, type FoodSource } from "../foods/directory";
import { type CustomFoodsRepo, isCustomId } from "./repo";
import { customDetail, customSummary } from "./as-food";

export function customFoodSource(repo: CustomFoodsRepo): FoodSource {
  const own = (userId: number | null, id: number) => (userId === null ? null : repo.get(userId, id));
  return {
    name: "custom",
    owns: isCustomId,
    summary(userId, id) {
      const f = own(userId, id);
      return f ? customSummary(repo, f) : null;
    },
    detail(userId, id) {
      const f = own(userId, id);
      return f ? customDetail(repo, f) : null;
    },
    loggable(userId, id) {
      const f = own(userId, id);
      if (!f) return null;
      const portions = repo.portions(f.id).map((p) => ({ id: p.id, name: p.name, amount: p.amount, grams: p.grams }));
      return {
        id: f.id,
        name: f.name,
        per100g: mealValues(f.nutrients),
        portion: (pid) => portions.find((p) => p.id === pid) ?? null,
      };
    },
  };
}
