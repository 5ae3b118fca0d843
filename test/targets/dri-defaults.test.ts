/**
 * Default targets against the DRI tables. The expected values below were written from the NASEM
 * summary tables as the NIH Office of Dietary Supplements publishes them (Appendix J of *Dietary
 * Reference Intakes for Sodium and Potassium*, 2019), not read from data/dri.json: each value names
 * its table, and is in the catalogue's unit (copper in mg, fluoride in µg, water in g).
 */
import { describe, expect, test } from "bun:test";
import { makeApp, registerUser } from "../helpers";

const t = makeApp();
t.clock.set("2026-11-24T18:00:00Z"); // ages are 2026 − birth year

const VIT = "RDA/AI vitamins";
const EL = "RDA/AI elements";
const MAC = "RDA/AI macronutrients";
const ULV = "UL vitamins";
const ULE = "UL elements";
const CDRR = "CDRR";

/** The table of each nutrient's minimum and maximum. */
const TABLES: Record<string, [string | null, string | null]> = {
  protein_g: [MAC, null],
  carbohydrate_g: [MAC, null],
  fiber_g: [MAC, null],
  water_g: [MAC, null],
  omega_3_g: [MAC, null],
  omega_6_g: [MAC, null],
  sodium_mg: [EL, CDRR],
  potassium_mg: [EL, null],
  calcium_mg: [EL, ULE],
  iron_mg: [EL, ULE],
  magnesium_mg: [EL, ULE],
  phosphorus_mg: [EL, ULE],
  zinc_mg: [EL, ULE],
  copper_mg: [EL, ULE],
  manganese_mg: [EL, ULE],
  selenium_ug: [EL, ULE],
  fluoride_ug: [EL, ULE],
  vitamin_a_rae_ug: [VIT, ULV],
  retinol_ug: [null, ULV],
  vitamin_c_mg: [VIT, ULV],
  thiamin_mg: [VIT, null],
  riboflavin_mg: [VIT, null],
  niacin_mg: [VIT, ULV],
  pantothenic_acid_mg: [VIT, null],
  vitamin_b6_mg: [VIT, ULV],
  folate_ug: [VIT, ULV],
  vitamin_b12_ug: [VIT, null],
  choline_mg: [VIT, ULV],
  vitamin_d_ug: [VIT, ULV],
  vitamin_e_mg: [VIT, ULV],
  vitamin_k_ug: [VIT, null],
};

type Expected = Record<keyof typeof TABLES, [number | null, number | null]>;

// biome-ignore format: one nutrient a line, [RDA or AI, UL or CDRR]
const WOMAN_19_30: Expected = {
  protein_g: [46, null], carbohydrate_g: [130, null], fiber_g: [25, null], water_g: [2700, null],
  omega_3_g: [1.1, null], omega_6_g: [12, null],
  sodium_mg: [1500, 2300], potassium_mg: [2600, null], calcium_mg: [1000, 2500], iron_mg: [18, 45],
  magnesium_mg: [310, 350], phosphorus_mg: [700, 4000], zinc_mg: [8, 40], copper_mg: [0.9, 10],
  manganese_mg: [1.8, 11], selenium_ug: [55, 400], fluoride_ug: [3000, 10000],
  vitamin_a_rae_ug: [700, 3000], retinol_ug: [null, 3000], vitamin_c_mg: [75, 2000], thiamin_mg: [1.1, null],
  riboflavin_mg: [1.1, null], niacin_mg: [14, 35], pantothenic_acid_mg: [5, null], vitamin_b6_mg: [1.3, 100],
  folate_ug: [400, 1000], vitamin_b12_ug: [2.4, null], choline_mg: [425, 3500], vitamin_d_ug: [15, 100],
  vitamin_e_mg: [15, 1000], vitamin_k_ug: [90, null],
};

// biome-ignore format: one nutrient a line
const MAN_31_50: Expected = {
  protein_g: [56, null], carbohydrate_g: [130, null], fiber_g: [38, null], water_g: [3700, null],
  omega_3_g: [1.6, null], omega_6_g: [17, null],
  sodium_mg: [1500, 2300], potassium_mg: [3400, null], calcium_mg: [1000, 2500], iron_mg: [8, 45],
  magnesium_mg: [420, 350], phosphorus_mg: [700, 4000], zinc_mg: [11, 40], copper_mg: [0.9, 10],
  manganese_mg: [2.3, 11], selenium_ug: [55, 400], fluoride_ug: [4000, 10000],
  vitamin_a_rae_ug: [900, 3000], retinol_ug: [null, 3000], vitamin_c_mg: [90, 2000], thiamin_mg: [1.2, null],
  riboflavin_mg: [1.3, null], niacin_mg: [16, 35], pantothenic_acid_mg: [5, null], vitamin_b6_mg: [1.3, 100],
  folate_ug: [400, 1000], vitamin_b12_ug: [2.4, null], choline_mg: [550, 3500], vitamin_d_ug: [15, 100],
  vitamin_e_mg: [15, 1000], vitamin_k_ug: [120, null],
};

