/**
 * Names people in Britain, India, Australia and Canada (and some Americans) type that the catalogue spells another
 * way or not at all: shop brands read as their generic food, regional words, dishes whose plain name found a
 * frozen entrée or a food that only shares a word. Merged into ranking-data.ts ALIASES; each fix came from a
 * phrase that logged another food (test/foods/world-phrases.test.ts).
 */
type Alias = { also: string[]; prefer?: number[]; alone?: boolean };

const BEER = { also: ["alcoholic beverage beer"], prefer: [14003] };
/** Sparkling wines are white table wine by kcal (about 80 per 100 g) when the catalogue has none of its own. */
const WHITE_WINE = { also: ["alcoholic beverage wine table white"], prefer: [14106] };
const MANDARIN = { also: ["tangerines mandarin oranges raw"], prefer: [9218] };
/** A Dairy Milk or a Wispa is a milk chocolate bar (Dairy Milk 45 g, 240 kcal on its label; USDA's bar 44 g). */
const CHOCOLATE_BAR = { also: ["candies milk chocolate"], prefer: [19120] };
const KITKAT = { also: ["candies kit kat wafer bar"], prefer: [19109] };
/** A sub is a submarine sandwich (a six-inch one with cold cuts), not a cheese substitute. */
/** A snag in bread is the sausage sizzle (Morsel's dish), not the sausage alone nor a British sausage sandwich. */
const SIZZLE = { also: ["sausage sizzle"], prefer: [900403] };
const MILO = {
  also: ["malted drink mix chocolate with added nutrients powder prepared with whole milk"],
  prefer: [14316],
};
const HORLICKS = {
  also: ["malted drink mix natural with added nutrients powder prepared with whole milk"],
  prefer: [14310],
};
const TIMBIT = { also: ["doughnuts cake type plain sugared or glazed"], prefer: [18250] };
const SUB = { also: ["fast foods submarine sandwich with cold cuts"], prefer: [21124] };
const CRISPS = { also: ["potato chips"], prefer: [19411] };
/** A bourbon is the chocolate cream sandwich biscuit (12.5 g, 60 kcal on McVitie's label; USDA's is 11.5 g). */
const BOURBON = { also: ["cookies chocolate sandwich with creme filling"], prefer: [18166] };
const CUSTARD_CREAM = { also: ["cookies vanilla sandwich with creme filling"], prefer: [18210] };
/** A HobNob weighs about 15 g (67 kcal on McVitie's label): USDA's 15 g oatmeal cookie, not its 25 g "big" one. */
const HOBNOB = { also: ["cookies oatmeal commercially prepared soft type"], prefer: [18179] };
/** An Oreo is the chocolate creme sandwich cookie USDA names generically (11.5 g, 54 kcal; Oreo's label: 53). */
const OREO = BOURBON;
const DAL = { also: ["dal tadka"], prefer: [900311] };
const PAPAD = { also: ["poppadom"], prefer: [900340] };
/** Maggi (India's instant noodles, a 70 g cake) is USDA's dry ramen noodle soup. */
const MAGGI = { also: ["soup ramen noodle dry"], prefer: [6583] };
const FISH_FINGERS = { also: ["fish portions and sticks"], prefer: [15027] };
/** Back bacon (Britain, Ireland) and peameal bacon (Canada) are the cured loin: USDA's Canadian bacon. */
const BACK_BACON = { also: ["canadian bacon"], prefer: [10998] };
const SPIRIT = { also: ["alcoholic beverage distilled all"], prefer: [14037] };
/** Ghee is clarified butter: USDA's anhydrous butter oil (876 kcal per 100 g). */
const GHEE = { also: ["butter oil anhydrous"], prefer: [1003] };
const MIXED_VEG = { also: ["vegetables mixed frozen cooked"], prefer: [11584] };
const SPROUTS = { also: ["mung beans mature seeds sprouted"], prefer: [11043] };
const RIBS = { also: ["pork fresh spareribs cooked"], prefer: [10089] };
// the home-made dish's full name first: "mac n cheese" is three words, and matched the dish only through its synonyms
// (scored as a synonym, below the entrée's name) without it
const MAC = { also: ["macaroni and cheese homemade", "macaroni and cheese"], prefer: [900210] };
const LASAGNE = { also: ["lasagne"], prefer: [900701, 22916] };
const CHILI_BOWL = { also: ["chili con carne"], prefer: [900219] };

