/**
 * Dishes and drinks people name that USDA's release has no entry for (a latte, a burrito bowl),
 * composed here from catalogue foods by weight. Each is a catalogue food of its own (ids from
 * 900001, clear of NDB numbers) whose values per 100 g are its ingredients' summed over the dish's
 * weight; a nutrient any ingredient lacks stays unknown. The composition is stored with the food
 * (`food.composition`) and stated in its attribution. Dishes USDA has (fried rice, hot cocoa) are
 * aliases in src/features/foods/ranking-data.ts instead.
 */

export interface Dish {
  id: number;
  name: string;
  group: string;
  /** Extra words people use for it, indexed for search. */
  synonyms: string;
  serving: { name: string; grams: number };
  /** [catalogue id, grams] */
  ingredients: [number, number][];
}

// biome-ignore format: one dish a line
export const DISHES: readonly Dish[] = [
  { id: 900001, name: "Latte, with 2% milk", group: "14", synonyms: "caffe latte, cafe latte", serving: { name: "medium (12 fl oz)", grams: 340 }, ingredients: [[14210, 60], [1079, 280]] },
  { id: 900002, name: "Cappuccino, with 2% milk", group: "14", synonyms: "capuccino, cappucino", serving: { name: "cup (6 fl oz)", grams: 180 }, ingredients: [[14210, 60], [1079, 120]] },
  { id: 900003, name: "Flat white, with whole milk", group: "14", synonyms: "", serving: { name: "cup (6 fl oz)", grams: 170 }, ingredients: [[14210, 60], [1077, 110]] },
  { id: 900004, name: "Coffee with milk", group: "14", synonyms: "white coffee, coffee with a splash of milk, cafe au lait", serving: { name: "mug (8 fl oz)", grams: 250 }, ingredients: [[14209, 220], [1077, 30]] },
  { id: 900005, name: "Coffee with milk and sugar", group: "14", synonyms: "", serving: { name: "mug (8 fl oz)", grams: 258 }, ingredients: [[14209, 220], [1077, 30], [19335, 8]] },
  { id: 900006, name: "Tea with milk", group: "14", synonyms: "builder's tea, cup of tea, cuppa", serving: { name: "mug (8 fl oz)", grams: 250 }, ingredients: [[14355, 220], [1077, 30]] },
  { id: 900007, name: "Americano", group: "14", synonyms: "caffe americano, long black", serving: { name: "cup (8 fl oz)", grams: 240 }, ingredients: [[14210, 60], [14411, 180]] },
  { id: 900008, name: "Chai latte, with 2% milk, sweetened", group: "14", synonyms: "chai tea latte", serving: { name: "medium (12 fl oz)", grams: 340 }, ingredients: [[14355, 160], [1079, 160], [19335, 20]] },
  { id: 900009, name: "Biscuits and gravy, with sausage gravy", group: "22", synonyms: "biscuit and gravy", serving: { name: "serving (2 biscuits)", grams: 240 }, ingredients: [[18016, 120], [6319, 120]] },
  { id: 900010, name: "Burrito bowl, chicken, rice, black beans, salsa and cheese", group: "22", synonyms: "chicken burrito bowl", serving: { name: "bowl", grams: 430 }, ingredients: [[20045, 150], [16015, 85], [5064, 85], [6164, 60], [1009, 20], [11251, 30]] },
  { id: 900011, name: "Peanut butter and jelly sandwich", group: "22", synonyms: "pb&j, pbj, peanut butter and jam sandwich", serving: { name: "sandwich", grams: 108 }, ingredients: [[18069, 56], [16098, 32], [19297, 20]] },
  { id: 900012, name: "Avocado toast, whole-wheat", group: "22", synonyms: "avo toast", serving: { name: "slice", grams: 82 }, ingredients: [[18075, 32], [9037, 50]] },
  { id: 900013, name: "Oatmeal made with milk", group: "08", synonyms: "porridge with milk, oats with milk", serving: { name: "bowl", grams: 280 }, ingredients: [[8120, 40], [1079, 240]] },
  { id: 900014, name: "Yogurt with granola", group: "01", synonyms: "yogurt parfait, yoghurt with granola", serving: { name: "bowl", grams: 200 }, ingredients: [[1116, 170], [8037, 30]] },
  { id: 900015, name: "Cereal with milk, corn flakes", group: "08", synonyms: "bowl of cereal", serving: { name: "bowl", grams: 150 }, ingredients: [[8020, 30], [1079, 120]] },
  { id: 900016, name: "Guacamole", group: "11", synonyms: "guac, avocado dip", serving: { name: "serving (1/4 cup)", grams: 60 }, ingredients: [[9037, 150], [11282, 15], [11529, 30], [9160, 10], [11165, 2], [2047, 1.5]] },
  { id: 900017, name: "Caesar salad, with dressing, parmesan and croutons", group: "22", synonyms: "caesar salad", serving: { name: "bowl", grams: 155 }, ingredients: [[11251, 100], [43015, 30], [1032, 10], [18243, 15]] },
];

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
    const sum = parts.reduce((s, p) => s + (p.v.get(k)! * p.grams) / 100, 0);
    values.set(k, Math.round((sum / total) * 100 * 1000) / 1000);
  }
  return { values, totalGrams: total };
}
