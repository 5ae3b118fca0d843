/**
 * The bundled catalogue against research/data.md §1.5: 14 well-known foods whose SR24 values
 * were cross-checked against SR21 and SR28, plus counts, units and the derived nutrients.
 */
import { EXTRA_PORTIONS } from "../../scripts/catalogue/extra-portions";
import { describe, expect, test } from "bun:test";
import { catalogue } from "../helpers";
import { FOOD_GROUPS, NUTRIENTS } from "../../src/db/nutrients";

const { catalogue: c } = catalogue();

// [id, kcal, protein g, fat g, carbs g, vitamin A IU, vitamin D IU | null (not reported)]
const REFERENCE: [number, string, number, number, number, number, number, number | null][] = [
  [9040, "Bananas, raw", 89, 1.09, 0.33, 22.84, 64, 0],
  [1077, "Milk, whole, 3.25% milkfat", 61, 3.15, 3.25, 4.8, 162, 51],
  [1009, "Cheese, cheddar", 403, 24.9, 33.14, 1.28, 1002, 24],
  [1123, "Egg, whole, raw, fresh", 143, 12.56, 9.51, 0.72, 540, 82],
  [5062, "Chicken, broilers or fryers, breast, meat only, raw", 114, 21.23, 2.59, 0, 30, 5],
  [9003, "Apples, raw, with skin", 52, 0.26, 0.17, 13.81, 54, 0],
  [20044, "Rice, white, long-grain, regular, raw, enriched", 365, 7.13, 0.66, 79.95, 0, 0],
  [12061, "Nuts, almonds", 575, 21.22, 49.42, 21.67, 1, 0],
  [11124, "Carrots, raw", 41, 0.93, 0.24, 9.58, 16706, 0],
  [4053, "Oil, olive, salad or cooking", 884, 0, 100, 0, 0, 0],
  [15076, "Fish, salmon, Atlantic, wild, raw", 142, 19.84, 6.34, 0, 40, null],
  [11090, "Broccoli, raw", 34, 2.82, 0.37, 6.64, 623, 0],
  [16069, "Lentils, raw", 353, 25.8, 1.06, 60.08, 39, 0],
  [20038, "Oats", 389, 16.89, 6.9, 66.27, 0, 0],
];

