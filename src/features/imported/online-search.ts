/**
 * GET /foods/online: Open Food Facts' text search, asked by this server so the browser never leaves
 * its origin. Only the typed words are sent (nothing about the person), and only while the admin
 * allows look-ups. Nothing is kept: a product the person picks is kept by POST /scanner/barcode, as
 * any barcode hit is, so what enters the shared table is what Open Food Facts says for that barcode.
 */
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import type { OnlineSearchInput, OnlineSearchT } from "./model";
import { OFF_ATTRIBUTION, type ImportedRecord } from "./off";

/** Whether look-ups may leave this server: the admin's setting, and a client to send them with. */
export async function onlineAllowed(ctx: Ctx): Promise<boolean> {
  return ctx.deps.offClient !== null && (await ctx.store.run(ctx.deps.onlineLookup.enabled()));
}

const product = (r: ImportedRecord): OnlineSearchT["items"][number] => ({
  barcode: r.gtin,
  name: r.name,
  brand: r.brand,
  energy_kcal: r.nutrients.energy_kcal!,
  protein_g: r.nutrients.protein_g ?? null,
  fat_g: r.nutrients.fat_g ?? null,
  carbohydrate_g: r.nutrients.carbohydrate_g ?? null,
  serving: r.servingGrams ? { name: r.servingName ?? "serving", grams: r.servingGrams } : null,
});

/**
 * 403 forbidden while look-ups are off; 429 rate_limited (Retry-After) past this server's pace of
 * Open Food Facts searches; 503 not_ready when it does not answer in time or fails.
 */
export async function searchOnline({ ctx, input }: { ctx: Ctx; input: OnlineSearchInput }): Promise<OnlineSearchT> {
  const words = input.q.trim().replace(/\s+/g, " ");
  if (!words)
    throw new AppError("validation_failed", "q: type the words to search for", [
      { field: "q", message: "must not be blank" },
    ]);
  const client = ctx.deps.offClient;
  if (!client || !(await onlineAllowed(ctx)))
    throw new AppError(
      "forbidden",
      "Open Food Facts look-ups are off on this server; an admin can allow them (Admin, or PATCH /admin/settings online_lookup)",
    );
  const r = await client.search(words, input.limit ?? 10);
  if (r.kind === "paced")
    throw new AppError(
      "rate_limited",
      `Open Food Facts takes at most a few searches a minute from this server; try again in ${r.retryAfterS} seconds`,
      undefined,
      { "retry-after": String(r.retryAfterS) },
    );
  if (r.kind === "unavailable")
    throw new AppError(
      "not_ready",
      `Open Food Facts cannot be searched now: ${r.why}. Try again later, or create the food yourself`,
      [{ field: "q", message: r.why, reason: r.reason }],
    );
  return { items: r.records.map(product), attribution: OFF_ATTRIBUTION };
}
