/**
 * Where a barcode can be found, in the order they are asked: the caller's own custom foods, the
 * imported Open Food Facts products, and (only while the admin allows it: service.ts asks it only then) Open Food Facts online, whose
 * answer is kept in the imported table so the next scan works offline. Each implements one
 * interface and passes one shared contract test (test/barcode-sources.test.ts).
 */
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

export function customSource(repo: CustomFoodsRepo, foods: FoodDirectory): BarcodeSource {
  return {
    name: "custom",
    async lookup(gtins, userId) {
      const f = repo.byBarcode(userId, gtins);
      return f ? foods.detail(userId, f.id) : null;
    },
  };
}

export function importedSource(repo: ImportedRepo, foods: FoodDirectory): BarcodeSource {
  return {
    name: "imported",
    async lookup(gtins) {
      const row = repo.byGtins(gtins);
      return row ? foods.detail(null, row.id) : null;
    },
  };
}

export function onlineSource(
  client: OffClient,
  repo: ImportedRepo,
  foods: FoodDirectory,
  now: () => Date,
): BarcodeSource {
  return {
    name: "openfoodfacts",
    async lookup(gtins) {
      for (const gtin of gtins) {
        const r = await client.product(gtin);
        if (r.kind === "unavailable") return null; // offline or failing: the scan is a miss, not an error
        if (r.kind === "found") {
          repo.upsert(r.record, "off-online", now().toISOString());
          const row = repo.byGtins([gtin]);
          return row ? foods.detail(null, row.id) : null;
        }
      }
      return null;
    },
  };
}
