/**
 * The offline catalogue copy (/catalogue.json, made by scripts/build-web.ts) as the search worker
 * (web/search-worker.ts) holds it: its rows by id, their portions, the bundled ranker over them, and
 * the messages the page and the worker exchange (web/src/offline-search.ts is the page's side). Pure
 * of the DOM, so it runs in a worker.
 */
import { MEAL_NUTRIENT_KEYS } from "../../src/db/nutrients";
import { DishNames, type LineItem } from "../../src/features/foods/line";
import { MemorySearch } from "../../src/features/foods/offline";
import type { RankInput } from "../../src/features/foods/rank";
import { ALIASES } from "../../src/features/foods/ranking-data";
import type { TopFood } from "../../src/features/foods/sure";
import type { FoodRec } from "./store";

type Row = [number, string, string | null, string, number, string | null, ...(number | null)[]];
export interface CatalogueCopy {
  version: number;
  foods: Row[];
  portions: [number, number, string, number, number, number][];
}

/** What the page asks the worker. `extra` and `boosts` are the person's own foods and history (IndexedDB, the page's). */
export type Ask =
  | { kind: "search"; text: string; limit: number; offset: number; extra: RankInput[]; boosts: [number, number][] }
  | { kind: "food"; id: number }
  | { kind: "short-names"; ids: number[] }
  | { kind: "line"; text: string };

/** A search's ids as MemorySearch ranks them, with the catalogue foods among them (own foods are the page's). */
export interface SearchAnswer {
  ids: number[];
  total: number;
  top: TopFood[];
  foods: FoodRec[];
  shortNames: [number, string][];
}

export interface Answers {
  search: SearchAnswer;
  food: FoodRec | null;
  "short-names": [number, string][];
  line: LineItem[];
}

/**
 * What the worker posts: `ready` once the copy is loaded and indexed (also set on the page's <html> as
 * data-offline-search, which the browser tests wait on), `failed` when it could not be loaded, else the
 * answer to the ask with the same `id`.
 */
export type Told =
  | { kind: "ready"; foods: number }
  | { kind: "failed"; error: string }
  | { kind: "answer"; id: number; answer: unknown }
  | { kind: "error"; id: number; error: string };

export class Offline {
  readonly byId = new Map<number, Row>();
  readonly portions = new Map<number, { id: number; name: string; amount: number; grams: number }[]>();
  readonly natural = new Map<number, number>();
  readonly search: MemorySearch;
  private dishNames?: DishNames;

  constructor(copy: CatalogueCopy) {
    for (const r of copy.foods) this.byId.set(r[0], r);
    for (const [food, id, name, amount, grams, natural] of copy.portions) {
      if (natural) this.natural.set(food, id);
      const list = this.portions.get(food) ?? [];
      list.push({ id, name, amount, grams });
      this.portions.set(food, list);
    }
    this.search = new MemorySearch(
      copy.foods.map((r) => ({
        id: r[0],
        name: r[1],
        group_code: r[2],
        synonyms: r[3],
        portion_count: r[4],
        brand: r[5],
      })),
    );
  }

  /** Food names and synonyms with "and"/"with" inside them, for splitting a line as the server does. */
  dishes(): DishNames {
    this.dishNames ??= new DishNames([
      ...[...this.byId.values()].flatMap((r) => [r[1], r[3]]),
      ...Object.keys(ALIASES),
    ]);
    return this.dishNames;
  }

  /** The short name, the last column of a row (scripts/build-web.ts). */
  shortName(id: number): string | undefined {
    const r = this.byId.get(id);
    return r ? ((r[6 + MEAL_NUTRIENT_KEYS.length] as unknown as string | undefined) ?? r[1]) : undefined;
  }

  food(id: number): FoodRec | null {
    const r = this.byId.get(id);
    if (!r) return null;
    const per100g = Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k, i) => [k, (r[6 + i] as number | null) ?? null]));
    return {
      id,
      name: r[1],
      brand: r[5],
      barcode: null,
      per100g,
      portions: this.portions.get(id) ?? [],
      default_portion_id: this.natural.get(id) ?? null,
      custom: false,
      version: null,
    };
  }

  /** The catalogue foods of a search's page and its first two (sure.ts reads their kcal). */
  answerSearch(a: Extract<Ask, { kind: "search" }>): SearchAnswer {
    const r = this.search.search(a.text, {
      limit: a.limit,
      offset: a.offset,
      extra: a.extra,
      boosts: new Map(a.boosts),
    });
    const wanted = new Set([...r, ...(r.top ?? []).map((t) => t.id)]);
    const foods = [...wanted].map((id) => this.food(id)).filter((f): f is FoodRec => f !== null);
    const shortNames = foods.map((f) => [f.id, this.shortName(f.id) ?? f.name] as [number, string]);
    return { ids: [...r], total: r.total ?? r.length, top: r.top ?? [], foods, shortNames };
  }
}
