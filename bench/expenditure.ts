#!/usr/bin/env bun
/**
 * bun run bench:expenditure — how well GET /stats/expenditure's estimator (src/features/stats/
 * expenditure.ts) finds a known expenditure on synthetic diaries (seeded, reproducible; bench/lib/
 * diaries.ts describes both generators): the kind one (constant expenditure, independent ±1 kg noise)
 * and the realistic one (weekends, water weight that carries over, glycogen, weigh-ins missing in runs,
 * unlogged and partly logged days, under-reporting, adaptation, Forbes/Hall tissue energy).
 *
 * For each generator, window (2, 3, 6, 8 weeks: the window is all days so far) and kind of person, side
 * by side: the estimator before issue 53 (bench/lib/expenditure-line.ts: least-squares line, 7,700
 * kcal/kg), the current one, and the one people work out by hand (intake minus the change from the
 * first to the last weigh-in). Errors are against two truths: the expenditure in the calories the
 * person logs (true minus their unlogged share of intake: what a goal set from the estimate acts on)
 * and the true expenditure; bias is the mean signed error against the first; covered is the share of
 * people whose logged-calorie truth is inside the 90 % range.
 * Goals (issue 53, realistic): MAE ≤ 250 / 130 / 100 at 3 / 6 / 8 weeks; coverage 85–95 %; no kind
 * biased by more than 100 kcal/day at 8 weeks.
 */
import { estimateExpenditure, KCAL_PER_KG, type DayData } from "../src/features/stats/expenditure";
import { estimateExpenditure as lineEstimate } from "./lib/expenditure-line";
import { type Diary, KINDS, kindDiary, realDiary, rng, type Without } from "./lib/diaries";
import { numberArg } from "./lib/wrk";

const people = numberArg("--people", 2000);
const seed = numberArg("--seed", 42);
const withFat = process.argv.includes("--with-body-fat");

/** The hand method: mean logged intake minus (last weigh-in − first) / days × 7,700. */
function byHand(days: readonly DayData[]): number | null {
  const w = days.filter((d) => d.kg !== null);
  const k = days.filter((d) => d.kcal !== null);
  if (w.length < 2 || !k.length) return null;
  const span = (Date.parse(w.at(-1)!.date) - Date.parse(w[0]!.date)) / 86_400_000;
  const mean = k.reduce((a, d) => a + d.kcal!, 0) / k.length;
  return mean - ((w.at(-1)!.kg! - w[0]!.kg!) / span) * KCAL_PER_KG;
}

const r1 = rng(seed);
const r2 = rng(seed + 1);
const kind = Array.from({ length: people }, () => kindDiary(r1));
const real = Array.from({ length: people }, (_, i) => realDiary(r2, KINDS[i % KINDS.length]!));

interface Row {
  n: number;
  estimated: number;
  line: number;
  ours: number;
  hand: number;
  oursTrue: number;
  lineTrue: number;
  bias: number;
  lineBias: number;
  covered: number;
  lineCovered: number;
}

function measure(group: Diary[], weeks: number): Row {
  const n = weeks * 7;
  const acc = { n: 0, line: 0, ours: 0, hand: 0, oursTrue: 0, lineTrue: 0, bias: 0, lineBias: 0, covered: 0 };
  let lineCovered = 0;
  for (const p of group) {
    const window = p.days.slice(0, n);
    const e = estimateExpenditure(window, { fatKg: withFat ? p.fatKg : null });
    const l = lineEstimate(window);
    const hand = byHand(window);
    // compared on the people both estimators answer for, so the columns are side by side
    if (!e || !l || hand === null) continue;
    const logged = p.loggedKcal(n);
    const truth = p.trueKcal(n);
    acc.n++;
    acc.ours += Math.abs(e.expenditure_kcal - logged);
    acc.line += Math.abs(l.expenditure_kcal - logged);
    acc.hand += Math.abs(hand - logged);
    acc.oursTrue += Math.abs(e.expenditure_kcal - truth);
    acc.lineTrue += Math.abs(l.expenditure_kcal - truth);
    acc.bias += e.expenditure_kcal - logged;
    acc.lineBias += l.expenditure_kcal - logged;
    if (logged >= e.low_kcal && logged <= e.high_kcal) acc.covered++;
    if (logged >= l.low_kcal && logged <= l.high_kcal) lineCovered++;
  }
  const m = Math.max(1, acc.n);
  return {
    n: acc.n,
    estimated: acc.n / group.length,
    line: acc.line / m,
    ours: acc.ours / m,
    hand: acc.hand / m,
    oursTrue: acc.oursTrue / m,
    lineTrue: acc.lineTrue / m,
    bias: acc.bias / m,
    lineBias: acc.lineBias / m,
    covered: acc.covered / m,
    lineCovered: lineCovered / m,
  };
}