// biome-ignore format: one nutrient a line
const WOMAN_51_70: Expected = {
  ...WOMAN_19_30,
  fiber_g: [21, null], omega_6_g: [11, null], calcium_mg: [1200, 2000], iron_mg: [8, 45], magnesium_mg: [320, 350],
  vitamin_b6_mg: [1.5, 100],
};

// biome-ignore format: one nutrient a line
const MAN_71: Expected = {
  ...MAN_31_50,
  fiber_g: [30, null], omega_6_g: [14, null], calcium_mg: [1200, 2000], phosphorus_mg: [700, 3000],
  vitamin_b6_mg: [1.7, 100], vitamin_d_ug: [20, 100],
};

// biome-ignore format: one nutrient a line
const PREGNANT_19_30: Expected = {
  protein_g: [71, null], carbohydrate_g: [175, null], fiber_g: [28, null], water_g: [3000, null],
  omega_3_g: [1.4, null], omega_6_g: [13, null],
  sodium_mg: [1500, 2300], potassium_mg: [2900, null], calcium_mg: [1000, 2500], iron_mg: [27, 45],
  magnesium_mg: [350, 350], phosphorus_mg: [700, 3500], zinc_mg: [11, 40], copper_mg: [1, 10],
  manganese_mg: [2, 11], selenium_ug: [60, 400], fluoride_ug: [3000, 10000],
  vitamin_a_rae_ug: [770, 3000], retinol_ug: [null, 3000], vitamin_c_mg: [85, 2000], thiamin_mg: [1.4, null],
  riboflavin_mg: [1.4, null], niacin_mg: [18, 35], pantothenic_acid_mg: [6, null], vitamin_b6_mg: [1.9, 100],
  folate_ug: [600, 1000], vitamin_b12_ug: [2.6, null], choline_mg: [450, 3500], vitamin_d_ug: [15, 100],
  vitamin_e_mg: [15, 1000], vitamin_k_ug: [90, null],
};

// biome-ignore format: one nutrient a line
const BOY_14_18: Expected = {
  protein_g: [52, null], carbohydrate_g: [130, null], fiber_g: [38, null], water_g: [3300, null],
  omega_3_g: [1.6, null], omega_6_g: [16, null],
  sodium_mg: [1500, 2300], potassium_mg: [3000, null], calcium_mg: [1300, 3000], iron_mg: [11, 45],
  magnesium_mg: [410, 350], phosphorus_mg: [1250, 4000], zinc_mg: [11, 34], copper_mg: [0.89, 8],
  manganese_mg: [2.2, 9], selenium_ug: [55, 400], fluoride_ug: [3000, 10000],
  vitamin_a_rae_ug: [900, 2800], retinol_ug: [null, 2800], vitamin_c_mg: [75, 1800], thiamin_mg: [1.2, null],
  riboflavin_mg: [1.3, null], niacin_mg: [16, 30], pantothenic_acid_mg: [5, null], vitamin_b6_mg: [1.3, 80],
  folate_ug: [400, 800], vitamin_b12_ug: [2.4, null], choline_mg: [550, 3000], vitamin_d_ug: [15, 100],
  vitamin_e_mg: [15, 800], vitamin_k_ug: [75, null],
};

// biome-ignore format: one nutrient a line
const LACTATING_31_50: Expected = {
  ...PREGNANT_19_30,
  protein_g: [71, null], carbohydrate_g: [210, null], fiber_g: [29, null], water_g: [3800, null],
  omega_3_g: [1.3, null], potassium_mg: [2800, null], iron_mg: [9, 45], magnesium_mg: [320, 350],
  phosphorus_mg: [700, 4000], zinc_mg: [12, 40], copper_mg: [1.3, 10], manganese_mg: [2.6, 11],
  selenium_ug: [70, 400], vitamin_a_rae_ug: [1300, 3000], vitamin_c_mg: [120, 2000], riboflavin_mg: [1.6, null],
  niacin_mg: [17, 35], pantothenic_acid_mg: [7, null], vitamin_b6_mg: [2, 100], folate_ug: [500, 1000],
  vitamin_b12_ug: [2.8, null], choline_mg: [550, 3500], vitamin_e_mg: [19, 1000],
};

