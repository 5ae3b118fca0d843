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
  /** More portions beside `serving` ("piece" of a sushi roll, "slice" of beans on toast). */
  portions?: { name: string; grams: number }[];
  /** [catalogue id, grams] */
  ingredients: [number, number][];
  /** Where the dish's make-up and serving weight come from, stated with its composition. */
  source?: string;
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
  { id: 900018, name: "Fish and chips, battered fish with chips", group: "22", synonyms: "fish n chips, fish & chips, chippy tea", serving: { name: "takeaway portion", grams: 410 }, ingredients: [[21047, 180], [21138, 230]], source: "a UK takeaway portion as Morsel estimates it: one battered fillet (about 180 g) and chips (about 230 g)" },
  { id: 900019, name: "Pad thai with chicken", group: "22", synonyms: "phad thai, chicken pad thai", serving: { name: "plate", grams: 440 }, ingredients: [[20134, 200], [5064, 85], [1123, 50], [11043, 40], [16390, 15], [4582, 15], [6179, 15], [19335, 10], [9160, 10]], source: "a restaurant plate: rice noodles, chicken, egg, bean sprouts and peanuts fried in oil with fish sauce, sugar and lime, by the usual recipe proportions" },
  { id: 900020, name: "Sushi roll, California roll", group: "22", synonyms: "sushi, maki, maki roll, california roll", serving: { name: "roll (8 pieces)", grams: 206 }, portions: [{ name: "piece", grams: 25.75 }], ingredients: [[20045, 130], [19335, 3], [15138, 30], [9037, 25], [11206, 15], [11446, 3]], source: "an 8-piece roll as sold: seasoned rice, imitation crab, avocado, cucumber and nori" },
  { id: 900021, name: "Beans on toast", group: "22", synonyms: "baked beans on toast", serving: { name: "plate (2 slices)", grams: 257 }, portions: [{ name: "slice", grams: 128.5 }], ingredients: [[18070, 50], [16006, 200], [1001, 7]], source: "two slices of buttered toast with half a 415 g can of baked beans" },
  { id: 900022, name: "Chicken curry with rice", group: "22", synonyms: "curry and rice, chicken curry and rice", serving: { name: "plate", grams: 535 }, ingredients: [[5064, 120], [11282, 60], [11531, 80], [12118, 60], [4582, 10], [2015, 5], [20045, 200]], source: "a home or takeaway plate: chicken in an onion, tomato and coconut-milk sauce with a cup and a quarter of rice" },
  { id: 900023, name: "Chicken curry", group: "22", synonyms: "curry", serving: { name: "bowl", grams: 335 }, ingredients: [[5064, 120], [11282, 60], [11531, 80], [12118, 60], [4582, 10], [2015, 5]], source: "the curry of the plate with rice (900022), without the rice" },
  { id: 900024, name: "Burrito, chicken, rice, beans, cheese, salsa and sour cream", group: "22", synonyms: "burrito, chicken burrito", serving: { name: "burrito", grams: 572 }, ingredients: [[18364, 117], [20045, 120], [16015, 85], [5064, 110], [1009, 30], [6164, 60], [1056, 30], [11251, 20]], source: "a burrito as restaurants serve it: a 12-inch flour tortilla (USDA portion 117 g) around a burrito bowl's fillings" },
  { id: 900025, name: "Hot dog, in a bun, with ketchup and mustard", group: "22", synonyms: "hot dog, hotdog", serving: { name: "hot dog", grams: 114 }, ingredients: [[7950, 52], [18350, 42], [11935, 15], [2046, 5]], source: "one frankfurter (USDA portion 52 g) in a hot-dog roll (42 g) with a tablespoon of ketchup and a teaspoon of mustard" },
  { id: 900026, name: "Burger, beef patty in a bun, with lettuce, tomato, onion and ketchup", group: "22", synonyms: "burger, beef burger, hamburger", serving: { name: "burger", grams: 174 }, ingredients: [[23568, 77], [18350, 42], [11252, 10], [11529, 20], [11282, 10], [11935, 15]], source: "a quarter-pound patty as cooked (USDA portion 77 g) in a bun (42 g) with the usual salad and a tablespoon of ketchup" },
  { id: 900027, name: "Turkey sandwich", group: "22", synonyms: "turkey sandwich", serving: { name: "sandwich", grams: 157 }, ingredients: [[18069, 56], [7079, 56], [11252, 10], [11529, 20], [4018, 15]], source: "two slices of white bread (USDA 28 g each), 2 oz of sliced turkey breast, lettuce, tomato and a tablespoon of mayonnaise" },
  { id: 900028, name: "BLT sandwich, bacon, lettuce and tomato on toast", group: "22", synonyms: "blt, bacon lettuce and tomato", serving: { name: "sandwich", grams: 138 }, ingredients: [[18070, 54], [10124, 24], [11251, 15], [11529, 30], [4018, 15]], source: "two large slices of toast (USDA 27 g each), three slices of cooked bacon (8 g each), lettuce, tomato and a tablespoon of mayonnaise" },
  { id: 900029, name: "Buttered toast", group: "18", synonyms: "toast with butter, toast and butter", serving: { name: "slice", grams: 32 }, ingredients: [[18070, 27], [1001, 5]], source: "a large slice of toast (USDA 27 g) with a pat of butter (USDA 5 g)" },
  { id: 900030, name: "Spaghetti bolognese", group: "22", synonyms: "spag bol, spaghetti with meat sauce, spaghetti bolognaise", serving: { name: "plate", grams: 405 }, ingredients: [[20121, 200], [23570, 75], [6931, 120], [4053, 5], [1032, 5]], source: "a home plate: 200 g of cooked spaghetti with a sauce of browned beef mince and tomato sauce, and a teaspoon of parmesan" },
  { id: 900031, name: "Pizza, cheese, by the slice", group: "21", synonyms: "pizza slice, slice of pizza, cheese pizza", serving: { name: "slice", grams: 107 }, ingredients: [[21299, 107]], source: "one slice (1/8) of a 14-inch cheese pizza as pizza chains serve it, USDA's slice of 107 g" },
  { id: 900032, name: "Scrambled eggs, two eggs", group: "01", synonyms: "scrambled egg, scrambled eggs", serving: { name: "serving (2 eggs)", grams: 122 }, portions: [{ name: "egg", grams: 61 }], ingredients: [[1132, 122]], source: "a serving of scrambled eggs is two large eggs, USDA 61 g each scrambled; the egg is a portion for counts" },
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
