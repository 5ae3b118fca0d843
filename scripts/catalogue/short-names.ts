/**
 * Short common names for catalogue foods ("Oats, cooked with water" for "Cereals, oats, regular and
 * quick, unenriched, cooked with water (includes boiling and microwaving), without salt"). Lists
 * show them; the detail keeps USDA's full name. Two ways, recorded per food in `food.name_source`:
 *
 *   reviewed  REVIEWED below: the most-logged foods, written and checked by hand;
 *   rules     USDA's naming conventions ("Noun, qualifier, …, state"): parenthetical notes go,
 *             qualifiers that only say "the usual one" go ("all commercial varieties", "enriched",
 *             "without salt", "fluid"), a category head goes when the next segment is the food
 *             ("Nuts, almonds" → "Almonds"), and past four segments the state segment is kept.
 */

/** Hand-written short names, by NDB number. */
// biome-ignore format: hand-kept data, several entries a line
export const REVIEWED: Readonly<Record<number, string>> = {
  8120: "Oats, dry", 8121: "Oatmeal, cooked with water", 8123: "Instant oatmeal, made with water",
  5062: "Chicken breast, raw", 5064: "Chicken breast, roasted", 5091: "Chicken thigh with skin, raw",
  5066: "Chicken drumstick with skin, raw", 5105: "Chicken wing, raw", 5011: "Chicken, meat only, raw",
  1077: "Whole milk (3.25%)", 1079: "Milk, 2% reduced fat", 1082: "Milk, 1% lowfat", 1085: "Skim milk",
  1123: "Egg, whole, raw", 1124: "Egg white, raw", 1125: "Egg yolk, raw", 1128: "Egg, fried", 1129: "Egg, hard-boiled",
  1132: "Eggs, scrambled", 1131: "Egg, poached",
  9132: "Grapes, raw", 11529: "Tomatoes, raw", 11252: "Iceberg lettuce, raw", 11251: "Romaine lettuce, raw",
  11291: "Spring onions, raw", 11165: "Cilantro, raw", 11935: "Ketchup", 11477: "Zucchini, raw",
  11507: "Sweet potato, raw", 11354: "Potatoes, raw", 11052: "Green beans, raw", 11246: "Leeks, raw",
  11643: "Winter squash, raw", 11485: "Butternut squash, raw", 11821: "Red bell pepper, raw",
  11333: "Green bell pepper, raw", 11206: "Cucumber, peeled, raw",
  1116: "Yogurt, plain, whole milk", 1012: "Cottage cheese", 1017: "Cream cheese", 1026: "Mozzarella",
  1009: "Cheddar cheese", 1033: "Parmesan cheese", 1040: "Swiss cheese", 1019: "Feta cheese", 1056: "Sour cream",
  1049: "Half and half", 1053: "Heavy whipping cream",
  18069: "White bread", 18075: "Whole-wheat bread", 18029: "French bread", 18060: "Rye bread", 18001: "Bagel, plain",
  18035: "Multi-grain bread", 18041: "Pita bread, white", 18364: "Flour tortilla", 18363: "Corn tortilla",
  16056: "Chickpeas, dry", 16057: "Chickpeas, boiled", 16069: "Lentils, dry", 16070: "Lentils, boiled",
  16014: "Black beans, dry", 16015: "Black beans, boiled", 16042: "Pinto beans, dry", 16043: "Pinto beans, boiled",
  16032: "Kidney beans, dry", 16033: "Kidney beans, boiled", 16158: "Hummus", 16098: "Peanut butter, smooth",
  20044: "White rice, raw", 20045: "White rice, cooked", 20036: "Brown rice, raw", 20037: "Brown rice, cooked",
  20120: "Spaghetti, dry", 20121: "Spaghetti, cooked", 20099: "Macaroni, dry", 20100: "Macaroni, cooked",
  20109: "Egg noodles, dry", 20110: "Egg noodles, cooked", 20035: "Quinoa, uncooked", 20137: "Quinoa, cooked",
  20028: "Couscous, dry", 20029: "Couscous, cooked", 20080: "Whole-wheat flour", 20081: "White flour",
  21138: "French fries (fast food)", 19411: "Potato chips, salted", 21224: "Cheese pizza",
  14209: "Coffee, brewed", 14210: "Espresso", 14355: "Black tea, brewed", 14400: "Cola", 14003: "Beer",
  14096: "Red wine", 14106: "White wine", 14411: "Tap water", 14051: "Vodka",
  4053: "Olive oil", 4582: "Canola oil", 4047: "Coconut oil", 4018: "Mayonnaise", 2030: "Black pepper",
  2047: "Salt", 2046: "Yellow mustard", 16123: "Soy sauce", 19335: "Sugar", 19334: "Brown sugar",
  19353: "Maple syrup", 19120: "Milk chocolate", 19904: "Dark chocolate (70–85%)", 19095: "Vanilla ice cream",
  23567: "Ground beef 85% lean, raw", 10123: "Bacon, raw", 10124: "Bacon, cooked", 10219: "Ground pork, raw",
  10024: "Pork loin, raw", 17224: "Ground lamb, raw", 7079: "Turkey breast meat", 7950: "Hot dog (frankfurter)",
  15076: "Salmon, wild, raw", 15236: "Salmon, farmed, raw", 15121: "Tuna, canned in water", 15149: "Shrimp, raw",
  15015: "Cod, raw", 15261: "Tilapia, raw", 12061: "Almonds", 12155: "Walnuts", 12087: "Cashews, raw",
  12151: "Pistachios, raw", 12142: "Pecans", 12120: "Hazelnuts", 12006: "Chia seeds", 12220: "Flaxseed",
  18293: "Pancakes, plain", 18367: "Waffles, plain", 18239: "Croissant, butter", 18250: "Doughnut, glazed",
  9200: "Oranges, raw", 9037: "Avocados, raw", 9266: "Pineapple, raw", 9116: "Grapefruit, raw", 9206: "Orange juice",
};

