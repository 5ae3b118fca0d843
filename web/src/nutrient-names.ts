/**
 * The names people know nutrients by ("Iron", "Vitamin C"), for the catalogue's USDA names ("Iron, Fe",
 * "Vitamin C, total ascorbic acid"); a nutrient not listed keeps the catalogue's name. Every view that names a
 * nutrient (the day's Nutrients, Settings → Targets, the Report) uses these.
 */
const SHORT: Record<string, string> = {
  protein_g: "Protein",
  fat_g: "Fat",
  carbohydrate_g: "Carbohydrate",
  fiber_g: "Fibre",
  sugars_g: "Sugars",
  water_g: "Water",
  saturated_fat_g: "Saturated fat",
  monounsaturated_fat_g: "Monounsaturated fat",
  polyunsaturated_fat_g: "Polyunsaturated fat",
  trans_fat_g: "Trans fat",
  omega_3_g: "Omega-3 fatty acids",
  omega_6_g: "Omega-6 fatty acids",
  cholesterol_mg: "Cholesterol",
  sodium_mg: "Sodium",
  potassium_mg: "Potassium",
  calcium_mg: "Calcium",
  iron_mg: "Iron",
  magnesium_mg: "Magnesium",
  phosphorus_mg: "Phosphorus",
  zinc_mg: "Zinc",
  copper_mg: "Copper",
  manganese_mg: "Manganese",
  selenium_ug: "Selenium",
  fluoride_ug: "Fluoride",
  vitamin_a_rae_ug: "Vitamin A",
  vitamin_c_mg: "Vitamin C",
  folate_ug: "Folate",
  choline_mg: "Choline",
  vitamin_d_ug: "Vitamin D",
  vitamin_e_mg: "Vitamin E",
  vitamin_k_ug: "Vitamin K",
};

export const nutrientName = (key: string, catalogueName: string) => SHORT[key] ?? catalogueName;
