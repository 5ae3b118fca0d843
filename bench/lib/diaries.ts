/**
 * Synthetic diaries for bench:expenditure, seeded and reproducible. Two generators:
 *
 * `kindDiary` — the original one: constant expenditure, independent ±1 kg scale noise, no weekly
 * pattern, no partly logged days.
 *
 * `realDiary` — made to look like real people's. Every parameter is drawn per person:
 * - **kinds** (equal shares): gainers (+250…+500 kcal/day), dieters starting a diet (−400…−800 from day
 *   one), maintainers (−100…+100), sparse weigh-ins (60–85 % of days without one, plan −600…+300) and
 *   partial days (10–20 % of days only partly logged, plan −600…+300);
 * - **weekends** eaten 15–30 % more (Saturday and Sunday), weekdays less so the week's mean is the plan;
 *   each day ±10–20 % more (normal);
 * - **water weight**: AR(1) noise, SD 0.4–1.0 kg, correlation 0.3–0.75 from one day to the next, plus
 *   0.1 kg of scale noise;
 * - **glycogen and its water**: a change of intake moves 0.5–2 kg (for a 500 kcal/day change; in
 *   proportion, at most that), reached with a 2–4 day time constant; it holds about 1,000 kcal/kg
 *   (glycogen at 4 kcal/g, stored with about 3 g of water: Olsson & Saltin 1970; Kreitzman et al. 1992);
 * - **weigh-ins missing** on 20–60 % of days (sparse: 60–85 %), in runs of 2–4 days on average
 *   (a two-state Markov chain);
 * - **unlogged days** 5–25 % (1.5 × likelier on weekends); **partly logged days** 3–10 % (breakfast,
 *   then nothing: 20–35 % of what was eaten, one meal);
 * - **under-reporting**: half of the people log 0–20 % less than they eat, every day;
 * - **adaptation**: expenditure moves (time constant 10 days) towards 5–20 % of the energy balance, and
 *   falls 25 kcal/day per kg of tissue lost (rises per kg gained);
 * - **tissue energy** by body composition: Forbes's partition, dFFM/dFM = 10.4 / fat mass (kg) (Forbes
 *   1987; Hall, Br J Nutr 2007), with 9,440 kcal/kg for fat and 1,820 kcal/kg for fat-free mass (Hall,
 *   Int J Obes 2008); body fat 15–40 % of 55–120 kg.
 */
import { addDays } from "../../src/lib/time";
import type { DayData } from "../../src/features/stats/expenditure";

export const KINDS = ["gainer", "dieter", "maintainer", "sparse", "partial"] as const;
export type Kind = (typeof KINDS)[number];

export interface Diary {
  kind: Kind;
  days: DayData[];
  /** Mean true expenditure over the first n days. */
  trueKcal: (n: number) => number;
  /** The same, in the calories the person logs (true minus their unlogged share of intake). */
  loggedKcal: (n: number) => number;
  /** Fat mass at the start, kg (what a profile with body fat would tell the estimator). */
  fatKg: number;
}

/** mulberry32: a small seeded generator, so a run can be repeated exactly. */
export function rng(seed: number) {
  let s = seed;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    uniform: (a: number, b: number) => a + (b - a) * next(),
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  };
}
type Rng = ReturnType<typeof rng>;

const DAYS = 56;
const mean = (xs: number[]) => xs.reduce((a, v) => a + v, 0) / xs.length;
const prefixMean = (xs: number[]) => (n: number) => mean(xs.slice(0, n));

/** The original generator (docs/performance.md's first table). */
export function kindDiary(r: Rng): Diary {
  const tdee = r.uniform(1800, 3200);
  const plan = r.uniform(-750, 300);
  const under = r.uniform(0, 0.15);
  const gaps = r.uniform(0.1, 0.2);
  let kg = r.uniform(60, 120);
  const days: DayData[] = [];
  const eaten: number[] = [];
  for (let i = 0; i < DAYS; i++) {
    const intake = Math.max(800, tdee + plan + 300 * r.normal());
    eaten.push(intake);
    const skipped = r.next() < gaps;
    const weighed = !skipped || r.next() < 0.5;
    days.push({
      date: addDays("2026-01-01", i),
      kcal: skipped ? null : intake * (1 - under),
      kg: weighed ? kg + r.uniform(-1, 1) : null,
      meals: skipped ? 0 : 3,
    });
    kg += (intake - tdee) / 7700;
  }
  return {
    kind: "maintainer",
    days,
    trueKcal: () => tdee,
    loggedKcal: (n) => tdee - under * prefixMean(eaten)(n),
    fatKg: kg * 0.25,
  };
}

const FAT_KCAL_PER_KG = 9440;
const LEAN_KCAL_PER_KG = 1820;
const GLYCOGEN_KCAL_PER_KG = 1000;

