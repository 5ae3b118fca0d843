/** The label parser and its OCR repair rules, on text as the recogniser really returns it. */
import { describe, expect, test } from "bun:test";
import { parseLabel } from "../../src/features/scanner/label/parse";
import { amounts, fixAmounts, normalise, plain, splitRunTogether } from "../../src/features/scanner/label/rules";

const lines = (text: string, confidence = 0.98) =>
  text
    .trim()
    .split("\n")
    .map((l) => ({ text: l.trim(), confidence }));

describe("OCR repair rules", () => {
  test("letters read for digits are fixed inside amounts only", () => {
    expect(fixAmounts("Trans Fat Og").text).toBe("Trans Fat 0g");
    expect(fixAmounts("Cholesterol Omg 0%").text).toBe("Cholesterol 0mg 0%");
    expect(fixAmounts("Sodium 2O0mg").text).toBe("Sodium 200mg");
    expect(fixAmounts("Protein l2g").text).toBe("Protein 12g");
    expect(fixAmounts("Fat 1,5g").text).toBe("Fat 1.5g");
    expect(fixAmounts("Sodium 2S0mg").text).toBe("Sodium 250mg");
    expect(fixAmounts("Sodium 160rng 7%").text).toBe("Sodium 160mg 7%");
    expect(fixAmounts("Sodium 160 mq").text).toBe("Sodium 160 mg");
    expect(fixAmounts("Protein 8q").text).toBe("Protein 8g");
    // words keep their letters
    expect(fixAmounts("Omega 3 Iron Sodium").text).toBe("Omega 3 Iron Sodium");
    expect(fixAmounts("Total Fat 8g").fixed).toBe(false);
    expect(fixAmounts("Trans Fat Og").fixed).toBe(true);
  });

  test("words run into numbers are split, a lone confusable letter is not", () => {
    expect(splitRunTogether("Cholesterol20mg")).toBe("Cholesterol 20mg");
    expect(splitRunTogether("Total Fat8g10%")).toBe("Total Fat 8g 10%");
    expect(amounts(splitRunTogether("Total Fat8g10%")).map((a) => [a.value, a.unit])).toEqual([
      [8, "g"],
      [10, "%"],
    ]);
    expect(splitRunTogether("8gTotal Sugars")).toBe("8g Total Sugars");
    expect(splitRunTogether("Protein l2g")).toBe("Protein l2g");
  });

  test("kJ misread as k] or k1 after a number; accents dropped for matching", () => {
    expect(normalise("Energy 1498 k] / 358 kcal")).toBe("Energy 1498 kJ / 358 kcal");
    expect(normalise("291 k1 / 70 kcal")).toBe("291 kJ / 70 kcal");
    expect(plain("gesättigte Fettsäuren, Eiweiß, Protéines")).toBe("gesattigte Fettsauren, Eiweiss, Proteines");
  });

  test("amounts: units, thousands commas, bounds", () => {
    expect(amounts("8g 10%").map((a) => [a.value, a.unit])).toEqual([
      [8, "g"],
      [10, "%"],
    ]);
    expect(amounts("2,000 calories")[0]!.value).toBe(2000);
    expect(amounts("less than 1g")[0]).toMatchObject({ value: 1, unit: "g", lessThan: true });
    expect(amounts("<1g")[0]).toMatchObject({ value: 1, lessThan: true });
  });
});

