/**
 * The portion a client shows first (the API's `default_portion`), the one people mean by "1". The web app's
 * log form starts at one of it as the catalogue states it: "0.5 fillet (198 g)" is 198 g, "3 oz (85 g)" is
 * 85 g, so a portion is weighed and counted as stated here too.
 *
 * In order: a "medium" item, else one serving, else one piece of it (a slice, a breast, a chop, a fillet),
 * else an ounce with a count ("oz (23 whole kernels)": 1 oz of almonds, not a ground cup), else for a sauce,
 * dressing, spread, cream, syrup or oil a tablespoon (not a cup of ketchup). An item under
 * 15 g and 5 kcal (one strawberry, radish or lettuce leaf) comes after any measure of the food: the NLEA
 * serving or a cup. Else the first measure that is not a bare weight, unless that is over 600 kcal (a cup
 * of butter was 1,628 kcal): then the household measure of at least 20 kcal (not a package, can or jar)
 * nearest a typical serving of about 150 kcal (a tablespoon of butter, oil or honey), else a few ounces of
 * it ("3 oz (85 g)" of a steak that weighs 608 g, or of a bag of chips), else a cut's yield or a weight of
 * at most 600 kcal, else none (-1: a food whose only measures are a whole roast or bird is logged from
 * 100 g).
 *
 * Past a serving, a portion over 500 g (a whole head of cabbage, a cake-mix package) is passed over while
 * a smaller one exists, and so is the meat of a pound or of a whole bird: "piece, cooked (yield from 1 lb
 * raw meat with refuse)" is 338 g of round, 717 kcal; "thigh (yield from 1 lb ready-to-cook chicken)" is
 * the thigh meat of a pound of chicken (41 g), not a thigh (69 g); "0.5 chicken, bone and skin removed" is
 * 329 g. One chop's or steak's yield is a serving.
 */
export interface Portion {
  name: string;
  amount: number;
  grams: number;
}

/** The meat of a pound ("… (yield from 1 lb raw meat)") or a whole bird: several servings, or a share of one. */
const BULK = /\byield from 1 lb\b|^(chicken|turkey|duck|goose|capon)\b/i;
const CONTAINER = /^(package|can|jar|container|bottle|box|bag|pouch|carton)\b/i;
/** A restaurant's serving is what was served, however large. */
const SERVED = /^((1 )?serving|NLEA serving|order)\b/i;
const NAMED: RegExp[] = [
  /^medium\b/i,
  /\bmedium\b/i,
  /^(1 )?serving\b/i,
  /^NLEA serving/i,
  /^order\b/i,
  /^(large|small|fruit|piece|slice|item|each|unit|egg)\b/i,
  /^(breast|thigh|drumstick|leg|wing|chop|steak|fillet|cutlet|patty|link|strip)\b/i,
  /^oz \(/i,
];

/** Foods eaten by the spoonful, whose first measure is often a cup (a cup of ketchup, 233 kcal; of sour cream, 444). */
const SPOONED =
  /\b(catsup|ketchup|sauce|salsa|dressing|mayonnaise|mustard|hummus|dip|spread|sour cream|cream(?! of)|half and half|topping|vinegar|gravy|syrup|jam|jell(y|ies)|preserves|marmalade|relish|pesto|tahini|butter|oil|extract|creamer)\b/i;

export function defaultPortionIndex(portions: Portion[], kcalPer100g: number, foodName = ""): number {
  if (!portions.length) return -1;
  const small = (p: Portion) => p.grams > 0 && p.grams <= 500;
  const fits = (p: Portion) => small(p) && !BULK.test(p.name);
  const kcal = (p: Portion) => (p.grams * kcalPer100g) / 100;
  const notWeight = (p: Portion) => !/^(oz|lb|g|kg)\b/i.test(p.name);
  // one strawberry (12 g, 4 kcal), radish, lettuce leaf or shrimp is not a serving: a serving or a cup of them
  // comes first (a cracker, a gumdrop or a packet of sweetener still is one)
  const tiny = (p: Portion) => p.grams < 15 && kcal(p) < 5 && !SERVED.test(p.name);
  const named = (ok: (p: Portion) => boolean) => {
    for (const re of NAMED) {
      const i = portions.findIndex((p) => re.test(p.name) && ok(p) && (fits(p) || SERVED.test(p.name)));
      if (i >= 0) return i;
    }
    return -1;
  };
  const served = named((p) => !tiny(p));
  if (served >= 0) return served;
  const spoon = SPOONED.test(foodName)
    ? portions.findIndex((p) => /^(tbsp|tablespoon)\b/i.test(p.name) && fits(p))
    : -1;
  if (spoon >= 0) return spoon;
  const measure = portions.findIndex((p) => notWeight(p) && fits(p) && !tiny(p) && kcal(p) <= 600);
  const counted = named(tiny);
  if (counted >= 0) return measure >= 0 ? measure : counted;
  const other = portions.findIndex((p) => notWeight(p) && fits(p));
  if (other >= 0 && kcal(portions[other]!) <= 600) return other;
  const distance = (p: Portion) => Math.abs(kcal(p) - 150);
  const household = (p: Portion) => notWeight(p) && fits(p) && kcal(p) >= 20 && !CONTAINER.test(p.name);
  const near = nearest(portions, household, distance);
  if (near >= 0) return near;
  // a bag of chips: a few ounces as stated ("3 oz", "4 oz"), else an ounce; so too for a 1.3 kg roast
  const ounces = nearest(
    portions,
    (p) => /^oz\b/i.test(p.name) && fits(p),
    (p) => Math.abs(p.amount - 3),
  );
  if (ounces >= 0) return ounces;
  if (other >= 0) return other;
  // a yield of at most 600 kcal (the meat of a pound of turkey, 106 g), else a weight ("0.5 lb")
  const yielded = portions.findIndex((p) => small(p) && kcal(p) <= 600);
  if (yielded >= 0) return yielded;
  // only whole roasts, birds and packages over 500 g: no natural serving (the form starts at 100 g)
  return -1;
}

function nearest(portions: Portion[], ok: (p: Portion) => boolean, distance: (p: Portion) => number): number {
  let best = -1;
  portions.forEach((p, i) => {
    if (ok(p) && (best < 0 || distance(p) < distance(portions[best]!))) best = i;
  });
  return best;
}
