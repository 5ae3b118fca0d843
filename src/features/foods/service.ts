/**
 * Food search and detail (API.md §Foods). No Elysia here: takes `{ ctx, input }`.
 * Which kind of food an id is (catalogue, custom, imported) is the food directory's business.
 */
import { regionOf, type RequestCtx } from "../../context";
import type { Q } from "../../db/q";
import type { Awaitable } from "../../db/store";
import { AppError, invalid } from "../../lib/errors";
import type { FoodSummaryT, FoodT } from "./model";
import type { RankInput } from "./rank";
import { Lru } from "../../lib/lru";
import { Slicer } from "../../lib/pace";
import { immutableBody } from "../../lib/immutable-body";
import { parseAmount, searchText, type ParsedAmount } from "./amount";
import { resolveAmount, type ResolvedAmount } from "./portion";
import { words } from "./text";
import { sureOfTop } from "./sure";
import { measuresOf, regionalText } from "./region";

/** What the imported-products feature provides to search (features/imported/repo.ts). */
export interface ImportedCandidates {
  /** Products whose text matches the FTS5 query, as ranker input with their bm25 (lower is better). */
  searchCandidates(match: string, limit: number): Q<(RankInput & { bm25: number })[]>;
  /**
   * Changes whenever products are imported: anonymous result pages are cached per generation. The
   * value itself when it is cached (every search asks; no database work is built for a hit), else
   * the store's answer.
   */
  generation(): Awaitable<string>;
}

/** One food in the caller's log: how often, when last, and the latest meal's serving and kcal: a raw SQL aggregate, no table's row. */
export interface FoodHistoryRow {
  id: number;
  n: number;
  last: string;
  quantity: number;
  portion_id: number | null;
  energy_kcal: number | null;
}

/** What the custom-foods feature provides to search and detail. */
export interface PersonalFoods {
  /** Custom foods of the caller that match the query words, as ranker input. */
  candidates(q: string): Q<RankInput[]>;
  /** Score boosts for foods the caller logs often or recently. */
  boosts(): Q<ReadonlyMap<number, number>>;
  /** Foods the caller logged lately: how often, when last and in what serving (most logged first). */
  history(): Q<readonly FoodHistoryRow[]>;
  /**
   * `build()`'s result, kept for this caller until their foods, history or the minute change: at once
   * when the caller's foods are cached (no database work is built for a hit), else the store's answer.
   */
  remember<T extends object>(key: string, build: () => T): Awaitable<T>;
}

export const MAX_QUERY_LENGTH = 100;

type SearchItem = FoodSummaryT & { serving: ResolvedAmount | null; amount_applies: boolean | null; sure: boolean };
export type SearchPage = {
  query: string;
  amount: ParsedAmount | null;
  items: SearchItem[];
  total: number;
  limit: number;
  offset: number;
};

/**
 * `amount` as a serving of one food (its portions from the directory), or null without an amount or
 * when the food cannot measure it. `text`: the food words typed, so a count finds the food's own unit.
 */
export function* servingOf(
  ctx: RequestCtx,
  food: FoodSummaryT,
  amount: ParsedAmount | null,
  text = "",
): Q<ResolvedAmount | null> {
  if (!amount) return null;
  const portions = (yield* ctx.deps.foods.detail(ctx.userId, food.id))?.portions ?? [];
  return resolveAmount(amount, portions, food.default_portion, words(text), measuresOf(regionOf(ctx)));
}

/**
 * Anonymous pages, serialised once (http/reply.ts), per (imported-products generation, limit, offset,
 * query). Rankings themselves are kept by FoodSearch under the generation (`cacheKey`), so paging and
 * personal searches rank a query once; the catalogue is read-only and an import moves the generation.
 */
export const anonymousPages = () => new Lru<string, Promise<SearchPage>>(2000);

/** What a signed-in caller adds to search, for this request (built per call: it keeps its reads for the request). */
export const personalOf = (ctx: RequestCtx): PersonalFoods | undefined =>
  ctx.userId === null ? undefined : ctx.deps.personal(ctx.userId, ctx.now);

