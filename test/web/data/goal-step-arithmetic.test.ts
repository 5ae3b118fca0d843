/** Set your goal's arithmetic reads as sums a person can check: each step equals what its formula computes. */
import { expect, test } from "bun:test";
import { propose, stepKcal } from "../../../web/src/goal-step";

test("a deficit is said as the size its formula computes (= 499 kcal), then subtracted (1921 − 499)", () => {
  // the first-day walk-through's body: 11 st 4 lb (71.668 kg), 165 cm, born 1988, light, losing 1 lb a week
  const s = propose(
    {
      sex: "female",
      birth_year: 1988,
      height_cm: 165,
      weight_kg: 71.668,
      activity: "light",
      goal: "lose",
      rate_per_week: 1,
      rate_unit: "lb",
    },
    2026,
  );
  const deficit = s.steps.find((st) => st.name === "Deficit")!;
  expect(deficit.formula).toBe("0.454 kg a week × 7700 kcal ÷ 7 days");
  expect(stepKcal(deficit)).toBe(499); // it read "= -499 kcal"
  expect(s.steps.at(-1)!.formula).toBe("1921 − 499, to the nearest 10");
  expect(s.steps.map(stepKcal)).toEqual([1397, 1921, 499, 1420]);
});
