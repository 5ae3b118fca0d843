/** How sync names a conflict's record and a refused change to the person (web/src/sync/labels.ts). */
import { describe, expect, test } from "bun:test";
import { describe as refused, label } from "../../../web/src/sync/labels";
import type { Mutation } from "../../../web/src/store";

const change = (m: Partial<Mutation>): Mutation => ({
  mutation_id: "m",
  entity: "meal",
  id: "x",
  op: "upsert",
  base_version: null,
  data: null,
  ...m,
});

describe("sync labels", () => {
  test("a conflict names the record as the person knows it", () => {
    expect(label(null)).toBe("a record");
    expect(label({ food: { name: "Banana" }, quantity: 1 })).toBe("Banana");
    expect(label({ kg: 71.2, date: "2026-03-01" })).toBe("a weigh-in (2026-03-01)");
    expect(label({ kg: 71.2 })).toBe("a weigh-in");
    expect(label({ complete: true, date: "2026-03-01" })).toBe("the mark of 2026-03-01");
    expect(label({ birth_year: 1990 })).toBe("your profile");
    expect(label({ fiber_per_energy: true })).toBe("your nutrient targets");
    expect(label({ metric: "water_ml", date: "2026-03-01" })).toBe("water of 2026-03-01");
    expect(label({ glass_ml: 250 })).toBe("your activity settings");
    expect(label({ name: "Soup" })).toBe("Soup");
    expect(label({ energy_kcal: 2000 })).toBe("your goals");
  });

  test("a refused change says what was not saved, and a delete says it was one", () => {
    expect(refused(change({}))).toBe("A meal");
    expect(refused(change({ op: "delete" }))).toBe("Deleting a meal");
    expect(refused(change({ entity: "food", data: { name: "Flapjack" } }))).toBe("The food Flapjack");
    expect(refused(change({ entity: "food", op: "delete", data: { name: "Gran's Flapjack" } }))).toBe(
      "Deleting the food Gran's Flapjack",
    );
    expect(refused(change({ entity: "weight", id: "2026-03-01" }))).toBe("The weigh-in of 2026-03-01");
    expect(refused(change({ entity: "day", id: "2026-03-01" }))).toBe("Day complete for 2026-03-01");
    // named as a conflict on it is ("water", not "water ml"); a name keeps its capitals in "Deleting …"
    expect(refused(change({ entity: "daily_value", id: "2026-03-01:water_ml" }))).toBe("The water of 2026-03-01");
    expect(refused(change({ entity: "saved_meal", op: "delete", data: { name: "Usual" } }))).toBe(
      "Deleting the saved meal Usual",
    );
    expect(refused(change({ entity: "goals", id: "goals" }))).toBe("Your goals");
  });
});
