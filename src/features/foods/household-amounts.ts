/**
 * Household amounts with a size of their own, not a portion of the food (portion.ts resolveAmount): a handful,
 * a punnet, a bag of crisps.
 */
import { round } from "./amount";
import { stem } from "./text";

/** A weight of the food with its words (portion.ts ResolvedAmount with no portion), kept here so neither file imports the other. */
export interface SizedAmount {
  quantity: number;
  portion_id: null;
  grams: number;
  measure: string;
}

/** A punnet of berries or cherry tomatoes: 250 g, Australia's standard punnet and near Britain's traditional 8 oz (227 g). */
export const PUNNET_G = 250;

/**
 * A handful, where the food has no portion of that name: about 30 g of nuts, seeds, dried fruit or snacks (the
 * British Dietetic Association's portion guide: "a handful (30 g)" of nuts), and 80 g of fresh fruit or salad
 * vegetables, the NHS 5 A Day portion it describes as a handful (grapes, berries, cherry tomatoes).
 */
const HANDFUL_G = 30;
const HANDFUL_FRESH_G = 80;
// biome-ignore format: a word list
const FRESH = new Set([
  "grape", "strawberry", "blueberry", "raspberry", "blackberry", "cherry", "berry", "tomato", "spinach", "lettuce",
  "rocket", "leave", "salad", "carrot", "pea", "mangetout", "radish", "sprout",
]);
export function handful(quantity: number, foodWords: readonly string[]): SizedAmount {
  const fresh = foodWords.some((w) => FRESH.has(stem(w))) && !foodWords.some((w) => /^(dri|chip|crisp)/.test(w));
  const g = round(quantity * (fresh ? HANDFUL_FRESH_G : HANDFUL_G));
  return {
    quantity: g,
    portion_id: null,
    grams: g,
    measure: `${round(quantity)} ${quantity === 1 ? "handful" : "handfuls"} (${g} g)`,
  };
}

/**
 * A bag of crisps is the single-serve bag a British shop sells, 25 g (Walkers' standard and multipack bag; a
 * "grab bag" is 32.5–45 g), not USDA's 8 oz (227 g) sharing bag: "crisps" is the British word wherever it is typed.
 */
export const CRISPS_BAG_G = 25;
export function isBagOfCrisps(unit: string | null, foodWords: readonly string[]): boolean {
  if (!foodWords.some((w) => w === "crisps" || w === "crisp" || w === "walkers")) return false;
  return unit === "packet" || foodWords.some((w) => w === "bag" || w === "bags" || w === "packet" || w === "packets");
}
