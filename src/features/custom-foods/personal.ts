/**
 * What a signed-in caller adds to food search and detail: their custom foods as candidates,
 * and score boosts for foods they log often or lately (see foods/service.ts PersonalFoods).
 */
import type { PersonalFoods } from "../foods/service";
import { historyBoost, OWN_FOOD_BOOST, type RankInput } from "../foods/rank";
import { stem, words } from "../foods/text";
import type { CustomFoodsRepo } from "./repo";

const HISTORY_DAYS = 90;

/** How often and how lately a user logged each food since a time (the meal log answers it). */
export type FoodHistory = (userId: number, since: string) => { id: number; n: number; last: string }[];

export function personalFoods(history: FoodHistory, repo: CustomFoodsRepo, userId: number, now: Date): PersonalFoods {
  let boosts: Map<number, number> | undefined;
  let rows: ReturnType<FoodHistory> | undefined;
  // Frequency and recency over the last 90 days, from the (user_id, food_id, eaten_at) index.
  const since = new Date(now.getTime() - HISTORY_DAYS * 86_400_000).toISOString();
  const logged = () => (rows ??= history(userId, since));
  let own: ReturnType<CustomFoodsRepo["allOf"]> | undefined;
  const ownFoods = () => (own ??= repo.allOf(userId)); // read once per request, used twice
  return {
    candidates(q) {
      const qs = words(q).map(stem);
      if (!qs.length) return [];
      const counts = repo.portionCounts(userId);
      return ownFoods().flatMap((f): RankInput[] => {
        const toks = words(`${f.name} ${f.brand ?? ""}`).map(stem);
        const ok = qs.every((w, i) => toks.some((t) => t === w || (i === qs.length - 1 ? t.startsWith(w) : t.startsWith(w) && w.length >= 4)));
        return ok ? [{ id: f.id, name: f.name, group_code: null, synonyms: "", portion_count: counts.get(f.id) ?? 0, brand: null }] : [];
      });
    },
    boosts() {
      if (boosts) return boosts;
      boosts = new Map();
      for (const r of logged()) boosts.set(r.id, historyBoost(r.n, (now.getTime() - Date.parse(r.last)) / 86_400_000));
      for (const f of ownFoods()) boosts.set(f.id, (boosts.get(f.id) ?? 0) + OWN_FOOD_BOOST); // your own foods rank up
      return boosts;
    },
    history: logged,
  };
}
