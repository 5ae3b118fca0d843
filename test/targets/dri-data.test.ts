/** data/dri.json is what scripts/build-dri.ts builds from the transcribed tables, and covers what it should. */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { driJson } from "../../scripts/dri/build";
import { GROUPS, ROWS } from "../../scripts/dri/tables";

test("data/dri.json is the build script's output (run `bun run build:dri` after editing scripts/dri/tables.ts)", () => {
  expect(readFileSync(new URL("../../data/dri.json", import.meta.url), "utf8")).toBe(driJson());
});

test("every table row has a value or ND for each of the 20 life-stage groups, and every value is positive", () => {
  for (const r of ROWS) {
    expect([r.nutrient, r.table, r.values.length]).toEqual([r.nutrient, r.table, GROUPS.length]);
    for (const v of r.values) if (v !== null) expect(v).toBeGreaterThan(0);
  }
});

test("units are converted to the catalogue's: copper mg, fluoride µg, water g, choline and phosphorus ULs mg", () => {
  const dri = JSON.parse(driJson());
  const at = (key: string, side: "minimum" | "maximum", group: string) =>
    dri.nutrients[key][side].values[GROUPS.indexOf(group as (typeof GROUPS)[number])];
  expect(at("copper_mg", "minimum", "male_19_30")).toBe(0.9); // 900 µg
  expect(at("copper_mg", "minimum", "child_1_3")).toBe(0.34); // 340 µg
  expect(at("fluoride_ug", "minimum", "female_31_50")).toBe(3000); // 3 mg
  expect(at("water_g", "minimum", "male_51_70")).toBe(3700); // 3.7 L
  expect(at("choline_mg", "maximum", "female_19_30")).toBe(3500); // 3.5 g
  expect(at("phosphorus_mg", "maximum", "pregnancy_19_30")).toBe(3500); // 3.5 g
  expect(dri.nutrients.sodium_mg.maximum).toMatchObject({ kind: "CDRR", table: "CDRR" });
  expect(dri.nutrients.magnesium_mg.maximum.scope).toBe("supplements");
  expect(dri.nutrients.retinol_ug.minimum).toBeUndefined();
});