describe("US Nutrition Facts", () => {
  const us2016 = lines(`
    Nutrition Facts
    8 servings per container
    Serving size 2/3 cup (55g)
    Amount per serving
    Calories 230
    % Daily Value*
    Total Fat 8g 10%
    Saturated Fat 1g 5%
    Trans Fat Og
    Cholesterol0mg 0%
    Sodium 160mg 7%
    Total Carbohydrate 37g 13%
    Dietary Fiber 4g 14%
    Total Sugars 12g
    Includes 10g Added Sugars 20%
    Protein 3g
    Vitamin D 2mcg 10% Calcium 260mg 20%
    *The % Daily Value (DV) tells you how much a nutrient in
    a serving of food contributes to a daily diet. 2,000 calories a day is used`);

  test("2016 format: per serving as printed, per 100 g from the serving's grams", () => {
    const r = parseLabel(us2016);
    expect(r.format).toBe("us");
    expect(r.serving).toEqual({ text: "2/3 cup (55g)", grams: 55, millilitres: null });
    expect(r.servings_per_container).toBe(8);
    expect(r.per_serving).toMatchObject({
      energy_kcal: 230,
      fat_g: 8,
      saturated_fat_g: 1,
      trans_fat_g: 0,
      cholesterol_mg: 0,
      sodium_mg: 160,
      carbohydrate_g: 37,
      fiber_g: 4,
      sugars_g: 12,
      added_sugars_g: 10,
      protein_g: 3,
    });
    expect(r.per_100g!.energy_kcal).toBeCloseTo(418.18, 2);
    expect(r.per_100g!.protein_g).toBeCloseTo(5.45, 2);
    expect(r.fields.fat_g).toEqual({ line: "Total Fat 8g 10%", value: 8, confidence: 0.98 });
    expect(r.fields.trans_fat_g!.confidence).toBeLessThan(0.98); // a repaired character costs a little
    expect(r.warnings).toEqual([]);
  });

  test("the footnote's 2,000 calories and 'Less than 65g' are not read as values", () => {
    const r = parseLabel(
      lines(
        `Nutrition Facts\nServing Size 1 cup (228g)\nCalories 250 Calories from Fat 110\nTotal Fat 12g 18%\nTotal Carbohydrate 31g 10%\nProtein 5g\n* Percent Daily Values are based on a 2,000 calorie diet.\nTotal Fat Less than 65g 80g\nSodium Less than 2,400mg 2,400mg`,
      ),
    );
    expect(r.per_serving.energy_kcal).toBe(250); // the older format's "Calories from Fat" is not the energy
    expect(r.per_serving.fat_g).toBe(12);
    expect(r.per_serving.sodium_mg).toBeNull();
  });

  test("two columns (per serving and per container): the first is taken and the field says so", () => {
    const r = parseLabel(
      lines(
        `Nutrition Facts\nServing size 1 cup (240mL)\nCalories 110 220\nTotal Fat 0g 0g 0%\nTotal Carbohydrate 26g 52g 9%\nProtein 1g 2g`,
      ),
    );
    expect(r.per_serving).toMatchObject({ energy_kcal: 110, fat_g: 0, carbohydrate_g: 26, protein_g: 1 });
    expect(r.fields.carbohydrate_g!.note).toBe("first of 2 columns");
    expect(r.serving).toEqual({ text: "1 cup (240mL)", grams: null, millilitres: 240 });
    expect(r.per_100g!.energy_kcal).toBeCloseTo(45.83, 2); // per 100 ml for a drink
  });

  test("'less than 1g' is a bound, not a value", () => {
    const r = parseLabel(
      lines(
        `Nutrition Facts\nServing size 30g\nCalories 120\nTotal Fat 2g\nTotal Carbohydrate 24g\nDietary Fiber less than 1g\nProtein <1g`,
      ),
    );
    expect(r.per_serving.fiber_g).toBeNull();
    expect(r.fields.fiber_g).toMatchObject({ value: null, less_than: 1 });
    expect(r.fields.protein_g).toMatchObject({ value: null, less_than: 1 });
  });

  test("energy that disagrees with 4/4/9 by more than 20 % is flagged and left out, not guessed", () => {
    // "230" misread as "730": the macronutrients give 4·37 + 9·8 + 4·3 = 232
    const r = parseLabel(
      lines(`Nutrition Facts\nServing size 55g\nCalories 730\nTotal Fat 8g\nTotal Carbohydrate 37g\nProtein 3g`),
    );
    expect(r.per_serving.energy_kcal).toBeNull();
    expect(r.per_100g!.energy_kcal).toBeNull();
    expect(r.warnings.map((w) => w.code)).toEqual(["energy_mismatch"]);
    expect(r.fields.energy_kcal).toMatchObject({ value: 730 });
    expect(r.fields.energy_kcal!.confidence).toBeLessThanOrEqual(0.3);
    expect(r.per_serving.fat_g).toBe(8);
  });

  test("a high-fibre bar whose maker left insoluble fibre out of its calories is not flagged", () => {
    // 4/4/9 gives 9·7 + 4·24 + 4·12 = 207; without the 14 g of fibre, 151: the label's 160 is fine
    const r = parseLabel(
      lines(
        `Nutrition Facts\nServing size 1 bar (50g)\nCalories 160\nTotal Fat 7g\nTotal Carbohydrate 24g\nDietary Fiber 14g\nProtein 12g`,
      ),
    );
    expect(r.per_serving.energy_kcal).toBe(160);
    expect(r.warnings).toEqual([]);
  });

  test("side-by-side panels and text beside the panel: every nutrient on a line is read, ingredient words are not", () => {
    const r = parseLabel(
      lines(
        `Nutrition Facts\nServing size 1 cup (240g)\nCalories 150\nTotal Fat 8g 10% Sodium 160mg 7%\nSaturated Fat 1g 5% Total Carbohydrate 12g 4%\nINGREDIENTS: SOY PROTEIN ISOLATE, SALT Protein 7g`,
      ),
    );
    expect(r.per_serving).toMatchObject({
      fat_g: 8,
      sodium_mg: 160,
      saturated_fat_g: 1,
      carbohydrate_g: 12,
      protein_g: 7,
    });
    // an ingredient line first ("protein" with no amount) does not block the panel's line after it
    const s = parseLabel(
      lines(`Nutrition Facts\nServing size 30g\nCalories 120\nIngredients: whey protein, cocoa\nProtein 20g`),
    );
    expect(s.per_serving.protein_g).toBe(20);
    expect(s.fields.protein_g!.line).toBe("Protein 20g");
  });

  test("a value with no unit read, or read with low confidence, is not used", () => {
    const r = parseLabel([
      ...lines(`Nutrition Facts\nServing size 55g\nCalories 230\nTotal Fat 8g\nProtein 39`),
      { text: "Total Carbohydrate 37g", confidence: 0.4 },
    ]);
    expect(r.per_serving.protein_g).toBeNull(); // "3g" read as "39"? we cannot tell: not trusted
    expect(r.fields.protein_g).toMatchObject({ value: 39, note: "no unit was read: not trusted" });
    expect(r.per_serving.carbohydrate_g).toBeNull();
    expect(r.fields.carbohydrate_g).toMatchObject({ value: 37, confidence: 0.4 });
  });
});

