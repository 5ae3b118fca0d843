/** Food shapes from API.md §Foods. Nutrient values are per 100 g; null means "not known". */
import { Type as t } from "@sinclair/typebox";
import { NUTRIENT_KEYS } from "../../db/nutrients";
import { intParam } from "../../schema/validation";
import { Nullable, Enum, Int, Text } from "../../schema/schemas";

const num = () => Nullable(t.Number());

export const FoodGroup = t.Object({ code: t.String(), name: t.String() });
export const DefaultPortion = t.Object(
  {
    id: Int(),
    name: t.String(),
    amount: t.Number({ description: "how many of `name` the grams weigh (usually 1)" }),
    grams: t.Number({ description: "weight of `amount` × `name`" }),
  },
  {
    description:
      "the food's natural serving, as stated (`amount` × `name` weighs `grams`); null when it has none: no portions, or only a whole roast or bird",
  },
);
export const Portion = t.Object({ id: Int(), name: t.String(), amount: t.Number(), grams: t.Number() });

const summaryFields = {
  id: Int(),
  name: t.String({ description: "the full name (USDA's, for catalogue foods)" }),
  short_name: t.String({
    description:
      'a common name for lists ("Oatmeal, cooked with water"); the same as name for your own and imported foods',
  }),
  origin: Nullable(
    Enum(["usda_sr24", "usda_sr28", "composed"], {
      description:
        "catalogue foods: usda_sr24 / usda_sr28 (the USDA release the values come from), composed (a dish Morsel made from catalogue foods by weight; attribution.notice names them); null for other sources",
    }),
  ),
  source: Enum(["usda", "custom", "openfoodfacts"], {
    description:
      "usda: the bundled catalogue; custom: your own food; openfoodfacts: a product imported from an Open Food Facts dump or the online lookup",
  }),
  brand: Nullable(t.String()),
  barcode: Nullable(t.String({ description: "GTIN-14" })),
  group: Nullable(FoodGroup),
  energy_kcal: num(),
  protein_g: num(),
  fat_g: num(),
  carbohydrate_g: num(),
  default_portion: Nullable(DefaultPortion),
};

export const FoodSummary = t.Object(summaryFields, { title: "FoodSummary" });

export const Nutrients = t.Object(Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, num()])), {
  title: "FoodNutrients",
  description: "Every nutrient per 100 g; null = not known (not the same as 0).",
});

export const Attribution = t.Object({ source: t.String(), licence: t.String(), notice: t.String() });

export const Food = t.Object(
  { ...summaryFields, nutrients: Nutrients, portions: t.Array(Portion), attribution: Attribution },
  { title: "Food" },
);

/** The deepest page a search serves; nobody reads a thousand results, and each page past the cached head costs a ranking. */
export const MAX_SEARCH_OFFSET = 1000;

export const SearchQuery = t.Object({
  q: Text({ description: "1–100 characters after trimming" }),
  limit: t.Optional(intParam("limit", { minimum: 1, maximum: 50, default: 20 })),
  offset: t.Optional(
    intParam("offset", {
      minimum: 0,
      maximum: MAX_SEARCH_OFFSET,
      default: 0,
      description: `at most ${MAX_SEARCH_OFFSET}: past that, refine the query`,
    }),
  ),
});

export const ParsedAmount = t.Object(
  {
    quantity: t.Number({ description: 'how many ("half" is 0.5)' }),
    unit: Nullable(
      t.String({
        description:
          "g, kg, oz, lb, ml, l, floz, cup, tbsp, tsp, or a portion word (slice, piece, serving, medium, pat…); null = a count of the food: its countable portion (a medium one, one named after the food, a piece, a biscuit…), else its default portion",
      }),
    ),
    text: t.String({ description: "the amount as it was typed" }),
  },
  {
    title: "ParsedAmount",
    description: 'An amount read from what was typed ("2 eggs", "200g chicken", "half an avocado")',
  },
);

