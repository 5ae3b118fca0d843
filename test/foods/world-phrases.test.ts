/**
 * Phrases as people in Britain, the US, India, Australia and Canada type them into quick entry, each through POST
 * /foods/parse in the phrase's region: the food a dietitian would log at its grams, sure; or, where the catalogue
 * has no such food, not sure (never another food at full confidence). Each case logged another food, another
 * serving or a wrong food as sure before the fix beside it (world-aliases.ts, region.ts, portion.ts, sure.ts, and
 * scripts/catalogue/extra-portions.ts).
 */
import { describe, expect, test } from "bun:test";
import { makeApp, signedIn } from "../helpers";

const app = makeApp();

/** [text, food id, grams logged (the serving, else the food's default portion)]: one item, sure. */
type Right = [string, number, number];

// biome-ignore format: one phrase a line
const RIGHT: Record<string, Right[]> = {
  GB: [
    ["cuppa with milk", 900006, 250],           // was split: tea, then a whole cup of milk
    ["2 rashers of bacon", 10124, 16],          // was two bacon sandwiches
    ["a rasher of bacon", 10124, 8],
    ["a packet of walkers", 19411, 25],         // was chocolate wafers
    ["a pint of stella", 14003, 570.682],       // was tostada shells
    ["4 fish fingers", 15027, 112],             // was four fish finger sandwiches
    ["a bourbon biscuit", 18166, 11.5],         // was burbot, a fish
    ["a portion of chips", 900136, 300],        // was one frozen fry, 8.9 g
    ["a pint of cider", 14250, 568.261 * (355 / 12 / 29.574)], // was a low-calorie cider-flavoured drink powder
    ["a shot of vodka", 14051, 23.502],         // a British single, 25 ml, not the US 1.5 fl oz
    ["a slice of lasagne", 900701, 399],
    ["a pint of guinness", 14003, 570.682],     // was guinea hen, unsure
    ["a glass of prosecco", 14106, 0],          // was nothing
    ["a satsuma", 9218, 88],                    // was nothing
    ["a dairy milk", 19120, 44],                // was a glass of milk
    ["a double vodka", 14051, 47.004],          // two British shots, 50 ml (was one US fl oz)
    ["a punnet of strawberries", 9316, 250],    // was one strawberry
    ["half a tin of beans", 16006, 0],          // baked beans (was pinto beans)
  ],
  US: [
    ["mac and cheese", 900210, 250],            // was the frozen entrée
    ["a bowl of chili", 900219, 365],           // was the canned entrée
    ["french toast", 18269, 130],               // two slices, not one
    ["a steak", 13932, 85],                     // was a third of its 3 oz portion
    ["a large fries", 21138, 169],              // was one frozen fry
    ["a milkshake", 1111, 313],                 // was one fluid ounce
    ["a gatorade", 14460, 609],
    ["3 strips of bacon", 10124, 24],           // was meatless bacon strips
    ["coleslaw", 11159, 60],                    // was a tablespoon, 6 kcal
    ["a pretzel", 43109, 115],                  // was one 6 g twist
    ["an omelette", 1130, 122],                 // was a one-egg omelet
    ["chicken alfredo", 900706, 355],           // was a condensed soup
    ["bbq ribs", 10089, 85],                    // was meatless riblets
    ["an oreo", 18166, 11.5],                   // was a McFlurry
    ["a cup of ice cream", 19095, 132],         // its half-cup serving twice, not a cup of water's weight (237 g)
    ["mac n cheese", 900210, 250],              // was the frozen entrée
    ["a sub", 21124, 228],                      // was a cheese substitute
    ["a kitkat", 19109, 42],                    // was venison
  ],
  IN: [
    ["a tsp of ghee", 1003, 4.267],             // was roti with ghee
    ["chole", 900314, 0],                       // was chole bhature
    ["pav", 18350, 0],                          // was pavlova
    ["sprouts", 11043, 0],                      // was Brussels sprouts
    ["a cup of tea", 900335, 0],                // chai, not black tea
    ["a plate of rice", 20045, 0],              // was chicken shish kebab with rice
    ["mixed veg", 11584, 0],                    // was a juice drink
    ["papad", 900340, 0],                       // was 100 g of USDA's papad
    ["a katori of dal", 900311, 0],             // dal tadka, not unsure between dals
    ["maggi", 6583, 70],                        // was nothing
    ["a glass of bournvita", 14316, 0],         // was nothing
  ],
  AU: [
    ["a snag", 7064, 0],                        // was a sausage sizzle in bread
    ["snag in bread", 900403, 121],             // and that stays the sizzle, not a British sausage sandwich
    ["a steak sandwich", 900209, 0],            // was USDA's flaked "sandwich steaks", 56 g
    ["a bacon and egg roll", 900102, 0],        // was bacon, then a pork egg roll
    ["a milo", 14316, 265],                     // was a glass of plain milk
    ["a toastie", 900206, 0],                   // was Post Toasties cereal
    ["a tinnie", 14003, 0],                     // was Apache tennis bread
    ["roast pumpkin", 11423, 0],                // was pumpkin seeds
    ["barramundi", 15092, 0],                   // was nothing
    ["a shot of vodka", 14051, 28.202],         // a 30 ml nip
    ["a chicken schnitzel", 5058, 0],           // was a parma with chips and salad
    ["a packet of chips", 19411, 0],            // crisps, not fries
  ],
  CA: [
    ["lasagna", 900701, 399],                   // was the frozen entrée
    ["peameal bacon", 10998, 0],                // was the peameal bacon sandwich
    ["a bannock", 35142, 0],                    // was chokecherries
    ["a ginger ale", 14136, 366],               // was one fluid ounce
    ["fries", 21138, 134],                      // was the frozen bag's "10 strip"
    ["a double double", 900411, 0],             // stays Tim Hortons' coffee, not two shots of something
    ["a timbit", 18250, 15],                    // was tilsit cheese
    ["10 timbits", 18250, 150],                 // was 10 cans of tomato sauce "with tomato tidbits", 2,440 g
  ],
};

