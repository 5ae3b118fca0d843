/**
 * A dish or drink people name that USDA's release has no entry for, composed from catalogue foods by
 * weight. Each is a catalogue food of its own (ids from 900001, clear of NDB numbers) whose values per
 * 100 g are its ingredients' summed over the dish's weight; a nutrient any ingredient lacks stays
 * unknown. The composition is stored with the food (`food.composition`) and stated in its attribution.
 */
export interface Dish {
  id: number;
  name: string;
  group: string;
  /** Extra words people use for it (in GB, US, IN, AU, CA), indexed for search. */
  synonyms: string;
  serving: { name: string; grams: number };
  /** More portions beside `serving` ("piece" of a sushi roll, "slice" of beans on toast). */
  portions?: { name: string; grams: number }[];
  /** [catalogue id, grams] */
  ingredients: [number, number][];
  /** Where the dish's make-up and serving weight come from, stated with its composition. */
  source?: string;
  /**
   * A published kcal figure for the serving and where it is from, so a wrong gram or a wrong
   * ingredient id shows as a dish outside ±15 % of it (test/foods/catalogue-dishes.test.ts).
   */
  ref?: { kcal: number; source: string };
}

/**
 * One dish a line: its serving weighs what its ingredients weigh (cooking losses are not
 * modelled, so per-portion values are right and per-100 g ones slightly low for baked and fried foods).
 */
export function dish(
  id: number,
  name: string,
  group: string,
  synonyms: string,
  /** The serving's name; it weighs the ingredients' sum unless its grams are given ("biscuit with milk"). */
  serving: string | [string, number],
  ingredients: [number, number][],
  source: string,
  ref: [number, string],
  portions?: [string, number][],
): Dish {
  const whole = Math.round(ingredients.reduce((s, [, g]) => s + g, 0) * 10) / 10;
  const [servingName, grams] = typeof serving === "string" ? [serving, whole] : serving;
  return {
    id,
    name,
    group,
    synonyms,
    serving: { name: servingName, grams },
    ...(portions ? { portions: portions.map(([n, g]) => ({ name: n, grams: g })) } : {}),
    ingredients,
    source,
    ref: { kcal: ref[0], source: ref[1] },
  };
}

/** A dish's values per 100 g from its ingredients' values per 100 g (unknown if any ingredient's is). */
export function compose(
  dish: Dish,
  valuesOf: (id: number) => Map<string, number> | undefined,
  keys: readonly string[],
) {
  const total = dish.ingredients.reduce((s, [, g]) => s + g, 0);
  const values = new Map<string, number>();
  const parts = dish.ingredients.map(([id, grams]) => {
    const v = valuesOf(id);
    if (!v) throw new Error(`dish ${dish.id} (${dish.name}): ingredient ${id} is not in the catalogue`);
    return { v, grams };
  });
  for (const k of keys) {
    if (parts.some((p) => !p.v.has(k))) continue;
    const sum = parts.reduce((s, p) => s + ((p.v.get(k) ?? 0) * p.grams) / 100, 0);
    values.set(k, Math.round((sum / total) * 100 * 1000) / 1000);
  }
  return { values, totalGrams: total };
}
