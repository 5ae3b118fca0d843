/**
 * Does an entry of another tracker name a catalogue food, confidently? The entry's name is searched
 * in the catalogue (the first result, as POST /foods/parse takes it), its amount read as a serving
 * of that food (foods/amount.ts), and the match is taken only when both agree with what the
 * tracker recorded: most of the name's words are in the food's name, and the food's energy at
 * that amount is within 12 % (or 15 kcal) of the entry's. Anything less becomes a quick add with
 * the tracker's own numbers, which are never worse than what the person logged there.
 */
import type { Awaitable } from "../../../db/store";
import { amountOnly } from "../../foods/amount";
import { CATALOGUE_ID_LIMIT } from "../../foods/catalogue-source";
import { searchFoods, servingOf, type FoodsCtx } from "../../foods/service";
import type { LoggableFood } from "../../foods/directory";
import { stem, words } from "../../foods/text";
import type { TrackerFood } from "./entries";

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

export class CatalogueMatcher {
  /** One search per distinct name and amount in a file (a year of logging repeats most foods). */
  private readonly seen = new Map<string, Match | null>();

  constructor(
    private readonly foods: FoodsCtx,
    private readonly loggable: (id: number) => Awaitable<LoggableFood | null>,
  ) {}

  async match(e: TrackerFood): Promise<Match | null> {
    if (e.amount === null) return null;
    const key = `${e.name}\u0000${e.amount}\u0000${e.nutrients.energy_kcal}`;
    if (this.seen.has(key)) return this.seen.get(key)!;
    const found = await this.find(e);
    this.seen.set(key, found);
    return found;
  }

  private async find(e: TrackerFood): Promise<Match | null> {
    const amount = amountOnly(e.amount!);
    const q = e.name.trim().slice(0, 100);
    if (!amount || !q) return null;
    const page = await searchFoods({ ctx: this.foods, input: { q, limit: 1, offset: 0 } });
    const top = page.items[0];
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
