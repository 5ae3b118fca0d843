/**
 * Problems keyed by row: an import's checks add a list item's problems through `at(list, i)`, and the
 * tracker import leaves refused rows out by reading `rows`, never by parsing `meals.3.date`.
 */
import { expect, test } from "bun:test";
import { Problems } from "../../src/lib/problems";

test("an item's problems are listed as list.index.field and kept under rows with the item's own fields", () => {
  const p = new Problems();
  p.add("meals", "must be an array");
  p.at("weights", 2).add("kg", "must be at most 400", { code: "x" });
  p.at("meals", 0).add("date", "must be a real calendar date YYYY-MM-DD");
  p.at("meals", 0).add("", "must be an object");
  p.addAt("meals", 5, "food_id", "no food with id 7 in the catalogue");
  expect(p.details.map((d) => d.field)).toEqual([
    "meals",
    "weights.2.kg",
    "meals.0.date",
    "meals.0.",
    "meals.5.food_id",
  ]);
  expect(p.details[1]).toEqual({ field: "weights.2.kg", message: "must be at most 400", code: "x" });
  expect([...p.rows.keys()]).toEqual(["weights", "meals"]);
  expect([...p.rows.get("meals")!]).toEqual([
    [
      0,
      [
        { field: "date", message: "must be a real calendar date YYYY-MM-DD" },
        { field: "", message: "must be an object" },
      ],
    ],
    [5, [{ field: "food_id", message: "no food with id 7 in the catalogue" }]],
  ]);
  expect(p.outsideRows()).toEqual([{ field: "meals", message: "must be an array" }]);
});

test("a detail pushed straight onto details, even one named like a row's, is outside every row", () => {
  const p = new Problems();
  p.details.push({ field: "meals.1.date", message: "pushed by hand" });
  p.at("meals", 0).add("grams", "must be more than 0");
  expect(p.outsideRows()).toEqual([{ field: "meals.1.date", message: "pushed by hand" }]);
  expect([...p.rows.get("meals")!.keys()]).toEqual([0]);
});
