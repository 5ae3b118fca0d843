/**
 * POST /foods/parse: a line of food ("2 eggs, toast with butter and a coffee") as items, each with
 * its amount, its best food and that amount as a serving of it (API.md §Foods). The split is
 * line.ts's, the food each item's first search result.
 */
import { invalid } from "../../lib/errors";
import type { Slicer } from "../../lib/pace";
import type { Catalogue } from "../../db/catalogue";
import { DishNames, parseLine } from "./line";
import { ALIASES } from "./ranking-data";
import type { RequestCtx } from "../../context";
import { personalOf, searchFoods } from "./service";
import { MAX_ALTERNATIVES } from "./sure";

export const MAX_LINE_LENGTH = 500;

/** Food names and synonyms with "and"/"with" inside them: built on the first line read, once per app (createServices). */
export class DishIndex {
  private names?: DishNames;
  constructor(private readonly catalogue: Catalogue) {}

  get(): DishNames {
    if (!this.names) {
      // names and the words people use for them ("chicken tikka masala and rice" for the plate with pilau rice)
      const rows = this.catalogue.names();
      this.names = new DishNames([...rows.flatMap((r) => [r.name, r.synonyms]), ...Object.keys(ALIASES)]);
    }
    return this.names;
  }
}

export async function parseFoodLine({
  ctx,
  input,
  slicer,
}: {
  ctx: RequestCtx;
  input: { text: string };
  slicer?: Slicer;
}) {
  const text = input.text.trim();
  if (text.length < 1 || text.length > MAX_LINE_LENGTH)
    throw invalid("text", `must be 1–${MAX_LINE_LENGTH} characters after trimming spaces`);
  const items = [];
  const personal = personalOf(ctx);
  for (const item of parseLine(text, ctx.deps.dishes.get())) {
    // the item as typed: its amount read as search reads it, so both start at the same serving
    const q = item.text.slice(0, 100);
    const input = { q, limit: 1 + MAX_ALTERNATIVES, offset: 0 };
    const page = await searchFoods({ ctx, input, personal, ...(slicer ? { slicer } : {}) });
    const [food, ...others] = page.items;
    const sure = food?.sure ?? false;
    items.push({
      text: item.text,
      food_text: item.food,
      amount: item.amount,
      food: food ? (({ serving: _, amount_applies: __, sure: ___, ...rest }) => rest)(food) : null,
      serving: food?.serving ?? null,
      amount_applies: food?.amount_applies ?? null,
      sure,
      // the next foods of the ranking, the likely one first: what the person picks from when it is not sure
      alternatives: sure ? [] : others.map(({ sure: _, ...alt }) => alt),
    });
  }
  return { text, items };
}
