/**
 * The detector's input and output sizes, apart from detector.ts so the main thread can use them
 * without loading TF.js (only the photo workers load it: ~175 ms of start-up, measured by bench:binary).
 */

/** The graph resizes to 300×300 itself; we hand it exactly that, so no pixel is wasted. */
export const INPUT_SIDE = 300;
export const EMBEDDING_DIM = 1280;
/** Class channels in the score output; channel k is COCO class id k + 1. */
export const SCORE_CHANNELS = 90;