describe("bundled USDA SR24 catalogue", () => {
  test("holds the current SR24 foods, the SR28 foods SR24 lacks and the composed dishes, with portions", () => {
    expect(c.foodCount).toBe(9639);
    const n = (sql: string) => (c.db.query(sql).get() as { n: number }).n;
    expect(n("SELECT count(*) AS n FROM food")).toBe(9639);
    expect(n("SELECT count(*) AS n FROM food WHERE origin = 'sr24'")).toBe(7906);
    expect(n("SELECT count(*) AS n FROM food WHERE origin = 'sr28'")).toBe(1467);
    expect(n("SELECT count(*) AS n FROM food WHERE origin = 'composed' AND composition IS NOT NULL")).toBe(266);
    // a food added later takes the next portion ids: those of the foods before it stay (the squash drink, 901214)
    expect(n("SELECT max(id) AS n FROM portion WHERE food_id <> 901214 AND id <= 15895")).toBe(15894);
    // SR24's 13,817 portions keep the ids they had before the additions (diaries and clients hold them)
    expect(
      n(
        "SELECT max(id) AS n FROM portion WHERE id <= 15895 AND food_id IN (SELECT id FROM food WHERE origin = 'sr24')",
      ),
    ).toBe(13817);
    // portions added to a food (French toast's two slices) number after all of those, in their list's order
    const added = c.db.query("SELECT food_id AS food, name, grams FROM portion WHERE id > 15895 ORDER BY id").all();
    expect(added).toEqual(EXTRA_PORTIONS.map(({ food, name, grams }) => ({ food, name, grams })));
    expect(n("SELECT count(*) AS n FROM portion")).toBeGreaterThan(13817);
    expect(n("SELECT count(*) AS n FROM food WHERE short_name = '' OR name_source NOT IN ('rules', 'reviewed')")).toBe(
      0,
    );
    expect(n("SELECT count(*) AS n FROM food WHERE id = 23999")).toBe(0);
    expect(n("SELECT count(*) AS n FROM food WHERE energy_kcal IS NULL")).toBe(0);
    expect(n("SELECT count(*) AS n FROM portion WHERE grams <= 0 OR amount <= 0")).toBe(0);
    expect(
      n(
        `SELECT count(*) AS n FROM food WHERE group_code NOT IN (${Object.keys(FOOD_GROUPS)
          .map((g) => `'${g}'`)
          .join(",")})`,
      ),
    ).toBe(0);
  });

  test("has every nutrient column of the vocabulary, 71 from SR24 and 3 derived", () => {
    expect(NUTRIENTS.filter((n) => !("derived" in n))).toHaveLength(71);
    const cols = (c.db.query("PRAGMA table_info(food)").all() as { name: string }[]).map((r) => r.name);
    for (const n of NUTRIENTS) expect(cols).toContain(n.key);
  });

  test.each(REFERENCE)("%i %s per 100 g", (id, name, kcal, protein, fat, carbs, vitAIu, vitDIu) => {
    const f = c.food(id)!;
    expect(f.name.startsWith(name)).toBe(true);
    expect(f.nutrients.energy_kcal).toBe(kcal);
    expect(f.nutrients.protein_g).toBe(protein);
    expect(f.nutrients.fat_g).toBe(fat);
    expect(f.nutrients.carbohydrate_g).toBe(carbs);
    expect(f.nutrients.vitamin_a_iu).toBe(vitAIu);
    expect(f.nutrients.vitamin_d_iu).toBe(vitDIu);
    // derived exactly: kJ = kcal × 4.184; vitamin D µg = IU / 40
    expect(f.nutrients.energy_kj).toBeCloseTo(kcal * 4.184, 3);
    if (vitDIu === null) expect(f.nutrients.vitamin_d_ug).toBeNull();
    else expect(f.nutrients.vitamin_d_ug).toBeCloseTo(vitDIu / 40, 3);
  });

  test("vitamin A RAE = retinol + β-carotene/12 + (α-carotene + β-cryptoxanthin)/24", () => {
    const carrot = c.food(11124)!.nutrients; // research: 835 µg RAE, as SR28 reports
    expect(Math.round(carrot.vitamin_a_rae_ug!)).toBe(835);
    const milk = c.food(1077)!.nutrients; // SR28: 46
    expect(Math.round(milk.vitamin_a_rae_ug!)).toBe(46);
    const salmon = c.food(15076)!.nutrients; // carotenoids not analysed → not derivable
    expect(salmon.vitamin_a_rae_ug).toBeNull();
  });

  test("names are unescaped and clean", () => {
    const bad = c.db
      .query(`SELECT name FROM food WHERE name LIKE '%&quot;%' OR name LIKE '%\\' OR name <> trim(name)`)
      .all();
    expect(bad).toEqual([]);
    expect(c.food(16359)!.name.endsWith("\\")).toBe(false);
  });

  test("groups come from SR21 where known (eggs are dairy and egg, beef 23xxx is beef)", () => {
    expect(c.food(1123)!.group_code).toBe("01");
    expect(c.food(23567)!.group_code).toBe("13");
  });
});

describe("natural servings", () => {
  test("butter, honey, oil and peanut butter start at a tablespoon, not a cup (a cup of butter is 1,628 kcal)", () => {
    const c2 = catalogue().catalogue;
    for (const id of [1001, 19296, 16098, 4053]) {
      const f = c2.food(id)!;
      const p = c2.portion(f.default_portion_id!)!;
      expect({ id, spoon: /^(tbsp|tablespoon)\b/.test(p.name) }).toEqual({ id, spoon: true });
    }
  });

  test('a portion\'s name carries no SR cross-reference to another food ("cup From 19211" reads "cup")', () => {
    const raw = c.db.query("SELECT name FROM portion WHERE name LIKE '%From %'").all() as { name: string }[];
    expect(raw.filter((p) => / from \d{5}$/i.test(p.name))).toEqual([]);
    const pudding = c.db.query("SELECT name, amount FROM portion WHERE food_id = 19122").all();
    expect(pudding).toEqual([{ name: "cup", amount: 0.5 }]);
  });
});