describe("EU and Australian tables", () => {
  test("EU: per 100 g column, kJ and kcal, salt → sodium, decimal commas", () => {
    const r = parseLabel(
      lines(
        `Nährwertangaben\nDurchschnittliche Nährwerte pro 100 g pro Portion (25 g)\nEnergie 1418 kJ / 339 kcal 355 kJ / 85 kcal\nFett 6,1g 1,5g\ndavon gesattigte Fettsäuren 3,3g 0,8g\nKohlenhydrate 53g 13g\ndavon Zucker 24g 6g\nBallaststoffe 4,7g 1,2g\nEiweis 16g 3,9g\nSalz 0,91g 0,23g`,
      ),
    );
    expect(r.format).toBe("eu");
    expect(r.per_100g).toMatchObject({
      energy_kcal: 339,
      energy_kj: 1418,
      fat_g: 6.1,
      saturated_fat_g: 3.3,
      carbohydrate_g: 53,
      sugars_g: 24,
      fiber_g: 4.7,
      protein_g: 16,
      sodium_mg: 364,
    });
    expect(r.per_serving).toMatchObject({ energy_kcal: 85, fat_g: 1.5, protein_g: 3.9, sodium_mg: 92 });
    expect(r.serving.grams).toBe(25);
    expect(r.fields.sodium_mg!.note).toBe("salt 0.91 g → sodium ×400");
  });

  test("words run together are still found: 'ofwhichsaturates', 'Includes10gAdded Sugars'", () => {
    const r = parseLabel(
      lines(
        `Nutrition information\nTypical values Per100g Per40gserving\nEnergy 1084kj/259kcal 433kj/104kcal\nFat 17g 6.8g\nofwhichsaturates 3.5g 1.4g\nCarbohydrate 13g 5.2g\nofwhich sugars 6.4g 2.6g\nProtein 10g 4.1g`,
      ),
    );
    expect(r.per_100g).toMatchObject({
      energy_kcal: 259,
      fat_g: 17,
      saturated_fat_g: 3.5,
      sugars_g: 6.4,
      protein_g: 10,
    });
    expect(r.serving.grams).toBe(40);
    expect(
      parseLabel(lines(`Nutrition Facts\nCalories 100\nIncludes10gAdded Sugars 20%`)).per_serving.added_sugars_g,
    ).toBe(10);
  });

  test("a misread kJ unit is never taken for kcal; an EU table whose headings were not read is per 100 g, flagged", () => {
    // from a hard photo: "Per 100g" read as "Per 10g", "1033 kJ" as "1033 k/"
    const r = parseLabel(
      lines(
        `Nutrition information\nTypical vales Per 10g PerS0g sning\nEnergy 1033 k/247kcal 517 /124kcal\nFat 8.5g 4.3g\nCarbohydrate 35g 18g\nProtein 5.1g 2.6g`,
      ),
    );
    expect(r.per_100g).toMatchObject({ energy_kcal: 247, fat_g: 8.5, carbohydrate_g: 35, protein_g: 5.1 });
    expect(r.per_serving.energy_kcal).toBeNull(); // the serving is unknown: nothing is made up
    expect(r.warnings.map((w) => w.code)).toEqual(["column_assumed"]);
    expect(r.fields.fat_g!.confidence).toBe(0.78); // 0.98 × 0.8
    expect(normalise("Energy 518k 1728 kj")).toBe("Energy 518kJ 1728 kj");
    // a kJ value that lost its unit beside another kJ value is kJ too
    const au = parseLabel(
      lines(
        `NUTRITION INFORMATION\nServing size: 30 g\nQuantity per Serving Quantity per 100 g\nEnergy 169 564 kj\nProtein 5.6 g 18.8 g`,
      ),
    );
    expect(au.per_100g).toMatchObject({ energy_kj: 564, energy_kcal: 135 });
  });

  test("kJ and kcal that disagree (a lost digit) leave energy out, even when the macronutrients cannot check it", () => {
    const r = parseLabel(
      lines(
        `Nährwertangaben\nDurchschnittliche Nährwerte pro 100 g pro Portion (25 g)\nEnergie 1418 kJ /33 kcal 355kJ /85kcal\nFett 6,1g 1,5g\nEiweis 16g 3,9g`,
      ),
    );
    expect(r.per_100g).toMatchObject({ energy_kcal: null, energy_kj: null, fat_g: 6.1 });
    expect(r.per_serving).toMatchObject({ energy_kcal: 85, energy_kj: 355 }); // that column agrees with itself
    expect(r.warnings.map((w) => w.code)).toEqual(["energy_mismatch"]);
    expect(r.fields.energy_kcal).toMatchObject({ value: 33, confidence: 0.3, note: "kJ and kcal do not agree" });
  });

  test("a part larger than its whole (a lost decimal point) leaves both out", () => {
    const r = parseLabel(
      lines(
        `Nutrition information\nTypical values Per 100g Per 50g serving\nEnergy 1033kJ/247kcal 517kJ/124kcal\nFat 8.5g 4.3g\nof which saturates 43g 2.2g\nCarbohydrate 35g 18g\nProtein 5.1g 2.6g`,
      ),
    );
    expect(r.per_100g).toMatchObject({ fat_g: null, saturated_fat_g: null, carbohydrate_g: 35, protein_g: 5.1 });
    expect(r.per_serving).toMatchObject({ fat_g: 4.3, saturated_fat_g: 2.2 }); // that column is consistent
    expect(r.warnings.map((w) => w.code)).toEqual(["implausible"]);
    expect(r.fields.saturated_fat_g).toMatchObject({ value: 43, confidence: 0.3 });
  });

  test("EU with the serving column first", () => {
    const r = parseLabel(
      lines(
        `Nutrition information\nPer 30g serving Per 100g\nEnergy 314kJ/75kcal 1046kJ/250kcal\nFat 2.9g 9.5g\nCarbohydrate 10g 34g\nProtein 1.8g 6.0g`,
      ),
    );
    expect(r.per_100g).toMatchObject({ energy_kcal: 250, fat_g: 9.5, carbohydrate_g: 34, protein_g: 6 });
    expect(r.per_serving).toMatchObject({ energy_kcal: 75, fat_g: 2.9 });
  });

  test("Australia/NZ: kJ only, converted to kcal; per serving first, per 100 g second", () => {
    const r = parseLabel(
      lines(
        `NUTRITION INFORMATION\nServings per package: 8\nServing size: 30 g\nQuantity per Serving Quantity per 100 g\nEnergy 508kJ 1690kJ\nProtein 2.5 g 8.4 g\nFat, total 4.0 g 13.3 g\n- saturated 1.9 g 6.2 g\nCarbohydrate 18.0 g 60.0 g\n- sugars 6.4 g 21.3 g\nSodium 120 mg 400 mg`,
      ),
    );
    expect(r.format).toBe("au");
    expect(r.servings_per_container).toBe(8);
    expect(r.per_100g).toMatchObject({
      energy_kj: 1690,
      energy_kcal: 404,
      protein_g: 8.4,
      fat_g: 13.3,
      saturated_fat_g: 6.2,
      carbohydrate_g: 60,
      sugars_g: 21.3,
      sodium_mg: 400,
    });
    expect(r.per_serving).toMatchObject({ energy_kj: 508, energy_kcal: 121, fat_g: 4 });
  });
});

describe("no label", () => {
  test("text without a panel gives every value null and invents nothing", () => {
    const r = parseLabel(
      lines(`Morning Oats\nSlow baked since 1902 <b>=SUM(A1)\nBest before: see top of pack\n12 River Road`),
    );
    expect(r.format).toBeNull();
    expect(Object.values(r.per_serving).every((v) => v === null)).toBe(true);
    expect(r.per_100g).toBeNull();
    expect(r.fields).toEqual({});
    expect(parseLabel([]).per_100g).toBeNull();
  });
});
