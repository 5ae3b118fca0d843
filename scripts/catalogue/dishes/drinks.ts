import { type Dish, dish as d } from "./dish";

/**
 * Drinks as people make and order them: tea and coffee by milk and sugar (a UK mug 250 ml with 30 ml
 * of milk; a teaspoon of sugar 4 g), mixed drinks by the UK pub measure (25 ml) or US shot (44 ml).
 */
// biome-ignore format: one dish a line
export const DRINKS: readonly Dish[] = [
  d(901101, "Tea with semi-skimmed milk", "14", "cup of tea, cuppa, brew, tea with milk, builders tea, white tea, english breakfast tea", "mug", [[14355, 220], [1079, 30]], "a 250 ml mug of black tea with 30 ml of semi-skimmed milk", [17, "NHS Better Health: a mug of tea with semi-skimmed milk, about 15 to 20 kcal"]),
  d(901102, "Tea with milk and one sugar", "14", "tea with sugar, tea one sugar, cuppa with sugar, brew with one sugar", "mug", [[14355, 220], [1079, 30], [19335, 4]], "a mug of tea with semi-skimmed milk and a teaspoon of sugar", [32, "a mug of tea with milk (17 kcal) and a teaspoon of sugar (16)"]),
  d(901103, "Tea with milk and two sugars", "14", "tea two sugars, tea with 2 sugars, builders tea two sugars", "mug", [[14355, 220], [1079, 30], [19335, 8]], "a mug of tea with semi-skimmed milk and two teaspoons of sugar", [48, "a mug of tea with milk (17 kcal) and two teaspoons of sugar (32)"]),
  d(901104, "Instant coffee with milk", "14", "instant coffee, nescafe with milk, white coffee, milky coffee", "mug", [[14209, 220], [1079, 30]], "a mug of instant coffee with 30 ml of semi-skimmed milk", [18, "Nescafé Original with semi-skimmed milk, about 15 to 20 kcal a mug"]),
  d(901105, "Hot chocolate made with milk", "14", "hot chocolate, cocoa, hot cocoa with milk, drinking chocolate", "mug", [[1079, 250], [19165, 10], [19335, 15]], "a mug of semi-skimmed milk with cocoa and sugar (Cadbury drinking chocolate pack method)", [210, "Cadbury drinking chocolate made with semi-skimmed milk, about 200 kcal a mug (pack)"]),
  d(901106, "Iced coffee with milk", "14", "iced coffee, iced latte", "glass (16 fl oz)", [[14209, 300], [1079, 120], [19335, 10]], "a 16 fl oz iced coffee with milk and a little sugar", [100, "a grande iced coffee with milk, about 100 kcal (Starbucks)"]),
  d(901107, "Shandy, pint", "14", "shandy, lager shandy, pint of shandy", "pint (568 ml)", [[14003, 284], [14144, 284]], "half beer, half lemonade", [240, "a pint of shandy: half a pint of lager (about 120) and half of lemonade (about 115)"]),
  d(901108, "Gin and tonic", "14", "gin and tonic, g&t, gin tonic, g and t", "glass", [[14037, 25], [14155, 150]], "a UK single (25 ml) with 150 ml of tonic", [110, "Drinkaware: a single gin and tonic, about 110 to 120 kcal"]),
  d(901109, "Vodka and cola", "14", "vodka coke, vodka and coke, vodka cola", "glass", [[14037, 25], [14400, 150]], "a UK single vodka with 150 ml of cola", [110, "Drinkaware: a single vodka and cola, about 110 kcal"]),
  d(901110, "Rum and cola", "14", "rum and coke, rum coke, cuba libre", "glass", [[14037, 44], [14400, 180]], "a US shot (44 ml) of rum with 180 ml of cola", [170, "a rum and cola with a 1.5 oz shot, about 165 to 175 kcal"]),
  d(901111, "Mulled wine", "14", "mulled wine, gluhwein, glühwein", "glass", [[14096, 150], [19335, 10], [9200, 20]], "a 175 ml glass of red wine warmed with sugar, orange and spices", [180, "Drinkaware: a glass of mulled wine, about 180 to 200 kcal"]),
  d(901112, "Banana smoothie with milk and yogurt", "14", "banana smoothie, smoothie, fruit smoothie", "glass", [[9040, 118], [1079, 150], [1116, 60], [19296, 7]], "a medium banana, 150 ml of milk, yogurt and a teaspoon of honey", [250, "a homemade banana smoothie, about 240 to 260 kcal"]),
];
