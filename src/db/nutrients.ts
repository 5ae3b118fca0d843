/**
 * The catalogue's nutrient vocabulary: one row per nutrient, in the contract's key style
 * (`snake_case` + unit suffix), all values per 100 g. Shared by the catalogue build script
 * (which maps cronometer's SR24 XML names onto these keys) and the API (which emits them).
 *
 * `source` is the nutrient name in cronometer's `usda_sr24.jar` XML; `derived` marks the
 * three values computed at build time (see scripts/build-catalogue.ts for the formulas).
 */
export interface NutrientDef {
  key: string;
  name: string;
  unit: "kcal" | "kJ" | "g" | "mg" | "ug" | "IU";
  source?: string;
  usda?: string;
  derived?: true;
}

export const NUTRIENTS = [
  { key: "energy_kcal", name: "Energy", unit: "kcal", source: "Energy", usda: "208" },
  { key: "energy_kj", name: "Energy", unit: "kJ", derived: true },
  { key: "protein_g", name: "Protein", unit: "g", source: "Protein", usda: "203" },
  { key: "fat_g", name: "Total fat", unit: "g", source: "Fat", usda: "204" },
  { key: "carbohydrate_g", name: "Carbohydrate, by difference", unit: "g", source: "Carbs", usda: "205" },
  { key: "fiber_g", name: "Fiber, total dietary", unit: "g", source: "Fiber", usda: "291" },
  { key: "sugars_g", name: "Sugars, total", unit: "g", source: "Sugars", usda: "269" },
  { key: "starch_g", name: "Starch", unit: "g", source: "Starch", usda: "209" },
  { key: "alcohol_g", name: "Alcohol, ethyl", unit: "g", source: "Alcohol", usda: "221" },
  { key: "water_g", name: "Water", unit: "g", source: "Water", usda: "255" },
  { key: "ash_g", name: "Ash", unit: "g", source: "Ash", usda: "207" },
  { key: "caffeine_mg", name: "Caffeine", unit: "mg", source: "Caffeine", usda: "262" },
  { key: "saturated_fat_g", name: "Fatty acids, total saturated", unit: "g", source: "Saturated", usda: "606" },
  {
    key: "monounsaturated_fat_g",
    name: "Fatty acids, total monounsaturated",
    unit: "g",
    source: "Monounsaturated",
    usda: "645",
  },
  {
    key: "polyunsaturated_fat_g",
    name: "Fatty acids, total polyunsaturated",
    unit: "g",
    source: "Polyunsaturated",
    usda: "646",
  },
  { key: "trans_fat_g", name: "Fatty acids, total trans", unit: "g", source: "Trans-Fats", usda: "605" },
  {
    key: "omega_3_g",
    name: "Omega-3 fatty acids (sum computed by cronometer, approximate)",
    unit: "g",
    source: "Omega-3",
  },
  {
    key: "omega_6_g",
    name: "Omega-6 fatty acids (sum computed by cronometer, approximate)",
    unit: "g",
    source: "Omega-6",
  },
  { key: "cholesterol_mg", name: "Cholesterol", unit: "mg", source: "Cholesterol", usda: "601" },
  { key: "phytosterols_mg", name: "Phytosterols", unit: "mg", source: "Phytosterol", usda: "636" },
  { key: "sodium_mg", name: "Sodium, Na", unit: "mg", source: "Sodium", usda: "307" },
  { key: "potassium_mg", name: "Potassium, K", unit: "mg", source: "Potassium", usda: "306" },
  { key: "calcium_mg", name: "Calcium, Ca", unit: "mg", source: "Calcium", usda: "301" },
  { key: "iron_mg", name: "Iron, Fe", unit: "mg", source: "Iron", usda: "303" },
  { key: "magnesium_mg", name: "Magnesium, Mg", unit: "mg", source: "Magnesium", usda: "304" },
  { key: "phosphorus_mg", name: "Phosphorus, P", unit: "mg", source: "Phosphorus", usda: "305" },
  { key: "zinc_mg", name: "Zinc, Zn", unit: "mg", source: "Zinc", usda: "309" },
  { key: "copper_mg", name: "Copper, Cu", unit: "mg", source: "Copper", usda: "312" },
  { key: "manganese_mg", name: "Manganese, Mn", unit: "mg", source: "Manganese", usda: "315" },
  { key: "selenium_ug", name: "Selenium, Se", unit: "ug", source: "Selenium", usda: "317" },
  { key: "fluoride_ug", name: "Fluoride, F", unit: "ug", source: "Fluoride", usda: "313" },
  { key: "vitamin_a_iu", name: "Vitamin A, IU", unit: "IU", source: "Vitamin A", usda: "318" },
  { key: "vitamin_a_rae_ug", name: "Vitamin A, RAE", unit: "ug", derived: true },
  { key: "retinol_ug", name: "Retinol", unit: "ug", source: "Retinol", usda: "319" },
  { key: "alpha_carotene_ug", name: "Carotene, alpha", unit: "ug", source: "Alpha-carotene", usda: "322" },
  { key: "beta_carotene_ug", name: "Carotene, beta", unit: "ug", source: "Beta-carotene", usda: "321" },
  { key: "beta_cryptoxanthin_ug", name: "Cryptoxanthin, beta", unit: "ug", source: "Beta-cryptoxanthin", usda: "334" },
  { key: "lycopene_ug", name: "Lycopene", unit: "ug", source: "Lycopene", usda: "337" },
  { key: "lutein_zeaxanthin_ug", name: "Lutein + zeaxanthin", unit: "ug", source: "Lutein+Zeaxanthin", usda: "338" },
  { key: "vitamin_c_mg", name: "Vitamin C, total ascorbic acid", unit: "mg", source: "Vitamin C", usda: "401" },
  { key: "thiamin_mg", name: "Thiamin (B1)", unit: "mg", source: "B1 (Thiamine)", usda: "404" },
  { key: "riboflavin_mg", name: "Riboflavin (B2)", unit: "mg", source: "B2 (Riboflavin)", usda: "405" },
  { key: "niacin_mg", name: "Niacin (B3)", unit: "mg", source: "B3 (Niacin)", usda: "406" },
  {
    key: "pantothenic_acid_mg",
    name: "Pantothenic acid (B5)",
    unit: "mg",
    source: "B5 (Pantothenic Acid)",
    usda: "410",
  },
  { key: "vitamin_b6_mg", name: "Vitamin B6", unit: "mg", source: "B6 (Pyridoxine)", usda: "415" },
  { key: "folate_ug", name: "Folate, total", unit: "ug", source: "Folate", usda: "417" },
  { key: "vitamin_b12_ug", name: "Vitamin B12", unit: "ug", source: "B12 (Cyanocobalamin)", usda: "418" },
  { key: "choline_mg", name: "Choline, total", unit: "mg", source: "Choline", usda: "421" },
  { key: "vitamin_d_iu", name: "Vitamin D, IU", unit: "IU", source: "Vitamin D", usda: "324" },
  { key: "vitamin_d_ug", name: "Vitamin D (D2 + D3)", unit: "ug", derived: true },
  { key: "vitamin_e_mg", name: "Vitamin E (alpha-tocopherol)", unit: "mg", source: "Vitamin E", usda: "323" },
  { key: "beta_tocopherol_mg", name: "Tocopherol, beta", unit: "mg", source: "Beta Tocopherol", usda: "341" },
  { key: "gamma_tocopherol_mg", name: "Tocopherol, gamma", unit: "mg", source: "Gamma Tocopherol", usda: "342" },
  { key: "delta_tocopherol_mg", name: "Tocopherol, delta", unit: "mg", source: "Delta Tocopherol", usda: "343" },
  { key: "vitamin_k_ug", name: "Vitamin K (phylloquinone)", unit: "ug", source: "Vitamin K", usda: "430" },
  { key: "tryptophan_g", name: "Tryptophan", unit: "g", source: "TRP", usda: "501" },
  { key: "threonine_g", name: "Threonine", unit: "g", source: "THR", usda: "502" },
  { key: "isoleucine_g", name: "Isoleucine", unit: "g", source: "ILE", usda: "503" },
  { key: "leucine_g", name: "Leucine", unit: "g", source: "LEU", usda: "504" },
  { key: "lysine_g", name: "Lysine", unit: "g", source: "LYS", usda: "505" },
  { key: "methionine_g", name: "Methionine", unit: "g", source: "MET", usda: "506" },
  { key: "cystine_g", name: "Cystine", unit: "g", source: "CYS", usda: "507" },
  { key: "phenylalanine_g", name: "Phenylalanine", unit: "g", source: "PHE", usda: "508" },
  { key: "tyrosine_g", name: "Tyrosine", unit: "g", source: "TYR", usda: "509" },
  { key: "valine_g", name: "Valine", unit: "g", source: "VAL", usda: "510" },
  { key: "arginine_g", name: "Arginine", unit: "g", source: "ARG", usda: "511" },
  { key: "histidine_g", name: "Histidine", unit: "g", source: "HIS", usda: "512" },
  { key: "alanine_g", name: "Alanine", unit: "g", source: "ALA", usda: "513" },
  { key: "aspartic_acid_g", name: "Aspartic acid", unit: "g", source: "ASP", usda: "514" },
  { key: "glutamic_acid_g", name: "Glutamic acid", unit: "g", source: "GLU", usda: "515" },
  { key: "glycine_g", name: "Glycine", unit: "g", source: "GLY", usda: "516" },
  { key: "proline_g", name: "Proline", unit: "g", source: "PRO", usda: "517" },
  { key: "serine_g", name: "Serine", unit: "g", source: "SER", usda: "518" },
  { key: "hydroxyproline_g", name: "Hydroxyproline", unit: "g", source: "HYP", usda: "521" },
] as const satisfies readonly NutrientDef[];

