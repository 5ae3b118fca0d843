/**
 * The NASEM (Food and Nutrition Board) Dietary Reference Intakes summary tables, transcribed by hand
 * in the tables' own units, for the nutrients Morsel's catalogue carries. Input of scripts/build-dri.ts.
 *
 * Source: "Dietary Reference Intakes (DRIs)" summary tables, Food and Nutrition Board, National
 * Academies, as printed in Appendix J of *Dietary Reference Intakes for Sodium and Potassium* (NASEM
 * 2019, doi:10.17226/25353, NCBI Bookshelf NBK545442) and published by the NIH Office of Dietary
 * Supplements (ods.od.nih.gov/HealthInformation/nutrientrecommendations.aspx):
 *   - "Recommended Dietary Allowances and Adequate Intakes, Vitamins" (vitamin D and calcium as revised 2011)
 *   - "Recommended Dietary Allowances and Adequate Intakes, Elements" (sodium and potassium as revised 2019)
 *   - "Recommended Dietary Allowances and Adequate Intakes, Total Water and Macronutrients"
 *   - "Tolerable Upper Intake Levels, Vitamins" and "Tolerable Upper Intake Levels, Elements"
 *   - "Chronic Disease Risk Reduction Intakes" (sodium, 2019)
 * Infants (0–6 and 7–12 months) are left out: ages come from a birth year, which cannot tell them apart.
 *
 * Each row lists the 20 life-stage groups in GROUPS order; null is "ND" or no value in that table.
 */

export const SOURCE = {
  name: "NASEM Dietary Reference Intakes summary tables (Food and Nutrition Board), as published by the NIH Office of Dietary Supplements",
  version:
    "2019 edition: Appendix J of Dietary Reference Intakes for Sodium and Potassium (2019), with the 2011 calcium and vitamin D values",
  url: "https://ods.od.nih.gov/HealthInformation/nutrientrecommendations.aspx",
  doi: "10.17226/25353",
} as const;

export const GROUPS = [
  "child_1_3",
  "child_4_8",
  "male_9_13",
  "male_14_18",
  "male_19_30",
  "male_31_50",
  "male_51_70",
  "male_71_",
  "female_9_13",
  "female_14_18",
  "female_19_30",
  "female_31_50",
  "female_51_70",
  "female_71_",
  "pregnancy_14_18",
  "pregnancy_19_30",
  "pregnancy_31_50",
  "lactation_14_18",
  "lactation_19_30",
  "lactation_31_50",
] as const;

export type TableName =
  | "RDA/AI vitamins"
  | "RDA/AI elements"
  | "RDA/AI macronutrients"
  | "UL vitamins"
  | "UL elements"
  | "CDRR";

/** What a UL counts: all food, water and supplements, or only some forms (the tables' footnotes). */
export type UpperScope = "total" | "supplements" | "preformed";

export interface SourceRow {
  /** The nutrient as the table names it. */
  nutrient: string;
  table: TableName;
  /** The table's unit. */
  unit: "g" | "mg" | "ug" | "L";
  /** RDA/AI tables print RDAs in bold and AIs with an asterisk; no row here mixes the two from age 1 on. */
  kind: "RDA" | "AI" | "UL" | "CDRR";
  values: readonly (number | null)[];
  scope?: UpperScope;
  note?: string;
}

