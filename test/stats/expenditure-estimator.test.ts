/** The expenditure estimator (src/features/stats/expenditure.ts) on generated diaries: pure, no app. */
import { describe, expect, test } from "bun:test";
import { estimateExpenditure, kcalPerKg, type DayData } from "../../src/features/stats/expenditure";
import { selectDays } from "../../src/features/stats/day-selection";
import { addDays } from "../../src/lib/time";
import { KINDS, realDiary, rng } from "../../bench/lib/diaries";

/** 42 days, 2,400 kcal eaten and logged, weighed daily, weight falling 0.05 kg a day (2,785 kcal/day). */
function steady(): DayData[] {
  return Array.from({ length: 42 }, (_, i) => ({
    date: addDays("2026-03-02", i),
    kcal: 2400,
    kg: 80 - 0.05 * i + (i % 2 ? 0.3 : -0.3),
    meals: 3,
  }));
}

describe("the expenditure estimator", () => {
  test("partly logged days (one entry, a fraction of the day) are left out, and counted as left out", () => {
    const days = steady();
    for (const i of [3, 10, 17, 24, 31]) days[i] = { ...days[i]!, kcal: 600, meals: 1 };
    const e = estimateExpenditure(days)!;
    expect(e.intake_kcal).toBe(2400);
    expect(e.days_used).toBe(37);
    expect(e.left_out).toMatchObject({ implausibly_low: 5 });
  });

  test("a day marked complete is used however low; with days marked, unmarked ones are left out", () => {
    const days: DayData[] = steady().map((d) => ({ ...d, complete: true }));
    days[5] = { ...days[5]!, kcal: 900, complete: true }; // a fasting day the person vouches for
    days[6] = { ...days[6]!, complete: false };
    days[7] = { ...days[7]!, complete: null };
    const s = selectDays(days);
    expect(s.used.length).toBe(40);
    expect(s.left_out).toEqual({ marked_incomplete: 1, not_marked_complete: 1, implausibly_low: 0, one_entry: 0 });
  });

  test("weekends eaten more count two days in seven, however often they go unlogged", () => {
    const days: DayData[] = steady().map((d, i) => ({ ...d, kcal: i % 7 >= 5 ? 3000 : 2000 }));
    // the weekends of weeks 2–5 go unlogged: a plain mean would be pulled towards 2,000
    for (let i = 7; i < 42; i++) if (i % 7 >= 5 && i % 14 !== 5) days[i] = { ...days[i]!, kcal: null };
    const e = estimateExpenditure(days)!;
    expect(Math.abs(e.intake_kcal - (5 * 2000 + 2 * 3000) / 7)).toBeLessThanOrEqual(5);
  });

  test("kcal per kg: Forbes/Hall from fat mass, 7,700 without it", () => {
    expect(kcalPerKg(null)).toBe(7700);
    expect(Math.round(kcalPerKg(10))).toBeGreaterThan(5400);
    expect(Math.round(kcalPerKg(10))).toBeLessThan(5800);
    expect(Math.round(kcalPerKg(40))).toBeGreaterThan(7700);
    expect(kcalPerKg(40)).toBeGreaterThan(kcalPerKg(20));
  });

  // the goals of issue 53, on a sample of the bench's realistic diaries (fixed seed: the same every run)
  const r = rng(7);
  const people = Array.from({ length: 300 }, (_, i) => realDiary(r, KINDS[i % KINDS.length]!));
  function over(n: number) {
    let covered = 0;
    let abs = 0;
    let count = 0;
    for (const p of people) {
      const e = estimateExpenditure(p.days.slice(0, n));
      if (!e) continue;
      const truth = p.loggedKcal(n);
      count++;
      abs += Math.abs(e.expenditure_kcal - truth);
      if (truth >= e.low_kcal && truth <= e.high_kcal) covered++;
    }
    return { coverage: covered / count, mae: abs / count };
  }

  test("on realistic diaries the 90 % range holds the logged-calorie truth for 85–95 % of people", () => {
    for (const weeks of [6, 8]) {
      const { coverage } = over(weeks * 7);
      expect(coverage).toBeGreaterThanOrEqual(0.85);
      expect(coverage).toBeLessThanOrEqual(0.95);
    }
  });

  test("on realistic diaries the error is at most about 250 kcal/day at 3 weeks and 100 at 8", () => {
    expect(over(21).mae).toBeLessThan(250);
    expect(over(56).mae).toBeLessThan(110);
  });

  test("a slope no body keeps up is refused on the weigh-ins' own slope, not the one the prior pulls back", () => {
    const days = steady().map((d, i) => ({ ...d, kg: 110 - 0.8 * i }));
    expect(estimateExpenditure(days)).toBeNull();
  });
});
