/**
 * Finding foods: the server's search when it answers, else the same ranker (bundled from
 * src/features/foods/offline.ts) over the offline catalogue copy (/catalogue.json, made by
 * scripts/build-web.ts, cached by the service worker) plus the person's own foods. The copy is held and
 * searched in a worker (web/search-worker.ts, asked through offline-search.ts), off the page's thread.
 */
import { historyBoost, isComposedDish, OWN_FOOD_BOOST } from "../../src/features/foods/rank";
import { parseAmount, searchText, type ParsedAmount } from "../../src/features/foods/amount";
import { resolveAmount, type ResolvedAmount } from "../../src/features/foods/portion";
import { words } from "../../src/features/foods/text";
import { MAX_ALTERNATIVES, sureOfTop } from "../../src/features/foods/sure";
import { askOffline, startOfflineSearch } from "./offline-search";
import { client, currentSession, isOffline, ok } from "./api";
import { measuresOf, regionalName, regionalText } from "../../src/features/foods/region";
import { fromFood } from "./records";
import { naturalPortion } from "./serving";
import type { FoodRec, Meal, MealType, Store } from "./store";

/**
 * A search hit, online or offline: online the API's item (Schemas["SearchItem"], assigned to this
 * type where it is fetched, so tsc checks that they agree), offline one the bundled ranker builds from
 * the catalogue copy, which lacks some fields (hence the optional ones).
 */
/** A food's name for a list in the person's words ("Courgette, raw" in Britain, region.ts); the full name stays beside it. */
export const listName = (f: { short_name?: string | null; name: string }) =>
  regionalName(f.short_name ?? f.name, currentSession()?.user.region);

export interface FoodHit {
  id: number;
  name: string;
  /** The catalogue's common name for lists ("Oatmeal, cooked with water"); lists show it. */
  short_name?: string;
  /** Where a catalogue food's values come from; "composed" is a dish made from catalogue foods. */
  origin?: "usda_sr24" | "usda_sr28" | "composed" | null;
  /** The query's amount as a serving of this food ("2 eggs": 2 of its default portion). */
  serving?: ResolvedAmount | null;
  /** Whether `serving` is the amount as typed (null: none typed; false: this food cannot measure it). */
  amount_applies?: boolean | null;
  /** Whether the search is sure this is the food meant (src/features/foods/sure.ts; only ever the first hit). */
  sure?: boolean;
  brand: string | null;
  /** per 100 g */
  energy_kcal: number | null;
  default_portion?: { id: number; name: string; amount?: number; grams: number } | null;
}

/**
 * Readies the offline search before anything is typed: the worker (offline-search.ts) is started after
 * sign-in already (main.tsx); the add-food view calls this as it opens, for a worker that was dropped.
 */
export function warmOfflineSearch(): void {
  startOfflineSearch();
}

/** Search: the server's ranking (with the person's history) online, the bundled ranker offline; 20 a page. */
export async function searchFoods(db: Store, q: string, offset = 0): Promise<SearchPage & { offline: boolean }> {
  try {
    const r: SearchPage = await ok(client.GET("/api/v1/foods/search", { params: { query: { q, limit: 20, offset } } }));
    return { items: r.items, total: r.total, amount: r.amount, offline: false };
  } catch (e) {
    if (!isOffline(e)) throw e;
  }
  return { ...(await searchOffline(db, q, offset)), offline: true };
}

/** A page of hits from either search (the API's answer, Ok<"searchFoods">, is assigned to it above). */
interface SearchPage {
  items: FoodHit[];
  total: number;
  amount: ParsedAmount | null;
}

/** The same search over the catalogue copy and the person's own foods: the amount parsed off, the rest ranked. */
export async function searchOffline(db: Store, q: string, offset = 0, limit = 20): Promise<SearchPage> {
  const started = performance.now();
  const { food, amount } = parseAmount(q);
  // the account's region, as the server reads it (region.ts): its words and its measures
  const region = currentSession()?.user.region ?? "US";
  const text = regionalText(searchText(food, amount), region, amount?.unit);
  // both stores at once: the search waits for the slower read only
  const [foods, meals] = await Promise.all([db.getAll("foods"), db.getAll("meals")]);
  const own = foods.filter((f) => f.custom);
  const boosts = new Map<number, number>();
  const now = Date.now();
  const history = new Map<number, { n: number; last: number }>();
  for (const m of meals) {
    if (!m.food) continue; // a quick add
    const h = history.get(m.food.id) ?? { n: 0, last: 0 };
    history.set(m.food.id, { n: h.n + 1, last: Math.max(h.last, Date.parse(m.eaten_at)) });
  }
  for (const [id, h] of history) boosts.set(id, historyBoost(h.n, (now - h.last) / 86_400_000));
  for (const f of own) boosts.set(f.id, (boosts.get(f.id) ?? 0) + OWN_FOOD_BOOST);
  const extra = own.map((f) => ({
    id: f.id,
    name: f.name,
    group_code: null,
    synonyms: "",
    portion_count: f.portions.length,
    brand: f.brand,
  }));
  // the ranking runs in the worker; own foods and history are this page's (IndexedDB), sent along
  const r = await askOffline({ kind: "search", text, limit, offset, extra, boosts: [...boosts] });
  const byId = new Map([...r.foods, ...own].map((f) => [f.id, f]));
  const shortNames = new Map(r.shortNames);
  const items = r.ids.map((id) => hitOf(byId.get(id)!, amount, shortNames.get(id), food, region));
  // the server's rule over the same ranking (sure.ts), so offline is as sure as online
  const kcalOf = (id: number) => byId.get(id)?.per100g.energy_kcal ?? null;
  const first = items[0];
  if (first && offset === 0 && first.id === r.top[0]?.id) first.sure = sureOfTop(r.top, kcalOf);
  // how long the search took here (own foods and history read, the worker's answer): bench:first-search reads it
  try {
    performance.measure("morsel:offline-search", { start: started });
  } catch {} // a browser without User Timing 3's options: no measure, the same results
  return { items, total: r.total, amount };
}