/** Foods the catalogue does not have (or not in the words typed), which were another food at full confidence. */
// biome-ignore format: one phrase a line
const UNSURE: [string, string][] = [
  ["US", "a margarita"],   // margarine
  ["US", "a footlong"],    // oolong tea
  ["IN", "poha"],          // Hawaiian poha berries
  ["IN", "filter coffee"], // coffeecake
  ["AU", "a freddo"],      // adobo fresco
  ["CA", "pho"],           // baking powder
  ["CA", "a donair"],      // dosa
  ["CA", "a caramilk"],    // caramels
  ["AU", "grilled barramundi"], // a restaurant's grilled sirloin; now the sea bass, "grilled" not in its name
];

interface Item {
  food: { id: number; default_portion: { grams: number } | null } | null;
  serving: { grams: number } | null;
  sure: boolean;
}

async function parse(region: string, text: string): Promise<Item[]> {
  const u = await signedIn(app);
  expect((await u.api("PATCH", "/me", { region })).status).toBe(200);
  const r = await u.api("POST", "/foods/parse", { text });
  expect(r.status).toBe(200);
  return r.json.items;
}

describe("phrases of five countries log the food meant, or say they are not sure", () => {
  for (const [region, cases] of Object.entries(RIGHT))
    test(`${region}: the food and its grams, sure`, async () => {
      for (const [text, id, grams] of cases) {
        const items = await parse(region, text);
        const [item] = items;
        const got = item?.serving?.grams ?? item?.food?.default_portion?.grams;
        expect([text, items.length, item?.food?.id, item?.sure]).toEqual([text, 1, id, true]);
        if (grams) expect([text, Math.round(got ?? 0)]).toEqual([text, Math.round(grams)]);
      }
    });

  test("a food the catalogue lacks is not sure", async () => {
    for (const [region, text] of UNSURE) {
      const [item] = await parse(region, text);
      expect([region, text, item?.sure]).toEqual([region, text, false]);
    }
  });
});