// biome-ignore format: hand-kept data, several entries a line
export const WORLD_ALIASES: Readonly<Record<string, Alias>> = {
  // the home or restaurant dish (Morsel's composed ones), not USDA's frozen entrée
  "mac and cheese": MAC, "mac n cheese": MAC, "macaroni and cheese": MAC, "macaroni cheese": MAC,
  lasagna: LASAGNE, lasagne: LASAGNE, "beef lasagne": LASAGNE, "beef lasagna": LASAGNE,
  "bowl of chili": CHILI_BOWL, "bowl of chilli": CHILI_BOWL, "bowls of chili": CHILI_BOWL,
  // fries as served (USDA's fast-food fries have small, medium and large), not the frozen bag's "10 strip"
  fries: { also: ["fast foods potato french fried"], prefer: [21138] },
  "french fries": { also: ["fast foods potato french fried"], prefer: [21138] },
  // a pretzel is the soft one of a bakery or mall; pretzels, the hard snack (ranking-data.ts)
  pretzel: { also: ["pretzels soft"], prefer: [43109, 19047] },
  oreo: OREO, oreos: OREO,
  // Britain
  guinness: BEER, "pint of guinness": BEER, prosecco: WHITE_WINE, cava: WHITE_WINE, champagne: WHITE_WINE,
  satsuma: MANDARIN, satsumas: MANDARIN, clementine: MANDARIN, clementines: MANDARIN,
  "dairy milk": CHOCOLATE_BAR, "cadbury dairy milk": CHOCOLATE_BAR, wispa: CHOCOLATE_BAR,
  kitkat: KITKAT, "kit kat": KITKAT, sub: SUB, subs: SUB, "sub sandwich": SUB,
  "cuppa with milk": { also: ["tea with milk"], prefer: [900006] },
  stella: BEER, "stella artois": BEER, carling: BEER, fosters: BEER, peroni: BEER, heineken: BEER, carlsberg: BEER,
  budweiser: BEER, corona: BEER, coors: BEER, kingfisher: BEER, molson: BEER, labatt: BEER, tinnie: BEER, tinnies: BEER,
  "hard cider": { also: ["hard cider"], prefer: [14250] },
  walkers: CRISPS, "walkers crisps": CRISPS,
  bourbon: BOURBON, bourbons: BOURBON, "bourbon biscuit": BOURBON, "bourbon biscuits": BOURBON,
  "custard cream": CUSTARD_CREAM, "custard creams": CUSTARD_CREAM,
  hobnob: HOBNOB, hobnobs: HOBNOB,
  "fish finger": FISH_FINGERS, "fish fingers": FISH_FINGERS, "fish sticks": FISH_FINGERS, "fish stick": FISH_FINGERS,
  "back bacon": BACK_BACON, "peameal bacon": BACK_BACON, "canadian bacon": BACK_BACON,
  tequila: SPIRIT, "shot of tequila": SPIRIT, brandy: SPIRIT, cognac: SPIRIT,
  // India
  ghee: GHEE, "desi ghee": GHEE, dal: DAL, daal: DAL, dhal: DAL, papad: PAPAD, papads: PAPAD, maggi: MAGGI,
  "maggi noodles": MAGGI,
  chole: { also: ["chana masala"], prefer: [900314] }, chhole: { also: ["chana masala"], prefer: [900314] },
  "mixed veg": MIXED_VEG, "mixed vegetables": MIXED_VEG, "mix veg": MIXED_VEG,
  "mung bean sprouts": SPROUTS, "moong sprouts": SPROUTS, "bean sprouts": SPROUTS, "beansprouts": SPROUTS,
  // a pav is the soft bread roll of vada pav and pav bhaji (region.ts reads "pav" so in India)
  "pav bun": { also: ["rolls hamburger or hotdog"], prefer: [18350] },
  // Australia and Canada
  snag: { also: ["sausage"], prefer: [7064] }, snags: { also: ["sausage"], prefer: [7064] },
  "snag in bread": SIZZLE, "snags in bread": SIZZLE, "sausage in bread": SIZZLE, "snag sanga": SIZZLE,
  toastie: { also: ["grilled cheese sandwich"], prefer: [900206] },
  "roast pumpkin": { also: ["pumpkin cooked"], prefer: [11423] }, "roasted pumpkin": { also: ["pumpkin cooked"], prefer: [11423] },
  // barramundi is Asian sea bass
  // a crumbed chicken breast (a pub's parma without its topping, chips and salad)
  "chicken schnitzel": { also: ["chicken breast meat and skin cooked fried batter"], prefer: [5058] },
  barramundi: { also: ["fish sea bass"], prefer: [15092] },
  // bannock is the First Nations' fried or baked flatbread: USDA's frybread, not the chokecherries the Shoshone-Bannock gather
  bannock: { also: ["frybread"], prefer: [35142] },
  // Milo (Australia, India) and Bournvita are fortified chocolate malt drinks, Horlicks the plain malted one, made with milk
  milo: MILO, milos: MILO, bournvita: MILO, horlicks: HORLICKS,
  // a Tim Hortons Timbit is a doughnut hole (extra-portions.ts), not USDA's tomato sauce "with tomato tidbits"
  timbit: TIMBIT, timbits: TIMBIT,
  // a steak sandwich is a sandwich of grilled steak (the cheesesteak is one), not USDA's flaked "sandwich steaks"
  "steak sandwich": { also: ["philly cheesesteak"], prefer: [900209] },
  // a bacon and egg roll is the bacon roll with an egg: the bacon sandwich's kcal near enough, and one food, not two
  "bacon and egg roll": { also: ["bacon sandwich"], prefer: [900102] },
  "bacon and egg sandwich": { also: ["bacon sandwich"], prefer: [900102] },
  // the United States
  "chicken alfredo": { also: ["fettuccine alfredo"], prefer: [900706] },
  ribs: RIBS, "bbq ribs": RIBS, "barbecue ribs": RIBS, "spare ribs": RIBS, "pork ribs": RIBS,
};