export type NutrientKey = (typeof NUTRIENTS)[number]["key"];
export const NUTRIENT_KEYS: readonly NutrientKey[] = NUTRIENTS.map((n) => n.key);

/** The eight nutrients a meal carries and totals sum (contract §Meals). */
export const MEAL_NUTRIENT_KEYS = [
  "energy_kcal",
  "protein_g",
  "fat_g",
  "carbohydrate_g",
  "fiber_g",
  "sugars_g",
  "saturated_fat_g",
  "sodium_mg",
] as const satisfies readonly NutrientKey[];
export type MealNutrientKey = (typeof MEAL_NUTRIENT_KEYS)[number];

/** SR food-group names, by two-digit code (USDA SR FD_GROUP). */
export const FOOD_GROUPS: Readonly<Record<string, string>> = {
  "01": "Dairy and Egg Products",
  "02": "Spices and Herbs",
  "03": "Baby Foods",
  "04": "Fats and Oils",
  "05": "Poultry Products",
  "06": "Soups, Sauces, and Gravies",
  "07": "Sausages and Luncheon Meats",
  "08": "Breakfast Cereals",
  "09": "Fruits and Fruit Juices",
  "10": "Pork Products",
  "11": "Vegetables and Vegetable Products",
  "12": "Nut and Seed Products",
  "13": "Beef Products",
  "14": "Beverages",
  "15": "Finfish and Shellfish Products",
  "16": "Legumes and Legume Products",
  "17": "Lamb, Veal, and Game Products",
  "18": "Baked Products",
  "19": "Sweets",
  "20": "Cereal Grains and Pasta",
  "21": "Fast Foods",
  "22": "Meals, Entrees, and Side Dishes",
  "25": "Snacks",
  "35": "American Indian/Alaska Native Foods",
  "36": "Restaurant Foods",
};
