/** POST /scanner/barcode and POST /scanner/photo (API.md §Scanner). */
import type { Ctx } from "../../context";
import type { GtinFormat } from "../../lib/gtin";
import type { FoodSummaryT, FoodT } from "../foods/model";
import { findBarcode, notFound, parseOrThrow, toBarcode, type BarcodeHit } from "./barcode";
import { parseBarcode, type Barcode } from "../../lib/gtin";
import { detectBarcode } from "./detect";
import { checkImage } from "./image";
import type { BarcodeSource } from "./sources";
import { MAX_SUGGESTIONS, mergeSuggestions } from "./recognition";
import { readLabel, type LabelResult } from "./label/reader";

/** Whether the admin lets a miss ask Open Food Facts online (and this server has a client for it). */
async function onlineAllowed(ctx: Ctx): Promise<boolean> {
  return ctx.deps.offClient !== null && (await ctx.store.run(ctx.deps.onlineLookup.enabled()));
}

/** The sources a lookup asks: Open Food Facts online only when the admin allows it and the caller did not say `online: false`. */
function sourcesFor(ctx: Ctx, allowed: boolean, online: boolean): readonly BarcodeSource[] {
  return allowed && online
    ? ctx.deps.barcodeSources
    : ctx.deps.barcodeSources.filter((s) => s.name !== "openfoodfacts");
}

export async function scanBarcode({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { barcode: string; online?: boolean };
}): Promise<BarcodeHit> {
  const parsed = parseOrThrow(input.barcode);
  const allowed = await onlineAllowed(ctx);
  const ask = input.online !== false;
  const hit = await findBarcode(parsed, sourcesFor(ctx, allowed, ask), ctx.userId);
  if (!hit) throw notFound(parsed, !allowed ? "off" : ask && !parsed.restriction ? "asked" : "not_asked");
  return hit;
}

const ZXING_FORMAT: Record<string, GtinFormat> = { EAN13: "EAN-13", EAN8: "EAN-8", UPCA: "UPC-A", UPCE: "UPC-E" };

/** API data, hand-written: one suggestion as the service builds it; scanner/model.ts's PhotoResponse checks it on every test reply. */
export interface Candidate {
  label: string;
  confidence: number;
  source: "model" | "personal";
  confident: boolean;
  food: FoodSummaryT | null;
}

/** API data, hand-written: the photo answer as the service builds it (timings included); scanner/model.ts's PhotoResponse checks it on every test reply. */
export interface PhotoResult {
  photo_id: string;
  barcode: Barcode | null;
  food: FoodT | null;
  candidates: Candidate[];
  model: { name: string; version: string };
  elapsed_ms: number;
}

/**
 * Reads the photo's barcode, if any, and looks it up; meanwhile a photo worker runs the food
 * detector. Candidates are the model's suggestions down to its calibrated floor merged with the
 * user's own confirmed photos that look alike (one entry per food, the more confident source
 * wins), at most five. The photo's embedding is kept 24 hours with its photo_id. When a barcode is
 * read, the photo is about that product: the model is not waited for and `candidates` is empty.
 */
export async function scanPhoto({
  ctx,
  file,
  online = true,
}: {
  ctx: Ctx;
  file: unknown;
  online?: boolean;
}): Promise<PhotoResult> {
  const started = performance.now();
  const img = await checkImage(file);
  // The model starts at once, in a worker, while the barcode is read here.
  const skip = new AbortController();
  const recognising = ctx.deps.recogniser.recognise(img, { account: ctx.userId, signal: skip.signal });
  recognising.catch(() => {}); // awaited below unless the barcode answers; never unhandled
  let barcode: Barcode | null = null;
  let food: FoodT | null = null;
  try {
    const found = await detectBarcode(img, ctx.userId);
    const parsed = found ? parseBarcode(found.text, ZXING_FORMAT[found.format]) : null;
    if (parsed?.ok) {
      barcode = toBarcode(parsed.barcode);
      const hit = await findBarcode(parsed.barcode, sourcesFor(ctx, await onlineAllowed(ctx), online), ctx.userId);
      if (hit) ({ barcode, food } = hit);
    }
  } catch (e) {
    skip.abort(); // this request fails (e.g. 422): nobody will read the model's answer
    throw e;
  }
  // A photo with a barcode is about that product, known or not ("create this food"): no guesses.
  // Answer now and withdraw the photo from the model's queue.
  if (barcode) skip.abort();
  const seen = barcode ? { candidates: [], embedding: null, model: ctx.deps.recogniser.model } : await recognising;
  // twice as many as shown: room for foods the user has deleted since
  const embedding = seen.embedding;
  const { neighbours, summaries } = await ctx.store.run(
    (function* () {
      const near = embedding ? yield* ctx.deps.examples.nearest(ctx.userId, embedding, 2 * MAX_SUGGESTIONS) : [];
      const found = new Map<number, FoodSummaryT | null>();
      for (const id of [...seen.candidates.map((c) => c.foodId), ...near.map((n) => n.foodId)])
        if (!found.has(id)) found.set(id, yield* ctx.deps.foods.summary(ctx.userId, id));
      return { neighbours: near, summaries: found };
    })(),
  );
  const summary = (id: number) => summaries.get(id) ?? null;
  const candidates: Candidate[] = mergeSuggestions(seen.candidates, neighbours, (id) => summary(id)?.name ?? null).map(
    (s) => ({
      label: s.label,
      confidence: round3(s.confidence),
      source: s.source,
      confident: s.confident,
      food: summary(s.foodId),
    }),
  );
  const photoId = Bun.randomUUIDv7();
  await ctx.store.run(
    ctx.deps.photos.add({
      id: photoId,
      userId: ctx.userId,
      gtin: barcode?.gtin ?? null,
      embedding: seen.embedding,
      now: ctx.now,
    }),
  );
  return {
    photo_id: photoId,
    barcode,
    food,
    candidates,
    model: seen.model,
    elapsed_ms: Math.round(performance.now() - started),
  };
}

/** POST /scanner/label: the upload rules, then the label read in a photo worker and parsed. */
export async function scanLabel({ ctx, file }: { ctx: Ctx; file: unknown }): Promise<LabelResult> {
  const img = await checkImage(file);
  return readLabel(img, (det, source, opts) =>
    ctx.deps.recogniser.readText(det, source, opts, { account: ctx.userId }),
  );
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
