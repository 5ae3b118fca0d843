/**
 * Does an entry of another tracker name a catalogue food, confidently? The entry's name is searched
 * in the catalogue (the first result, as POST /foods/parse takes it), its amount read as a serving
 * of that food (foods/amount.ts), and the match is taken only when both agree with what the
 * tracker recorded: most of the name's words are in the food's name, and the food's energy at
 * that amount is within 12 % (or 15 kcal) of the entry's. Anything less becomes a quick add with
 * the tracker's own numbers, which are never worse than what the person logged there.
 */
import type { RequestCtx } from "../../../context";
import type { Awaitable } from "../../../db/store";
import { amountOnly } from "../../foods/amount";
import { CATALOGUE_ID_LIMIT } from "../../foods/catalogue-source";
import { searchFoods, servingOf } from "../../foods/service";
import type { LoggableFood } from "../../foods/directory";
import type { SearchItem } from "../../foods/model";
import { stem, words } from "../../foods/text";
import type { TrackerFood } from "./entries";

type SearchedFood = typeof SearchItem.static;

export interface Match {
  food: LoggableFood;
  quantity: number;
  portion: { id: number; name: string; grams: number } | null;
  grams: number;
}

/** The name's words of three letters or more (the search's own splitting and singulariser). */
const wordsOf = (s: string) =>
  new Set(
    words(s)
      .filter((w) => w.length > 2 && /[a-z]/.test(w))
      .map(stem),
  );

/** Most (≥ 60 %) of the entry's words of three letters or more are in the food's name. */
function namesAgree(entry: string, food: string): boolean {
  const want = wordsOf(entry);
  if (!want.size) return false;
  const have = wordsOf(food);
  let hit = 0;
  for (const w of want) if (have.has(w)) hit++;
  return hit / want.size >= 0.6;
}

const energyAgrees = (catalogue: number, logged: number) => Math.abs(catalogue - logged) <= Math.max(15, 0.12 * logged);

/**
 * Distinct food names one import searches for; the rest become quick adds unsearched. A search
 * costs up to ~40 ms, and a file of 20,000 made-up names kept a core busy for 14 minutes; a
 * decade of real logging has a few hundred distinct foods.
 */
export const MAX_SEARCHED_NAMES = 1000;

export class CatalogueMatcher {
  /** One match per distinct name, amount and energy in a file (a year of logging repeats most foods). */
  private readonly seen = new Map<string, Match | null>();
  /** One search per distinct name: its top result, or null. */
  private readonly searched = new Map<string, SearchedFood | null>();
  private readonly skippedNames = new Set<string>();

  constructor(
    private readonly foods: RequestCtx,
    private readonly loggable: (id: number) => Awaitable<LoggableFood | null>,
    /** Called before each search: hands the event loop back, and throws when the import is cancelled. */
    private readonly pause: () => Promise<void>,
    private readonly maxNames = MAX_SEARCHED_NAMES,
  ) {}

  /** Distinct names not searched for, past MAX_SEARCHED_NAMES. */
  get unsearched(): number {
    return this.skippedNames.size;
  }

  async match(e: TrackerFood): Promise<Match | null> {
    if (e.amount === null) return null;
    const key = `${e.name}\u0000${e.amount}\u0000${e.nutrients.energy_kcal}`;
    if (this.seen.has(key)) return this.seen.get(key)!;
    const found = await this.find(e);
    this.seen.set(key, found);
    return found;
  }

  private async top(name: string): Promise<SearchedFood | null> {
    const q = name.trim().slice(0, 100);
    if (!q) return null;
    if (this.searched.has(q)) return this.searched.get(q)!;
    if (this.searched.size >= this.maxNames) {
      this.skippedNames.add(q);
      return null;
    }
    await this.pause();
    const page = await searchFoods({ ctx: this.foods, input: { q, limit: 1, offset: 0 } });
    const top = page.items[0] ?? null;
    this.searched.set(q, top);
    return top;
  }

  private async find(e: TrackerFood): Promise<Match | null> {
    const amount = amountOnly(e.amount!);
    if (!amount) return null;
    const top = await this.top(e.name);
    if (!top || top.id >= CATALOGUE_ID_LIMIT || !namesAgree(e.name, top.name)) return null;
    const serving = await this.foods.store.run(servingOf(this.foods, top, amount));
    const food = await this.loggable(top.id);
    const per100 = food?.per100g.energy_kcal;
    if (!serving || !food || per100 === null || per100 === undefined || !(serving.grams > 0)) return null;
    if (!energyAgrees((per100 * serving.grams) / 100, e.nutrients.energy_kcal)) return null;
    const p = serving.portion_id === null ? null : food.portion(serving.portion_id);
    return {
      food,
      quantity: serving.quantity,
      portion: p ? { id: p.id, name: p.name, grams: Math.round((p.grams / p.amount) * 1000) / 1000 } : null,
      grams: serving.grams,
    };
  }
}