export const Serving = t.Object(
  {
    quantity: t.Number({ description: "the meal's quantity: portions of portion_id, or grams when it is null" }),
    portion_id: Nullable(Int()),
    grams: t.Number(),
    measure: t.Optional(
      t.String({
        description:
          'a pint, cup, tablespoon, teaspoon or fluid ounce in the caller\'s region\'s measures, a can of drink, or a bag of crisps, as shown: "1 pint (568 ml)", "1 can (330 ml)", "1 bag (25 g)"; send it as the meal\'s measure (API.md §Foods, Measures and words by region; §Meals)',
      }),
    ),
  },
  {
    title: "Serving",
    description: "A parsed amount as a serving of this food, ready for POST /meals (quantity, portion_id)",
  },
);

const AmountApplies = Nullable(
  t.Boolean({
    description:
      "null: no amount was typed; true: `serving` is the amount as typed; false: this food cannot measure it (a count or a slice of a food with no such portion), so `serving` is null and a client should ask how much rather than log the food's default portion",
  }),
);

const searchItemFields = { ...summaryFields, serving: Nullable(Serving), amount_applies: AmountApplies };

const Sure = t.Boolean({
  description:
    "whether the search is sure this is the food meant (API.md §Foods, How sure a match is): only ever true on the first result of the first page; false when the words typed are not all in its name or aliases, or the next food is close behind and has other kcal",
});

export const SearchItem = t.Object(
  { ...searchItemFields, sure: Sure },
  {
    title: "SearchItem",
    description:
      "A FoodSummary plus `serving`: the query's amount as a serving of this food (null when the query has none or this food cannot measure it, which `amount_applies` tells apart)",
  },
);

export const SearchResponse = t.Object({
  query: t.String(),
  amount: Nullable(ParsedAmount),
  items: t.Array(SearchItem),
  total: Int(),
  limit: Int(),
  offset: Int(),
});

export const RecentQuery = t.Object({
  limit: t.Optional(intParam("limit", { minimum: 1, maximum: 50, default: 20 })),
  sort: t.Optional(
    Enum(["recent", "frequent", "score"], {
      description:
        "recent: last logged first (the default without meal_type); frequent: most logged first (ties: the more recent); score: by score, how often and how lately (the default with meal_type; without it, as frequent)",
    }),
  ),
  meal_type: t.Optional(
    Enum(["breakfast", "lunch", "dinner", "snack"], {
      description: "only meals of this type count: what you log at this meal; absent: every meal",
    }),
  ),
});

export const RecentFood = t.Object(
  {
    ...summaryFields,
    log_count: Int({ description: "meals of this food in the last 90 days" }),
    last_logged_at: t.String({ description: "RFC 3339: the latest eaten_at" }),
    last_quantity: t.Number({
      description: "the quantity of that latest meal: portions of last_portion_id, or grams when it is null",
    }),
    last_portion_id: Nullable(Int({ description: "the portion of that latest meal; null = grams" })),
    last_energy_kcal: Nullable(t.Number({ description: "kcal of that latest meal; null = not known" })),
    score: t.Optional(
      t.Number({
        description:
          "with meal_type: the sum over the days it was logged at that meal of (meals that day) × 0.5^(days ago / 14)",
      }),
    ),
  },
  { title: "RecentFood" },
);

export const RecentResponse = t.Object({ items: t.Array(RecentFood) });

export const FoodIdParams = t.Object({ id: intParam("id", { minimum: 1, description: "food id" }) });

export type FoodSummaryT = typeof FoodSummary.static;
export type FoodT = typeof Food.static;

export const ParseBody = t.Object({
  text: Text({
    description: 'a line of food, 1–500 characters after trimming: "2 eggs, toast with butter and a coffee"',
  }),
});

export const ParsedItem = t.Object(
  {
    text: t.String({ description: "the item as typed" }),
    food_text: t.String({ description: "its food words, without the amount" }),
    amount: Nullable(ParsedAmount),
    food: Nullable(FoodSummary),
    serving: Nullable(Serving),
    amount_applies: AmountApplies,
    sure: Sure,
    alternatives: t.Array(t.Object(searchItemFields, { title: "Alternative" }), {
      maxItems: 5,
      description:
        "when not sure: up to 5 other foods, the likely one first, each with the amount as its serving (as a search item); empty when sure",
    }),
  },
  { title: "ParsedItem" },
);

export const ParseResponse = t.Object({ text: t.String(), items: t.Array(ParsedItem, { maxItems: 20 }) });
