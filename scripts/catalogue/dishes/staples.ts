import { type Dish, dish as d } from "./dish";

/**
 * Regional staples USDA lacks, made from their ingredients by the usual recipe because no open table
 * can be bundled: the UK's CoFID is under the Open Government Licence but is not in a registry this
 * build can reach, and IFCT 2017's publisher forbids electronic reproduction in a product
 * (docs/self-hosting.md). Weights are a named product's or the FSA's.
 */
// biome-ignore format: one dish a line
export const STAPLES: readonly Dish[] = [
  d(901201, "Digestive biscuit", "18", "digestive, digestives, digestive biscuit, digestive biscuits, mcvities digestive, wheatmeal biscuit", "biscuit", [[20080, 8.8], [4615, 3.4], [19335, 2.5], [1001, 0.3]], "a 15 g biscuit: wholemeal flour, vegetable fat and sugar in McVitie's label proportions (fat 21 %, sugars 17 %)", [71, "McVitie's Digestive: 71 kcal a biscuit (15 g), 473 kcal per 100 g (label)"]),
  d(901202, "Chocolate digestive biscuit", "18", "chocolate digestive, chocolate digestives, choc digestive, milk chocolate digestive", "biscuit", [[20080, 8], [4615, 3], [19335, 2], [19120, 3.7]], "a 16.7 g digestive with a milk chocolate coat", [83, "McVitie's Milk Chocolate Digestive: 83 kcal a biscuit (label)"]),
  d(901203, "Rich tea biscuit", "18", "rich tea, rich tea biscuit, rich tea biscuits", "biscuit", [[20081, 6], [4615, 1.2], [19335, 1.6], [19350, 0.5]], "an 8.3 g biscuit of flour, fat and sugar", [38, "McVitie's Rich Tea: 38 kcal a biscuit (label)"]),
  d(901204, "Crumpet", "18", "crumpet, crumpets", "crumpet", [[20081, 25], [14411, 30]], "one 55 g crumpet: a flour and water yeast batter griddled (Warburtons weight)", [94, "Warburtons crumpet: 94 kcal each (label)"]),
  d(901205, "Crumpet with butter", "18", "buttered crumpet, crumpet and butter, crumpets with butter", "crumpet", [[20081, 25], [14411, 30], [1001, 7]], "a crumpet with 7 g of butter", [145, "a crumpet (94 kcal) with 7 g of butter (50)"]),
  d(901206, "Hot cross bun", "18", "hot cross bun, hot cross buns", "bun", [[20081, 35], [1077, 20], [19335, 5], [1001, 3], [9298, 8], [14411, 3]], "a 70 g fruited yeast bun", [190, "a supermarket hot cross bun (70 g), about 180 to 200 kcal"]),
  d(901207, "Teacake, toasted with butter", "18", "teacake, toasted teacake, tea cake", "teacake", [[20081, 40], [1077, 15], [19335, 4], [9298, 8], [1001, 7]], "a 67 g fruited teacake, toasted, with 7 g of butter", [240, "a toasted teacake with butter, about 230 to 250 kcal"]),
  d(901208, "Flapjack", "18", "flapjack, oat bar, flapjacks", "bar", [[8120, 30], [1001, 15], [19334, 8], [19350, 8]], "a 60 g bar of oats baked with butter, sugar and golden syrup", [280, "a bakery flapjack (60 g), about 270 to 290 kcal"]),
  d(901209, "Cereal with milk, Weetabix", "08", "weetabix with milk, weetabix and milk, weet-bix with milk, weetbix with milk", ["biscuit with milk", 93.75], [[42237, 37.5], [1079, 150]], "two Weetabix (18.75 g each) with 150 ml of semi-skimmed milk; the serving is one biscuit with its 75 ml, so a count of biscuits logs right", [102, "Weetabix: two biscuits with 150 ml semi-skimmed milk, 204 kcal (pack); one with 75 ml half that"], [["bowl (2 biscuits)", 187.5]]),
  d(901210, "Welsh cake", "18", "welsh cake, welsh cakes, bakestone cake", "cake", [[20081, 15], [1001, 6], [19335, 5], [9298, 4], [1123, 3]], "one 35 g griddle cake of flour, butter, sugar, currants and egg", [140, "a Welsh cake, about 130 to 150 kcal"]),
  d(901211, "Pikelet", "18", "pikelet, pikelets, drop scone, scotch pancake", "pikelet", [[20081, 10], [1077, 12], [1123, 4], [19335, 2], [1001, 1]], "one 30 g griddle pancake", [60, "a pikelet or drop scone, about 55 to 65 kcal"]),
  d(901212, "Roti, home-made", "18", "roti, chapati, chapatti, phulka, fulka, home roti, rotis, chapatis", "roti", [[20080, 30], [14411, 12]], "one 42 g roti: 30 g of whole-wheat flour (atta) kneaded with water and cooked on a tawa without fat", [110, "a medium home roti, about 100 to 120 kcal (HealthifyMe; USDA's commercial chapati is 297 kcal per 100 g)"]),
  d(901213, "Vegemite, yeast extract spread", "04", "vegemite, promite, yeast spread", ["teaspoon", 5], [[43406, 100]], "Vegemite is a yeast extract spread: USDA's yeast extract spread values; a 5 g teaspoon is Vegemite's serve", [9, "Vegemite label: 9 kcal per 5 g serve (about 180 kcal per 100 g)"], [["tablespoon", 15]]),
  // numbered after every other composed food: portion ids of the foods before it stay as diaries stored them
  d(901214, "Squash drink, no added sugar, diluted", "14", "squash, squash drink, orange squash, blackcurrant squash, lemon squash, fruit squash, diluted squash, no added sugar squash, robinsons", "glass (250 ml)", [[14411, 244], [9206, 6]], "CoFID 17-846, Fruit juice drink/squash, no sugar added, diluted (50 g of concentrate to 200 ml of water): 1 kcal and 0.3 g of sugars per 100 g, sweetened otherwise; made here as water with 2.4 % orange juice, which gives about those", [3, "Robinsons Orange No Added Sugar squash, diluted 1 to 4: 3 kcal a 250 ml glass (label); CoFID 17-846: 1 kcal per 100 g"]),
];
