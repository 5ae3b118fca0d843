/**
 * Where a barcode can be found, in the order they are asked: the caller's own custom foods, the
 * imported Open Food Facts products, and (only while the admin allows it: service.ts asks it only then) Open Food Facts online, whose
 * answer is kept in the imported table so the next scan works offline. Each implements one
 * interface and passes one shared contract test (test/barcode-sources.test.ts).
 */
import type { Q } from "../../db/q";
import type { Awaitable } from "../../db/store";
import type { FoodT } from "../foods/model";
import type { CustomFoodsRepo } from "../custom-foods/repo";
import type { FoodDirectory } from "../foods/directory";
import type { ImportedRepo } from "../imported/repo";
import type { OffClient } from "../imported/online";

export type SourceName = "custom" | "imported" | "openfoodfacts";

export interface BarcodeSource {
  readonly name: SourceName;
  /** The food for the first of `gtins` (GTIN-14s, likeliest first) this source knows, or null. */
  lookup(gtins: string[], userId: number): Promise<FoodT | null>;
}

/** Runs database work (the store's run). */
export type Run = <T>(work: Q<T>) => Awaitable<T>;

export function customSource(repo: CustomFoodsRepo, foods: FoodDirectory, run: Run): BarcodeSource {
  return {
    name: "custom",
    async lookup(gtins, userId) {
      return run(
        (function* () {
          const f = yield* repo.byBarcode(userId, gtins);
          return f ? yield* foods.detail(userId, f.id) : null;
        })(),
      );
    },
  };
}

/** The imported product with the first of these GTINs, as a food. */
function* importedFood(repo: ImportedRepo, foods: FoodDirectory, gtins: string[]): Q<FoodT | null> {
  const row = yield* repo.byGtins(gtins);
  return row ? yield* foods.detail(null, row.id) : null;
}

export function importedSource(repo: ImportedRepo, foods: FoodDirectory, run: Run): BarcodeSource {
  return {
    name: "imported",
    async lookup(gtins) {
      return run(importedFood(repo, foods, gtins));
    },
  };
}

export function onlineSource(
  client: OffClient,
  repo: ImportedRepo,
  foods: FoodDirectory,
  now: () => Date,
  run: Run,
): BarcodeSource {
  return {
    name: "openfoodfacts",
    async lookup(gtins) {
      for (const gtin of gtins) {
        const r = await client.product(gtin);
        if (r.kind === "unavailable") return null; // offline or failing: the scan is a miss, not an error
        if (r.kind === "found") {
          const record = r.record;
          return run(
            (function* () {
              yield* repo.upsert(record, "off-online", now().toISOString());
              return yield* importedFood(repo, foods, [gtin]);
            })(),
          );
        }
      }
      return null;
    },
  };
}

/**
 * The sources a lookup asks, in order (your own foods win), built once per app (createServices):
 * your custom foods, imported products, then Open Food Facts online when the server has a client.
 */
export function barcodeSources(deps: {
  customFoods: CustomFoodsRepo;
  imported: ImportedRepo;
  foods: FoodDirectory;
  offClient: OffClient | null;
  now: () => Date;
  run: Run;
}): BarcodeSource[] {
  const sources = [
    customSource(deps.customFoods, deps.foods, deps.run),
    importedSource(deps.imported, deps.foods, deps.run),
  ];
  if (deps.offClient) sources.push(onlineSource(deps.offClient, deps.imported, deps.foods, deps.now, deps.run));
  return sources;
}