function hitOf(f: FoodRec, amount: ParsedAmount | null = null, shortName?: string, typed = "", region = "US"): FoodHit {
  const p = naturalPortion(f);
  const serving = amount
    ? resolveAmount(
        amount,
        f.portions.map((x) => ({ ...x, amount: x.amount ?? 1 })),
        p ? { ...p, amount: p.amount ?? 1 } : null,
        words(typed),
        measuresOf(region),
      )
    : null;
  const origin = isComposedDish(f.id) ? ("composed" as const) : null;
  return {
    id: f.id,
    name: f.name,
    short_name: shortName ?? f.name,
    origin,
    brand: f.brand,
    energy_kcal: f.per100g.energy_kcal ?? null,
    default_portion: p,
    serving,
    amount_applies: amount ? serving !== null : null,
    sure: false,
  };
}

/** A food as the server has it now (GET /foods/:id), with every nutrient and portion. */
export const fetchFood = (id: number) => ok(client.GET("/api/v1/foods/{id}", { params: { path: { id } } }));

/** A food with its portions: the local store, the server, or the catalogue copy, in that order. */
export async function loadFood(db: Store, id: number): Promise<FoodRec | null> {
  const local = await db.get("foods", id);
  // a catalogue food kept before natural servings were kept with it is read again
  if (local && (local.custom || id < 0 || (local.portions.length && "default_portion_id" in local))) return local;
  try {
    const rec = fromFood(await fetchFood(id), null);
    if (!rec.custom) await db.put("foods", rec);
    return rec;
  } catch (e) {
    if (!isOffline(e)) throw e;
  }
  return local ?? (await askOffline({ kind: "food", id }));
}

/** Recent foods kept at most; the list scrolls. */
const RECENT_SHOWN = 20;
/** How fast a food's past meals count less: half every 14 days (the server's `score`, API.md §Foods). */
const HALF_LIFE_DAYS = 14;

/**
 * Before typing: what this person logs at this meal, ranked by how often and how lately (the server's
 * `meal_type` list online, the same score over the local log offline); when nothing was ever logged at this
 * meal, what they log at any meal (`atMeal` false).
 */
export async function recentFoods(
  db: Store,
  mealType: MealType,
  today: string,
): Promise<{ recent: FoodHit[]; atMeal: boolean }> {
  try {
    const recent = (meal_type?: MealType) =>
      ok(client.GET("/api/v1/foods/recent", { params: { query: { meal_type, limit: RECENT_SHOWN } } }));
    const here = await recent(mealType);
    if (here.items.length) return { recent: here.items, atMeal: true };
    const any = await recent();
    return { recent: any.items, atMeal: false };
  } catch (e) {
    if (!isOffline(e)) throw e;
  }
  const meals = (await db.getAll("meals"))
    .filter((m): m is Meal & { food: { id: number; name: string } } => m.food !== null)
    .sort((a, b) => b.eaten_at.localeCompare(a.eaten_at));
  const ranked = (list: typeof meals) => {
    const score = new Map<number, number>();
    for (const m of list) {
      const days = Math.max(0, (Date.parse(today) - Date.parse(m.date)) / 86_400_000);
      score.set(m.food.id, (score.get(m.food.id) ?? 0) + 0.5 ** (days / HALF_LIFE_DAYS));
    }
    return [...score.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, RECENT_SHOWN)
      .map(([id]) => hit(id));
  };
  const hit = (id: number): FoodHit => {
    const m = meals.find((x) => x.food.id === id)!;
    const kcal = m.nutrients.energy_kcal;
    return {
      id,
      name: m.food.name,
      brand: null,
      energy_kcal: kcal == null || !m.grams ? null : (kcal * 100) / m.grams,
    };
  };
  const here = ranked(meals.filter((m) => m.meal_type === mealType));
  return here.length ? { recent: here, atMeal: true } : { recent: ranked(meals), atMeal: false };
}

/** An item of a line of food, online (Ok<"parseFoodLine">, assigned to it below) or from the offline parser. */
export interface LineHit {
  text: string;
  food: FoodHit | null;
  serving: ResolvedAmount | null;
  /** Whether the match is sure; when not, `alternatives` (the likely one first) to pick from. */
  sure: boolean;
  alternatives: FoodHit[];
}

/** A line of food as items ("2 eggs, toast and a coffee"): POST /foods/parse online, the same parser over the catalogue copy offline. */
export async function parseLineOfFood(db: Store, text: string): Promise<{ items: LineHit[]; offline: boolean }> {
  try {
    const r = await ok(client.POST("/api/v1/foods/parse", { body: { text } }));
    const items: LineHit[] = r.items.map((i) => ({
      text: i.text,
      food: i.food,
      serving: i.serving,
      sure: i.sure,
      alternatives: i.alternatives,
    }));
    return { items, offline: false };
  } catch (e) {
    if (!isOffline(e)) throw e;
  }
  const items: LineHit[] = [];
  for (const item of await askOffline({ kind: "line", text })) {
    const [hit, ...others] = (await searchOffline(db, item.text, 0, 1 + MAX_ALTERNATIVES)).items;
    const sure = hit?.sure ?? false;
    items.push({
      text: item.text,
      food: hit ?? null,
      serving: hit?.serving ?? null,
      sure,
      alternatives: sure ? [] : others,
    });
  }
  return { items, offline: true };
}