/** No profile: adults 19–30, the higher of women's and men's minimums (the ULs are the same for both). */
// biome-ignore format: one nutrient a line
const NO_PROFILE: Expected = {
  ...MAN_31_50,
  magnesium_mg: [400, 350],
  iron_mg: [18, 45],
};

const CASES: [string, Record<string, unknown> | null, Expected, string[]][] = [
  ["a woman of 25", { sex: "female", birth_year: 2001 }, WOMAN_19_30, ["female_19_30"]],
  ["a man of 45", { sex: "male", birth_year: 1981, height_cm: 180, activity: "active" }, MAN_31_50, ["male_31_50"]],
  ["a woman of 60", { sex: "female", birth_year: 1966 }, WOMAN_51_70, ["female_51_70"]],
  ["a man of 75", { sex: "male", birth_year: 1951 }, MAN_71, ["male_71_"]],
  [
    "a pregnant woman of 28",
    { sex: "female", birth_year: 1998, life_stage: "pregnancy" },
    PREGNANT_19_30,
    ["pregnancy_19_30"],
  ],
  ["a boy of 16", { sex: "male", birth_year: 2010 }, BOY_14_18, ["male_14_18"]],
  ["a breastfeeding woman of 35", { birth_year: 1991, life_stage: "lactation" }, LACTATING_31_50, ["lactation_31_50"]],
  ["no profile", null, NO_PROFILE, ["female_19_30", "male_19_30"]],
];

describe("default targets are the DRI tables' values", () => {
  test.each(CASES)("%s", async (_name, profile, expected, groups) => {
    const u = await registerUser(t.call, { timezone: "UTC" });
    const api = (m: string, p: string, body?: unknown) => t.call(m, `/api/v1${p}`, { token: u.access_token, body });
    if (profile) expect((await api("PUT", "/targets/profile", profile)).status).toBe(200);
    const doc = (await api("GET", "/targets")).json;
    expect(doc.groups).toEqual(groups);
    expect(doc.basis).toBe(profile ? "profile" : "adult_reference");
    if (!profile) expect(doc.basis_note).toContain("adult reference values");
    const got = Object.fromEntries(
      doc.items.map((i: Record<string, unknown>) => [
        i.key,
        {
          value: [i.minimum, i.maximum],
          tables: [
            (i.reference as { minimum: { table: string } | null }).minimum?.table ?? null,
            (i.reference as { maximum: { table: string } | null }).maximum?.table ?? null,
          ],
        },
      ]),
    );
    const want = Object.fromEntries(
      Object.entries(expected).map(([k, v]) => [
        k,
        { value: v, tables: TABLES[k]!.map((tb, j) => (v[j] === null ? null : tb)) },
      ]),
    );
    expect(got).toEqual(want);
  });

  test("each bound says what it is: RDA or AI; UL, CDRR, a UL for supplements only or for preformed vitamin A", async () => {
    const u = await registerUser(t.call, { timezone: "UTC" });
    const items = (await t.call("GET", "/api/v1/targets", { token: u.access_token })).json.items as {
      key: string;
      minimum_from: string | null;
      maximum_from: string | null;
      maximum_applies_to: string | null;
    }[];
    const of = (k: string) => items.find((i) => i.key === k)!;
    expect(of("iron_mg")).toMatchObject({ minimum_from: "RDA", maximum_from: "UL", maximum_applies_to: "total" });
    expect(of("potassium_mg")).toMatchObject({ minimum_from: "AI", maximum_from: null });
    expect(of("sodium_mg")).toMatchObject({ minimum_from: "AI", maximum_from: "CDRR", maximum_applies_to: "total" });
    expect(of("fiber_g").minimum_from).toBe("AI");
    for (const k of ["magnesium_mg", "niacin_mg", "folate_ug", "vitamin_e_mg"])
      expect(of(k)).toMatchObject({ maximum_from: "UL", maximum_applies_to: "supplements" });
    expect(of("retinol_ug")).toMatchObject({ minimum_from: null, maximum: 3000, maximum_applies_to: "total" });
    expect(of("vitamin_a_rae_ug")).toMatchObject({
      minimum_from: "RDA",
      maximum: 3000,
      maximum_applies_to: "preformed",
    });
  });
});