// biome-ignore format: the tables' rows, one per line as printed
//                                   c1-3  c4-8  m9    m14   m19   m31   m51   m71   f9    f14   f19   f31   f51   f71   p14   p19   p31   l14   l19   l31
export const ROWS: readonly SourceRow[] = [
  // Recommended Dietary Allowances and Adequate Intakes, Vitamins
  { nutrient: "Vitamin A (µg RAE)", table: "RDA/AI vitamins", unit: "ug", kind: "RDA",
    values: [300, 400, 600, 900, 900, 900, 900, 900, 600, 700, 700, 700, 700, 700, 750, 770, 770, 1200, 1300, 1300] },
  { nutrient: "Vitamin C", table: "RDA/AI vitamins", unit: "mg", kind: "RDA",
    values: [15, 25, 45, 75, 90, 90, 90, 90, 45, 65, 75, 75, 75, 75, 80, 85, 85, 115, 120, 120] },
  { nutrient: "Vitamin D", table: "RDA/AI vitamins", unit: "ug", kind: "RDA",
    values: [15, 15, 15, 15, 15, 15, 15, 20, 15, 15, 15, 15, 15, 20, 15, 15, 15, 15, 15, 15] },
  { nutrient: "Vitamin E (α-tocopherol)", table: "RDA/AI vitamins", unit: "mg", kind: "RDA",
    values: [6, 7, 11, 15, 15, 15, 15, 15, 11, 15, 15, 15, 15, 15, 15, 15, 15, 19, 19, 19] },
  { nutrient: "Vitamin K", table: "RDA/AI vitamins", unit: "ug", kind: "AI",
    values: [30, 55, 60, 75, 120, 120, 120, 120, 60, 75, 90, 90, 90, 90, 75, 90, 90, 75, 90, 90] },
  { nutrient: "Thiamin", table: "RDA/AI vitamins", unit: "mg", kind: "RDA",
    values: [0.5, 0.6, 0.9, 1.2, 1.2, 1.2, 1.2, 1.2, 0.9, 1.0, 1.1, 1.1, 1.1, 1.1, 1.4, 1.4, 1.4, 1.4, 1.4, 1.4] },
  { nutrient: "Riboflavin", table: "RDA/AI vitamins", unit: "mg", kind: "RDA",
    values: [0.5, 0.6, 0.9, 1.3, 1.3, 1.3, 1.3, 1.3, 0.9, 1.0, 1.1, 1.1, 1.1, 1.1, 1.4, 1.4, 1.4, 1.6, 1.6, 1.6] },
  { nutrient: "Niacin (mg NE)", table: "RDA/AI vitamins", unit: "mg", kind: "RDA",
    values: [6, 8, 12, 16, 16, 16, 16, 16, 12, 14, 14, 14, 14, 14, 18, 18, 18, 17, 17, 17] },
  { nutrient: "Vitamin B6", table: "RDA/AI vitamins", unit: "mg", kind: "RDA",
    values: [0.5, 0.6, 1.0, 1.3, 1.3, 1.3, 1.7, 1.7, 1.0, 1.2, 1.3, 1.3, 1.5, 1.5, 1.9, 1.9, 1.9, 2.0, 2.0, 2.0] },
  { nutrient: "Folate (µg DFE)", table: "RDA/AI vitamins", unit: "ug", kind: "RDA",
    values: [150, 200, 300, 400, 400, 400, 400, 400, 300, 400, 400, 400, 400, 400, 600, 600, 600, 500, 500, 500] },
  { nutrient: "Vitamin B12", table: "RDA/AI vitamins", unit: "ug", kind: "RDA",
    values: [0.9, 1.2, 1.8, 2.4, 2.4, 2.4, 2.4, 2.4, 1.8, 2.4, 2.4, 2.4, 2.4, 2.4, 2.6, 2.6, 2.6, 2.8, 2.8, 2.8] },
  { nutrient: "Pantothenic acid", table: "RDA/AI vitamins", unit: "mg", kind: "AI",
    values: [2, 3, 4, 5, 5, 5, 5, 5, 4, 5, 5, 5, 5, 5, 6, 6, 6, 7, 7, 7] },
  { nutrient: "Choline", table: "RDA/AI vitamins", unit: "mg", kind: "AI",
    values: [200, 250, 375, 550, 550, 550, 550, 550, 375, 400, 425, 425, 425, 425, 450, 450, 450, 550, 550, 550] },

  // Recommended Dietary Allowances and Adequate Intakes, Elements
  { nutrient: "Calcium", table: "RDA/AI elements", unit: "mg", kind: "RDA",
    values: [700, 1000, 1300, 1300, 1000, 1000, 1000, 1200, 1300, 1300, 1000, 1000, 1200, 1200, 1300, 1000, 1000, 1300, 1000, 1000] },
  { nutrient: "Copper", table: "RDA/AI elements", unit: "ug", kind: "RDA",
    values: [340, 440, 700, 890, 900, 900, 900, 900, 700, 890, 900, 900, 900, 900, 1000, 1000, 1000, 1300, 1300, 1300] },
  { nutrient: "Fluoride", table: "RDA/AI elements", unit: "mg", kind: "AI",
    values: [0.7, 1, 2, 3, 4, 4, 4, 4, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3] },
  { nutrient: "Iron", table: "RDA/AI elements", unit: "mg", kind: "RDA",
    values: [7, 10, 8, 11, 8, 8, 8, 8, 8, 15, 18, 18, 8, 8, 27, 27, 27, 10, 9, 9] },
  { nutrient: "Magnesium", table: "RDA/AI elements", unit: "mg", kind: "RDA",
    values: [80, 130, 240, 410, 400, 420, 420, 420, 240, 360, 310, 320, 320, 320, 400, 350, 360, 360, 310, 320] },
  { nutrient: "Manganese", table: "RDA/AI elements", unit: "mg", kind: "AI",
    values: [1.2, 1.5, 1.9, 2.2, 2.3, 2.3, 2.3, 2.3, 1.6, 1.6, 1.8, 1.8, 1.8, 1.8, 2.0, 2.0, 2.0, 2.6, 2.6, 2.6] },
  { nutrient: "Phosphorus", table: "RDA/AI elements", unit: "mg", kind: "RDA",
    values: [460, 500, 1250, 1250, 700, 700, 700, 700, 1250, 1250, 700, 700, 700, 700, 1250, 700, 700, 1250, 700, 700] },
  { nutrient: "Selenium", table: "RDA/AI elements", unit: "ug", kind: "RDA",
    values: [20, 30, 40, 55, 55, 55, 55, 55, 40, 55, 55, 55, 55, 55, 60, 60, 60, 70, 70, 70] },
  { nutrient: "Zinc", table: "RDA/AI elements", unit: "mg", kind: "RDA",
    values: [3, 5, 8, 11, 11, 11, 11, 11, 8, 9, 8, 8, 8, 8, 12, 11, 11, 13, 12, 12] },
  { nutrient: "Potassium", table: "RDA/AI elements", unit: "mg", kind: "AI", note: "2019 AI",
    values: [2000, 2300, 2500, 3000, 3400, 3400, 3400, 3400, 2300, 2300, 2600, 2600, 2600, 2600, 2600, 2900, 2900, 2500, 2800, 2800] },
  { nutrient: "Sodium", table: "RDA/AI elements", unit: "mg", kind: "AI", note: "2019 AI",
    values: [800, 1000, 1200, 1500, 1500, 1500, 1500, 1500, 1200, 1500, 1500, 1500, 1500, 1500, 1500, 1500, 1500, 1500, 1500, 1500] },

  // Recommended Dietary Allowances and Adequate Intakes, Total Water and Macronutrients
  { nutrient: "Total water", table: "RDA/AI macronutrients", unit: "L", kind: "AI",
    note: "total water: drinks and the water in food",
    values: [1.3, 1.7, 2.4, 3.3, 3.7, 3.7, 3.7, 3.7, 2.1, 2.3, 2.7, 2.7, 2.7, 2.7, 3.0, 3.0, 3.0, 3.8, 3.8, 3.8] },
  { nutrient: "Carbohydrate", table: "RDA/AI macronutrients", unit: "g", kind: "RDA",
    values: [130, 130, 130, 130, 130, 130, 130, 130, 130, 130, 130, 130, 130, 130, 175, 175, 175, 210, 210, 210] },
  { nutrient: "Total fiber", table: "RDA/AI macronutrients", unit: "g", kind: "AI",
    values: [19, 25, 31, 38, 38, 38, 30, 30, 26, 26, 25, 25, 21, 21, 28, 28, 28, 29, 29, 29] },
  { nutrient: "Linoleic acid (n-6)", table: "RDA/AI macronutrients", unit: "g", kind: "AI",
    values: [7, 10, 12, 16, 17, 17, 14, 14, 10, 11, 12, 12, 11, 11, 13, 13, 13, 13, 13, 13] },
  { nutrient: "α-Linolenic acid (n-3)", table: "RDA/AI macronutrients", unit: "g", kind: "AI",
    values: [0.7, 0.9, 1.2, 1.6, 1.6, 1.6, 1.6, 1.6, 1.0, 1.1, 1.1, 1.1, 1.1, 1.1, 1.4, 1.4, 1.4, 1.3, 1.3, 1.3] },
  { nutrient: "Protein", table: "RDA/AI macronutrients", unit: "g", kind: "RDA",
    values: [13, 19, 34, 52, 56, 56, 56, 56, 34, 46, 46, 46, 46, 46, 71, 71, 71, 71, 71, 71] },

  // Tolerable Upper Intake Levels, Vitamins
  { nutrient: "Vitamin A (preformed)", table: "UL vitamins", unit: "ug", kind: "UL", scope: "preformed",
    note: "as preformed vitamin A (retinol) only",
    values: [600, 900, 1700, 2800, 3000, 3000, 3000, 3000, 1700, 2800, 3000, 3000, 3000, 3000, 2800, 3000, 3000, 2800, 3000, 3000] },
  { nutrient: "Vitamin C", table: "UL vitamins", unit: "mg", kind: "UL", scope: "total",
    values: [400, 650, 1200, 1800, 2000, 2000, 2000, 2000, 1200, 1800, 2000, 2000, 2000, 2000, 1800, 2000, 2000, 1800, 2000, 2000] },
  { nutrient: "Vitamin D", table: "UL vitamins", unit: "ug", kind: "UL", scope: "total",
    values: [63, 75, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100] },
  { nutrient: "Vitamin E", table: "UL vitamins", unit: "mg", kind: "UL", scope: "supplements",
    note: "any form of supplemental α-tocopherol; synthetic forms from supplements and fortified foods",
    values: [200, 300, 600, 800, 1000, 1000, 1000, 1000, 600, 800, 1000, 1000, 1000, 1000, 800, 1000, 1000, 800, 1000, 1000] },
  { nutrient: "Niacin", table: "UL vitamins", unit: "mg", kind: "UL", scope: "supplements",
    note: "synthetic forms from supplements, fortified foods or both",
    values: [10, 15, 20, 30, 35, 35, 35, 35, 20, 30, 35, 35, 35, 35, 30, 35, 35, 30, 35, 35] },
  { nutrient: "Vitamin B6", table: "UL vitamins", unit: "mg", kind: "UL", scope: "total",
    values: [30, 40, 60, 80, 100, 100, 100, 100, 60, 80, 100, 100, 100, 100, 80, 100, 100, 80, 100, 100] },
  { nutrient: "Folate (folic acid)", table: "UL vitamins", unit: "ug", kind: "UL", scope: "supplements",
    note: "synthetic folic acid from supplements, fortified foods or both",
    values: [300, 400, 600, 800, 1000, 1000, 1000, 1000, 600, 800, 1000, 1000, 1000, 1000, 800, 1000, 1000, 800, 1000, 1000] },
  { nutrient: "Choline", table: "UL vitamins", unit: "g", kind: "UL", scope: "total",
    values: [1.0, 1.0, 2.0, 3.0, 3.5, 3.5, 3.5, 3.5, 2.0, 3.0, 3.5, 3.5, 3.5, 3.5, 3.0, 3.5, 3.5, 3.0, 3.5, 3.5] },

  // Tolerable Upper Intake Levels, Elements
  { nutrient: "Calcium", table: "UL elements", unit: "mg", kind: "UL", scope: "total",
    values: [2500, 2500, 3000, 3000, 2500, 2500, 2000, 2000, 3000, 3000, 2500, 2500, 2000, 2000, 3000, 2500, 2500, 3000, 2500, 2500] },
  { nutrient: "Copper", table: "UL elements", unit: "ug", kind: "UL", scope: "total",
    values: [1000, 3000, 5000, 8000, 10000, 10000, 10000, 10000, 5000, 8000, 10000, 10000, 10000, 10000, 8000, 10000, 10000, 8000, 10000, 10000] },
  { nutrient: "Fluoride", table: "UL elements", unit: "mg", kind: "UL", scope: "total",
    values: [1.3, 2.2, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10] },
  { nutrient: "Iron", table: "UL elements", unit: "mg", kind: "UL", scope: "total",
    values: [40, 40, 40, 45, 45, 45, 45, 45, 40, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45, 45] },
  { nutrient: "Magnesium", table: "UL elements", unit: "mg", kind: "UL", scope: "supplements",
    note: "a pharmacological agent only; not magnesium in food and water",
    values: [65, 110, 350, 350, 350, 350, 350, 350, 350, 350, 350, 350, 350, 350, 350, 350, 350, 350, 350, 350] },
  { nutrient: "Manganese", table: "UL elements", unit: "mg", kind: "UL", scope: "total",
    values: [2, 3, 6, 9, 11, 11, 11, 11, 6, 9, 11, 11, 11, 11, 9, 11, 11, 9, 11, 11] },
  { nutrient: "Phosphorus", table: "UL elements", unit: "g", kind: "UL", scope: "total",
    values: [3, 3, 4, 4, 4, 4, 4, 3, 4, 4, 4, 4, 4, 3, 3.5, 3.5, 3.5, 4, 4, 4] },
  { nutrient: "Selenium", table: "UL elements", unit: "ug", kind: "UL", scope: "total",
    values: [90, 150, 280, 400, 400, 400, 400, 400, 280, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  { nutrient: "Zinc", table: "UL elements", unit: "mg", kind: "UL", scope: "total",
    values: [7, 12, 23, 34, 40, 40, 40, 40, 23, 34, 40, 40, 40, 40, 34, 40, 40, 34, 40, 40] },

  // Chronic Disease Risk Reduction Intakes (2019)
  { nutrient: "Sodium", table: "CDRR", unit: "mg", kind: "CDRR", scope: "total",
    note: "reduce intakes above this to lower chronic disease risk (not a UL; sodium has no UL)",
    values: [1200, 1500, 1800, 2300, 2300, 2300, 2300, 2300, 1800, 2300, 2300, 2300, 2300, 2300, 2300, 2300, 2300, 2300, 2300, 2300] },
];

/**
 * Which table row fills which catalogue nutrient (db/nutrients.ts keys), and how to convert the
 * table's unit to the catalogue's. Vitamin A's UL counts preformed vitamin A only: it bounds retinol
 * (all of which is preformed), and is shown beside RAE as "preformed" (the RAE total above it is no
 * warning: carotenoids count in RAE, not in the UL). Catalogue values close to but not the table's
 * measure say so.
 */
// biome-ignore format: one mapping a line
export const MAPPING: readonly {
  key: string;
  nutrient: string;
  table: TableName;
  factor: number;
  caveat?: string;
  /** What the bound counts of this catalogue value, where it differs from the row's scope. */
  scope?: UpperScope;
}[] = [
  { key: "protein_g", nutrient: "Protein", table: "RDA/AI macronutrients", factor: 1 },
  { key: "carbohydrate_g", nutrient: "Carbohydrate", table: "RDA/AI macronutrients", factor: 1 },
  { key: "fiber_g", nutrient: "Total fiber", table: "RDA/AI macronutrients", factor: 1 },
  { key: "water_g", nutrient: "Total water", table: "RDA/AI macronutrients", factor: 1000,
    caveat: "the AI is total water (drinks included): 1 L counted as 1,000 g" },
  { key: "omega_6_g", nutrient: "Linoleic acid (n-6)", table: "RDA/AI macronutrients", factor: 1,
    caveat: "the catalogue's omega-6 is a sum of n-6 fatty acids, mostly linoleic acid" },
  { key: "omega_3_g", nutrient: "α-Linolenic acid (n-3)", table: "RDA/AI macronutrients", factor: 1,
    caveat: "the catalogue's omega-3 is a sum of n-3 fatty acids (ALA, EPA, DHA), the AI is for ALA" },
  { key: "vitamin_a_rae_ug", nutrient: "Vitamin A (µg RAE)", table: "RDA/AI vitamins", factor: 1 },
  { key: "vitamin_a_rae_ug", nutrient: "Vitamin A (preformed)", table: "UL vitamins", factor: 1, scope: "preformed" },
  { key: "retinol_ug", nutrient: "Vitamin A (preformed)", table: "UL vitamins", factor: 1, scope: "total" },
  { key: "vitamin_c_mg", nutrient: "Vitamin C", table: "RDA/AI vitamins", factor: 1 },
  { key: "vitamin_c_mg", nutrient: "Vitamin C", table: "UL vitamins", factor: 1 },
  { key: "vitamin_d_ug", nutrient: "Vitamin D", table: "RDA/AI vitamins", factor: 1 },
  { key: "vitamin_d_ug", nutrient: "Vitamin D", table: "UL vitamins", factor: 1 },
  { key: "vitamin_e_mg", nutrient: "Vitamin E (α-tocopherol)", table: "RDA/AI vitamins", factor: 1 },
  { key: "vitamin_e_mg", nutrient: "Vitamin E", table: "UL vitamins", factor: 1 },
  { key: "vitamin_k_ug", nutrient: "Vitamin K", table: "RDA/AI vitamins", factor: 1 },
  { key: "thiamin_mg", nutrient: "Thiamin", table: "RDA/AI vitamins", factor: 1 },
  { key: "riboflavin_mg", nutrient: "Riboflavin", table: "RDA/AI vitamins", factor: 1 },
  { key: "niacin_mg", nutrient: "Niacin (mg NE)", table: "RDA/AI vitamins", factor: 1,
    caveat: "the RDA is in niacin equivalents (tryptophan counts); the catalogue has preformed niacin" },
  { key: "niacin_mg", nutrient: "Niacin", table: "UL vitamins", factor: 1 },
  { key: "vitamin_b6_mg", nutrient: "Vitamin B6", table: "RDA/AI vitamins", factor: 1 },
  { key: "vitamin_b6_mg", nutrient: "Vitamin B6", table: "UL vitamins", factor: 1 },
  { key: "folate_ug", nutrient: "Folate (µg DFE)", table: "RDA/AI vitamins", factor: 1,
    caveat: "the RDA is in dietary folate equivalents; the catalogue has total folate in µg" },
  { key: "folate_ug", nutrient: "Folate (folic acid)", table: "UL vitamins", factor: 1 },
  { key: "vitamin_b12_ug", nutrient: "Vitamin B12", table: "RDA/AI vitamins", factor: 1 },
  { key: "pantothenic_acid_mg", nutrient: "Pantothenic acid", table: "RDA/AI vitamins", factor: 1 },
  { key: "choline_mg", nutrient: "Choline", table: "RDA/AI vitamins", factor: 1 },
  { key: "choline_mg", nutrient: "Choline", table: "UL vitamins", factor: 1000 },
  { key: "calcium_mg", nutrient: "Calcium", table: "RDA/AI elements", factor: 1 },
  { key: "calcium_mg", nutrient: "Calcium", table: "UL elements", factor: 1 },
  { key: "copper_mg", nutrient: "Copper", table: "RDA/AI elements", factor: 0.001 },
  { key: "copper_mg", nutrient: "Copper", table: "UL elements", factor: 0.001 },
  { key: "fluoride_ug", nutrient: "Fluoride", table: "RDA/AI elements", factor: 1000 },
  { key: "fluoride_ug", nutrient: "Fluoride", table: "UL elements", factor: 1000 },
  { key: "iron_mg", nutrient: "Iron", table: "RDA/AI elements", factor: 1 },
  { key: "iron_mg", nutrient: "Iron", table: "UL elements", factor: 1 },
  { key: "magnesium_mg", nutrient: "Magnesium", table: "RDA/AI elements", factor: 1 },
  { key: "magnesium_mg", nutrient: "Magnesium", table: "UL elements", factor: 1 },
  { key: "manganese_mg", nutrient: "Manganese", table: "RDA/AI elements", factor: 1 },
  { key: "manganese_mg", nutrient: "Manganese", table: "UL elements", factor: 1 },
  { key: "phosphorus_mg", nutrient: "Phosphorus", table: "RDA/AI elements", factor: 1 },
  { key: "phosphorus_mg", nutrient: "Phosphorus", table: "UL elements", factor: 1000 },
  { key: "selenium_ug", nutrient: "Selenium", table: "RDA/AI elements", factor: 1 },
  { key: "selenium_ug", nutrient: "Selenium", table: "UL elements", factor: 1 },
  { key: "zinc_mg", nutrient: "Zinc", table: "RDA/AI elements", factor: 1 },
  { key: "zinc_mg", nutrient: "Zinc", table: "UL elements", factor: 1 },
  { key: "potassium_mg", nutrient: "Potassium", table: "RDA/AI elements", factor: 1 },
  { key: "sodium_mg", nutrient: "Sodium", table: "RDA/AI elements", factor: 1 },
  { key: "sodium_mg", nutrient: "Sodium", table: "CDRR", factor: 1 },
];