/** Causes a realistic diary can be made without, one at a time (bench:expenditure --without). */
export interface Without {
  /** no water weight (the scale's 0.1 kg stays) */
  water?: boolean;
  /** every day weighed */
  gaps?: boolean;
  /** partly logged days finished */
  partial?: boolean;
  /** every day logged */
  unlogged?: boolean;
}

/** A diary made to look like a real person's (see the file's comment for every parameter). */
export function realDiary(r: Rng, kind: Kind, without: Without = {}): Diary {
  const kg0 = r.uniform(55, 120);
  let fat = kg0 * r.uniform(0.15, 0.4);
  const fat0 = fat;
  let lean = kg0 - fat;
  const tdee0 = r.uniform(1800, 3200);
  const plan =
    kind === "gainer"
      ? r.uniform(250, 500)
      : kind === "dieter"
        ? r.uniform(-800, -400)
        : kind === "maintainer"
          ? r.uniform(-100, 100)
          : r.uniform(-600, 300);
  const weekend = r.uniform(1.15, 1.3);
  const weekday = 7 / (5 + 2 * weekend);
  const dailySd = r.uniform(0.1, 0.2);
  const waterSd = r.uniform(0.4, 1.0);
  const waterRho = r.uniform(0.3, 0.75);
  const glycogenTarget = Math.max(-1, Math.min(1, plan / 500)) * r.uniform(0.5, 2);
  const glycogenTau = r.uniform(2, 4);
  const missingWeigh = kind === "sparse" ? r.uniform(0.6, 0.85) : r.uniform(0.2, 0.6);
  const runLength = r.uniform(2, 4); // mean length of a run without weigh-ins
  const unlogged = r.uniform(0.05, 0.25);
  const partial = kind === "partial" ? r.uniform(0.1, 0.2) : r.uniform(0.03, 0.1);
  const under = r.next() < 0.5 ? r.uniform(0, 0.2) : 0;
  const adaptShare = r.uniform(0.05, 0.2);
  const startDow = Math.floor(r.uniform(0, 7)); // 0: Monday
  const start = addDays("2026-01-05", startDow);

  let water = waterSd * r.normal();
  let glycogen = 0;
  let adapt = 0;
  let weighedYesterday = r.next() > missingWeigh;
  const leave = 1 / runLength; // from a run without weigh-ins back to weighing
  const enter = (missingWeigh * leave) / (1 - missingWeigh); // keeps the share of days without one
  const days: DayData[] = [];
  const eaten: number[] = [];
  const spent: number[] = [];
  for (let i = 0; i < DAYS; i++) {
    const dow = (startDow + i) % 7;
    const isWeekend = dow >= 5;
    const exp = tdee0 + adapt;
    const intake = Math.max(600, (tdee0 + plan) * (isWeekend ? weekend : weekday) * (1 + dailySd * r.normal()));
    eaten.push(intake);
    spent.push(exp);
    // the morning's weigh-in, before the day's eating
    const weighed = weighedYesterday ? r.next() > enter : r.next() < leave;
    weighedYesterday = weighed;
    const kg =
      weighed || without.gaps
        ? Math.round((fat + lean + glycogen + (without.water ? 0 : water) + 0.1 * r.normal()) * 10) / 10
        : null;
    const skipped = r.next() < unlogged * (isWeekend ? 1.5 : 0.8) && !without.unlogged;
    const part = !skipped && r.next() < partial && !without.partial;
    const logged = intake * (1 - under);
    days.push({
      date: addDays(start, i),
      kcal: skipped ? null : part ? logged * r.uniform(0.2, 0.35) : logged,
      kg,
      meals: skipped ? 0 : part ? 1 : 3 + Math.floor(r.uniform(0, 3)),
    });
    // the day's balance: glycogen first, the rest to tissue split by Forbes's partition
    const dGly = (glycogenTarget - glycogen) * (1 - Math.exp(-1 / glycogenTau));
    glycogen += dGly;
    const dE = intake - exp - GLYCOGEN_KCAL_PER_KG * dGly;
    const p = 10.4 / (10.4 + fat);
    const dM = dE / (p * LEAN_KCAL_PER_KG + (1 - p) * FAT_KCAL_PER_KG);
    fat += (1 - p) * dM;
    lean += p * dM;
    const tissue = fat + lean - kg0;
    adapt += (adaptShare * (intake - exp) + 25 * tissue - adapt) / 10;
    water = waterRho * water + waterSd * Math.sqrt(1 - waterRho ** 2) * r.normal();
  }
  return {
    kind,
    days,
    trueKcal: prefixMean(spent),
    loggedKcal: (n) => prefixMean(spent)(n) - under * prefixMean(eaten)(n),
    fatKg: fat0,
  };
}