const f = (x: number) => (Number.isFinite(x) ? Math.round(x).toString() : "–");
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const line = (label: string, w: number, r: Row) =>
  `| ${label} | ${w} | ${pct(r.estimated)} | ${f(r.line)} → **${f(r.ours)}** | ${f(r.hand)} | ${f(r.lineTrue)} → ${f(r.oursTrue)} | ${f(r.lineBias)} → ${f(r.bias)} | ${pct(r.lineCovered)} → ${pct(r.covered)} |`;

console.log(`bench:expenditure — ${people} people per generator, seed ${seed}, Bun ${Bun.version}`);
if (withFat) console.log("the estimator is given each person's fat mass (Forbes/Hall kcal per kg)");
console.log("kcal/day; before → now; MAE vs the logged-calorie truth unless said; bias: mean signed error");
console.log("| diaries | weeks | estimated | MAE | by hand | MAE vs true | bias | covered (90 % range) |");
console.log("|---|---|---|---|---|---|---|---|");
const results = new Map<string, Row>();
for (const weeks of [2, 3, 6, 8]) console.log(line("kind", weeks, measure(kind, weeks)));
for (const weeks of [2, 3, 6, 8]) {
  const r = measure(real, weeks);
  results.set(`all ${weeks}`, r);
  console.log(line("realistic", weeks, r));
}
for (const k of KINDS)
  for (const weeks of [3, 6, 8]) {
    const r = measure(
      real.filter((p) => p.kind === k),
      weeks,
    );
    results.set(`${k} ${weeks}`, r);
    console.log(line(`realistic: ${k}`, weeks, r));
  }

// one cause at a time: the same people (same seed) without it
console.log("\nrealistic diaries without one cause, MAE 3 / 8 weeks (before → now)");
const causes: [string, Without][] = [
  ["none removed", {}],
  ["partial days finished", { partial: true }],
  ["every day weighed", { gaps: true }],
  ["no water weight", { water: true }],
  ["every day logged", { unlogged: true }],
];
for (const [label, without] of causes) {
  const r3 = rng(seed + 1);
  const group = Array.from({ length: people }, (_, i) => realDiary(r3, KINDS[i % KINDS.length]!, without));
  const [a, b] = [measure(group, 3), measure(group, 8)];
  console.log(`| ${label} | ${f(a.line)} → ${f(a.ours)} | ${f(b.line)} → ${f(b.ours)} |`);
}

const at = (w: number) => results.get(`all ${w}`)!;
const maeMet = at(3).ours <= 250 && at(6).ours <= 130 && at(8).ours <= 100;
const coverages = [3, 6, 8].map((w) => at(w).covered);
const covMet = coverages.every((c) => c >= 0.85 && c <= 0.95);
const worstBias = Math.max(...KINDS.map((k) => Math.abs(results.get(`${k} 8`)!.bias)));
const covText = coverages.map((c) => (100 * c).toFixed(1)).join(" / ");
console.log(
  `summary: expenditure estimate MAE after 3 / 6 / 8 weeks on realistic diaries, kcal/day vs expenditure in logged calories | ${f(at(3).ours)} / ${f(at(6).ours)} / ${f(at(8).ours)} | before ${f(at(3).line)} / ${f(at(6).line)} / ${f(at(8).line)}, by hand ${f(at(3).hand)} / ${f(at(6).hand)} / ${f(at(8).hand)} | goal ≤ 250 / 130 / 100: ${maeMet ? "met" : "not met"}; 90 % range covers ${covText} % (goal 85–95 %: ${covMet ? "met" : "not met"}); worst bias of a kind at 8 weeks ${f(worstBias)} (goal ≤ 100: ${worstBias <= 100 ? "met" : "not met"})`,
);
