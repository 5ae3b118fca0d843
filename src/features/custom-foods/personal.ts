/**
 * What a signed-in caller adds to food search and detail: their custom foods as candidates,
 * and score boosts for foods they log often or lately (see foods/service.ts PersonalFoods).
 */
import type { FoodHistoryRow, PersonalFoods } from "../foods/service";
import { historyBoost, OWN_FOOD_BOOST, type RankInput } from "../foods/rank";
import { stem, words } from "../foods/text";
import type { CustomFoodsRepo } from "./repo";
import { FreshMap } from "../../db/fresh-map";
import type { Q } from "../../db/q";
import { after, type Awaitable, type Store } from "../../db/store";
import { Lru } from "../../lib/lru";

const HISTORY_DAYS = 90;

/** How often and how lately a user logged each food since a time, and its last serving (the meal log answers it). */
export type FoodHistory = (userId: number, since: string) => Q<FoodHistoryRow[]>;

interface Known {
  own: { id: number; name: string; brand: string | null }[];
  portions: Map<number, number>;
  /** What was read or built in one minute (the history, search pages), by that minute. */
  minute: number;
  logged?: FoodHistoryRow[];
  built: Lru<string, object>;
}
/**
 * What a user's searches read, kept until the database changes (db/fresh-map.ts): reading custom
 * foods and a 90-day history on every keystroke was most of a signed-in search. The history window
 * moves by the minute: a food logged 90 days and 30 seconds ago may still count for that minute.
 */
/** Bounds: at most 200 users' reads and 50 pages each (a page is ~7 KB serialised): ~70 MB at worst. */
const USERS_KEPT = 200;
const PAGES_PER_USER = 50;

export function personalFoods(
  store: Store,
  history: FoodHistory,
  repo: CustomFoodsRepo,
): (userId: number, now: Date) => PersonalFoods {
  // each user's reads, built once per app (createServices), until the database changes
  const users = new FreshMap<number, Known>(store, USERS_KEPT);
  return (userId, now) => personalFoodsOf(store, users, history, repo, userId, now);
}

function personalFoodsOf(
  store: Store,
  users: FreshMap<number, Known>,
  history: FoodHistory,
  repo: CustomFoodsRepo,
  userId: number,
  now: Date,
): PersonalFoods {
  const minute = Math.floor(now.getTime() / 60_000);
  let found: Known | undefined; // looked up once per request: candidates, boosts and pages all ask
  function* mine(): Q<Known> {
    if (found) return found;
    const k = (yield* users.get(userId, function* () {
      return {
        own: yield* repo.allOf(userId),
        portions: yield* repo.portionCounts(userId),
        minute,
        built: new Lru<string, object>(PAGES_PER_USER),
      };
    }))!;
    if (k.minute !== minute) Object.assign(k, { minute, logged: undefined, built: new Lru(PAGES_PER_USER) });
    return (found = k);
  }
  let boosts: Map<number, number> | undefined;
  let rows: FoodHistoryRow[] | undefined;
  // Frequency and recency over the last 90 days (MealsRepo.foodHistory), kept for the minute until the database changes.
  function* logged(): Q<FoodHistoryRow[]> {
    if (rows) return rows;
    const k = yield* mine();
    k.logged ??= yield* history(userId, new Date(now.getTime() - HISTORY_DAYS * 86_400_000).toISOString());
    return (rows = k.logged);
  }
  return {
    *candidates(q) {
      const qs = words(q).map(stem);
      if (!qs.length) return [];
      const { own, portions: counts } = yield* mine();
      return own.flatMap((f): RankInput[] => {
        const toks = words(`${f.name} ${f.brand ?? ""}`).map(stem);
        const ok = qs.every((w, i) =>
          toks.some((t) => t === w || (i === qs.length - 1 ? t.startsWith(w) : t.startsWith(w) && w.length >= 4)),
        );
        return ok
          ? [
              {
                id: f.id,
                name: f.name,
                group_code: null,
                synonyms: "",
                portion_count: counts.get(f.id) ?? 0,
                brand: f.brand,
              },
            ]
          : [];
      });
    },
    *boosts() {
      if (boosts) return boosts;
      const made = new Map<number, number>();
      for (const r of yield* logged())
        made.set(r.id, historyBoost(r.n, (now.getTime() - Date.parse(r.last)) / 86_400_000));
      for (const f of (yield* mine()).own) made.set(f.id, (made.get(f.id) ?? 0) + OWN_FOOD_BOOST); // your own foods rank up
      return (boosts = made);
    },
    history: logged,
    remember<T extends object>(key: string, build: () => T): Awaitable<T> {
      const from = (k: Known) => {
        let v = k.built.get(key) as T | undefined;
        if (!v) k.built.set(key, (v = build()));
        return v;
      };
      // a hit (every keystroke of a search) builds no database work
      const hit = found ?? users.peek(userId, users.stamp());
      if (hit && hit.minute === minute) return from((found = hit));
      return after(store.run(mine()), from);
    },
  };
}