/**
 * Ranked search over the catalogue plus, with a token, the caller's custom foods. The ranking hands
 * the event loop back between slices (`slicer`), whose working time is what the caller is charged.
 */
export async function searchFoods({
  ctx,
  input,
  slicer = new Slicer(),
  personal = personalOf(ctx),
}: {
  ctx: RequestCtx;
  input: { q: string; limit?: number; offset?: number };
  slicer?: Slicer;
  /** The caller's own foods (a line of several searches hands the same one to each). */
  personal?: PersonalFoods | undefined;
}): Promise<SearchPage> {
  const q = input.q.trim();
  if (q.length < 1 || q.length > MAX_QUERY_LENGTH) {
    throw invalid("q", `must be 1–${MAX_QUERY_LENGTH} characters after trimming spaces`);
  }
  const limit = input.limit ?? 20;
  const offset = input.offset ?? 0;
  const run = <T>(work: Q<T>) => ctx.store.run(work);
  const imported = (match: string, n: number) => run(ctx.deps.imported.searchCandidates(match, n));
  // on SQLite these are values, not promises: the cached path awaits nothing more than it did
  const generation = ctx.deps.imported.generation();
  const cacheKey = generation instanceof Promise ? await generation : generation;
  // the page echoes `q` as sent, so pages are kept by the exact text (rankings ignore case); the region
  // decides the words searched and the servings
  const region = regionOf(ctx);
  const pageKey = `${cacheKey}|${region}|${limit}|${offset}|${q}`;
  let mine = false;
  // "2 eggs": the amount is parsed off and the rest is searched (all of q when it has none)
  const { food, amount } = parseAmount(q);
  const text = regionalText(searchText(food, amount), region, amount?.unit);
  const build = async (): Promise<SearchPage> => {
    mine = true;
    const mineToo = personal
      ? await run(
          (function* () {
            return { extra: yield* personal.candidates(text), boosts: yield* personal.boosts() };
          })(),
        )
      : {};
    const { ids, total, top } = await ctx.deps.search.searchPaced(
      text,
      { limit, offset, imported, cacheKey, ...mineToo },
      slicer,
    );
    const items = await run(
      (function* () {
        const found: SearchItem[] = [];
        const kcal = new Map<number, number | null>();
        for (const id of ids) {
          const summary = yield* ctx.deps.foods.summary(ctx.userId, id);
          if (!summary) continue;
          kcal.set(id, summary.energy_kcal);
          const serving = yield* servingOf(ctx, summary, amount, food);
          found.push({ ...summary, serving, amount_applies: amount ? serving !== null : null, sure: false });
        }
        // only the first food of the whole ranking can be the sure one (sure.ts; API.md §Foods)
        for (const f of top)
          if (!kcal.has(f.id)) kcal.set(f.id, (yield* ctx.deps.foods.summary(ctx.userId, f.id))?.energy_kcal ?? null);
        const first = found[0];
        if (offset === 0 && first && first.id === top[0]?.id) first.sure = sureOfTop(top, (id) => kcal.get(id) ?? null);
        return found;
      })(),
    );
    return immutableBody({ query: q, amount, items, total, limit, offset });
  };
  // Pages are kept as promises, so the same query sent twice at once is ranked once.
  let page: Promise<SearchPage> | undefined;
  // (in a wrapper: a promise handed through the store's promise would be flattened into it)
  if (personal) {
    const kept = personal.remember(pageKey, () => ({ page: build() }));
    page = (kept instanceof Promise ? await kept : kept).page;
  } else {
    const pages = ctx.deps.anonymousPages;
    page = pages.get(pageKey);
    if (!page) {
      const built = (page = build());
      pages.set(pageKey, built);
      built.catch(() => pages.delete(pageKey)); // a failed build is not kept
    }
  }
  return mine ? await page : await slicer.wait(page);
}

/** One food with every nutrient. Another user's custom food is reported as unknown. */
export function* getFood({ ctx, input }: { ctx: RequestCtx; input: { id: number } }): Q<FoodT> {
  const food = yield* ctx.deps.foods.detail(ctx.userId, input.id);
  if (!food) throw new AppError("food_not_found", `no food with id ${input.id}`);
  return food;
}