/** Segments that only say "the usual kind" or note a detail a list does not need. */
// biome-ignore format: hand-kept data, several entries a line
const FILLER = [
  /^all (commercial )?varieties$/, /^all (types|areas|classes|grades)$/, /^year round average$/, /^regular$/,
  /^(not fortified|unfortified|enriched|unenriched|fortified)$/, /^commercially prepared$/, /^commercial$/,
  /^fluid$/, /^with(out)? (added )?salt$/, /^with added vitamins? .*$/, /^without added vitamin .*$/,
  /^includes .*$/, /^nfs$/, /^mature seeds$/, /^regular and quick( and instant)?$/, /^broilers or fryers$/,
  /^usda commodity$/, /^mixed species$/, /^ns as to .*$/, /^(fresh|cured)$/,
];
/** Name heads that name a category, not the food, when another segment follows. */
// biome-ignore format: hand-kept data, several entries a line
const CATEGORY_FIRST = new Set([
  "nuts", "seeds", "spices", "fish", "crustaceans", "mollusks", "cereals", "beverages", "alcoholic beverage",
  "game meat", "candies", "snacks", "fast foods", "oil", "sugars", "syrups", "cereals ready-to-eat",
]);
const STATE =
  /\b(raw|cooked|boiled|baked|fried|roasted|grilled|broiled|braised|stewed|steamed|canned|frozen|dried|dry|prepared|toasted|microwaved|poached|scrambled|smoked|uncooked|drained)\b/;

export function ruleShortName(name: string): string {
  // the parenthetical notes go whole ("(includes boiling and microwaving)", "(garbanzo beans, bengal gram)")
  const plain = name.replace(/\s*\([^)]*\)?/g, "").replace(/\s+/g, " ");
  let segs = plain
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (segs.length > 1 && CATEGORY_FIRST.has(segs[0]!.toLowerCase())) segs = segs.slice(1);
  const kept = segs.filter((s, i) => i === 0 || !FILLER.some((re) => re.test(s.toLowerCase())));
  let out = kept;
  if (kept.length > 4) {
    const state = kept.slice(3).find((s) => STATE.test(s.toLowerCase()));
    out = state ? [...kept.slice(0, 3), state] : kept.slice(0, 4);
  }
  const text = out.join(", ");
  return text[0]!.toUpperCase() + text.slice(1);
}

export function shortName(id: number, name: string): { short: string; how: "reviewed" | "rules" } {
  const reviewed = REVIEWED[id];
  return reviewed ? { short: reviewed, how: "reviewed" } : { short: ruleShortName(name), how: "rules" };
}
