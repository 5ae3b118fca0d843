/**
 * Food recognition behind one interface: `recognise(image) → { candidates, embedding }`. Today it
 * is COCO-SSD in a worker pool (detector.ts, pool.ts) with our label map (labels.ts); a stronger
 * model replaces it by implementing Recogniser, and nothing else changes.
 */
import { DETECTOR_FILES } from "../../../assets";
import type { DetImage, OcrOptions, OcrResult, Rgb } from "../label/ocr";
import { defaultWorkers } from "../../../config";
import { AppError } from "../../../lib/errors";
import { jsonLogger, type Logger } from "../../../lib/log";
import { squareRgb, type CheckedImage } from "../image";
import { INPUT_SIDE } from "./dimensions";
import { LABELS, PERSONAL_CONFIDENT, personalConfidence, pickerCandidates, type ModelCandidate } from "./labels";
import type { Neighbour } from "./examples";
import { DetectorPool, type JobOptions } from "./pool";
import type * as Embedding from "./embedding";

/** The embedding's mean (models/embedding-mean.json, 12 KB) loads with the first photo, not at start. */
const centre: typeof Embedding.centre = (...a) => (require("./embedding") as typeof Embedding).centre(...a);

export interface Recognition {
  /** Model suggestions down to the calibrated floor, best first; `confident` at the operating point. */
  candidates: ModelCandidate[];
  /** For personal recognition (centred, unit length); null when the model could not run on this photo. */
  embedding: Float32Array | null;
  /** The model that produced this ("none" when it was unavailable). */
  model: { name: string; version: string };
}

export interface Recogniser {
  readonly model: { name: string; version: string };
  /**
   * `job.account` is whose photo it is (accounts take turns in the workers' line); `job.signal` withdraws
   * a photo still waiting for a worker (its answer is no longer needed).
   */
  recognise(img: CheckedImage, job?: JobOptions): Promise<Recognition>;
  /** Photos waiting for a worker and being classified (for /metrics). */
  load?(): { queued: number; running: number };
  /** Reads a label's text in the same workers (POST /scanner/label). */
  readText(det: DetImage, source: Rgb, opts?: OcrOptions, job?: JobOptions): Promise<OcrResult>;
}

export const NO_MODEL = { name: "none", version: "0" } as const;

export class CocoSsdRecogniser implements Recogniser {
  readonly model = LABELS.model;
  constructor(
    readonly pool: DetectorPool,
    private readonly logger: Logger = jsonLogger,
  ) {}

  load(): { queued: number; running: number } {
    return { queued: this.pool.queued, running: this.pool.busy };
  }

  async readText(det: DetImage, source: Rgb, opts?: OcrOptions, job?: JobOptions): Promise<OcrResult> {
    try {
      return await this.pool.readText(det, source, opts, job);
    } catch (e) {
      if (e instanceof AppError) throw e; // 429: the queue is full
      this.logger.error("label reading failed", { error: e instanceof Error ? e.message : String(e) });
      throw new AppError("not_ready", "the label reader could not run on this photo; try again, or type the values");
    }
  }

  async recognise(img: CheckedImage, job: JobOptions = {}): Promise<Recognition> {
    const rgb = await squareRgb(img, INPUT_SIDE);
    const signal = job.signal;
    try {
      const r = await this.pool.run(rgb, job);
      return { candidates: pickerCandidates(r.scores), embedding: centre(r.embedding), model: this.model };
    } catch (e) {
      if (e instanceof AppError) throw e; // 429: the queue is full
      if (signal?.aborted) return { candidates: [], embedding: null, model: this.model };
      // The photo is still served (barcode, photo_id); only the suggestions are missing, and the
      // response says so with model "none".
      this.logger.error("food recognition failed; answering without candidates", {
        error: e instanceof Error ? e.message : String(e),
      });
      return { candidates: [], embedding: null, model: NO_MODEL };
    }
  }
}

/** `--photo-workers 0`: no model; photos still get barcodes and a photo_id. */
export const NO_RECOGNITION: Recogniser = {
  model: NO_MODEL,
  recognise: async () => ({ candidates: [], embedding: null, model: NO_MODEL }),
  readText: async () => {
    throw new AppError(
      "not_ready",
      "label reading runs in the photo workers, and this server runs with --photo-workers 0",
    );
  },
};

/** The recogniser `serve` uses for `--photo-workers N`. */
export function recogniserFor(workers: number, logger: Logger = jsonLogger): Recogniser {
  return workers === 0 ? NO_RECOGNITION : new CocoSsdRecogniser(sharedPool(workers, logger), logger);
}

const pools = new Map<number, DetectorPool>();

/**
 * The process's detector pool of `size` workers, created on first use and shared by every app in
 * the process (the model holds no user data; tests create many apps).
 */
export function sharedPool(size = defaultWorkers(), logger: Logger = jsonLogger): DetectorPool {
  let pool = pools.get(size);
  if (!pool) pools.set(size, (pool = new DetectorPool({ size, files: DETECTOR_FILES, logger })));
  return pool;
}

export interface Suggestion {
  foodId: number;
  label: string;
  confidence: number;
  source: "model" | "personal";
  confident: boolean;
}

export const MAX_SUGGESTIONS = 5;

/**
 * The model's suggestions and the user's nearest confirmed photos as one list: one entry per food
 * (the more confident source wins), personal ones only above min_similarity, best first, at most
 * five. `nameOf` gives a personal food's name, or null when the user can no longer log it.
 */
export function mergeSuggestions(
  model: ModelCandidate[],
  neighbours: Neighbour[],
  nameOf: (foodId: number) => string | null,
): Suggestion[] {
  const byFood = new Map<number, Suggestion>();
  const offer = (s: Suggestion) => {
    const prev = byFood.get(s.foodId);
    if (!prev || prev.confidence < s.confidence) byFood.set(s.foodId, s);
  };
  for (const m of model)
    offer({ foodId: m.foodId, label: m.label, confidence: m.confidence, source: "model", confident: m.confident });
  for (const n of neighbours) {
    const confidence = personalConfidence(n.similarity);
    if (confidence <= 0) continue;
    const name = nameOf(n.foodId);
    if (name)
      offer({
        foodId: n.foodId,
        label: name,
        confidence,
        source: "personal",
        confident: confidence >= PERSONAL_CONFIDENT,
      });
  }
  return [...byFood.values()].sort((a, b) => b.confidence - a.confidence).slice(0, MAX_SUGGESTIONS);
}
