/**
 * models/labels.json: which catalogue foods each COCO-SSD class stands for, and the calibrated
 * confidence below which a model suggestion is not shown (scripts/calibrate-photo.ts).
 */
import labels from "../../../../models/labels.json" with { type: "json" };
import { SCORE_CHANNELS } from "./dimensions";

export interface LabelFood {
  food_id: number;
  label: string;
  /** The class's score is split across its foods: P(coffee | cup). */
  share: number;
}
export interface LabelClass {
  id: number;
  name: string;
  /** This class's own threshold instead of min_confidence (vessels: cup, wine glass). */
  min_score?: number;
  foods: LabelFood[];
}
export interface LabelMap {
  model: { name: string; version: string };
  min_confidence: number;
  /** Below the operating point, classes scored at least this are still offered, not confident (calibrated). */
  suggest_floor: number;
  personal: { min_similarity: number; full_similarity: number };
  classes: LabelClass[];
}

export const LABELS: LabelMap = labels;

export interface ModelCandidate {
  label: string;
  confidence: number;
  foodId: number;
  /** The COCO class it came from. */
  className: string;
  /** At the calibrated operating point (min_confidence, or the class's own min_score). */
  confident: boolean;
}

/**
 * Model candidates for one photo's image-level scores, best first: the foods of every class scored
 * at or above `floor` (by default the threshold itself), those at the threshold marked confident.
 */
export function modelCandidates(
  scores: Float32Array,
  map: LabelMap = LABELS,
  minConfidence = map.min_confidence,
  minVessel?: number,
  floor?: number,
): ModelCandidate[] {
  if (scores.length !== SCORE_CHANNELS)
    throw new Error(`expected ${SCORE_CHANNELS} class scores, got ${scores.length}`);
  const out: ModelCandidate[] = [];
  for (const c of map.classes) {
    const score = scores[c.id - 1]!; // channel k is COCO class id k + 1
    const threshold = c.min_score === undefined ? minConfidence : (minVessel ?? c.min_score);
    const confident = score >= threshold; // the threshold is on what the model saw ("a cup")…
    if (!confident && score < Math.min(floor ?? threshold, threshold)) continue;
    // …and each food it stands for gets its share of that ("coffee" 0.6 of the cup's score)
    for (const f of c.foods)
      out.push({ label: f.label, confidence: score * f.share, foodId: f.food_id, className: c.name, confident });
  }
  return out.sort((a, b) => b.confidence - a.confidence);
}

/** The candidates a person picks from: down to the calibrated suggest_floor. */
export const pickerCandidates = (scores: Float32Array, map: LabelMap = LABELS) =>
  modelCandidates(scores, map, map.min_confidence, undefined, map.suggest_floor);

/** A personal confidence at or above this is as sure as the model's operating point (calibrate-photo.ts). */
export const PERSONAL_CONFIDENT = 0.5;

/** A personal example's similarity as a confidence: 0 at or below min_similarity, 1 at full_similarity. */
export function personalConfidence(similarity: number, map: LabelMap = LABELS): number {
  const { min_similarity: lo, full_similarity: hi } = map.personal;
  return Math.max(0, Math.min(1, (similarity - lo) / (hi - lo)));
}
