/**
 * Where a barcode can be found, in the order they are asked: the caller's own custom foods, the
 * imported Open Food Facts products, and (only with --online-lookup) Open Food Facts online, whose
 * answer is kept in the imported table so the next scan works offline. Each implements one
 * interface and passes one shared contract test (test/barcode-sources.test.ts).
 */
import type { FoodT } from "../foods/model";
import type { CustomFoodsRepo } from "../custom-foods/repo";
import { customDetail } from "../custom-foods/service";
import { importedFood, type ImportedRepo } from "../imported/repo";
import type { OffClient } from "../imported/online";

export type SourceName = "custom" | "imported" | "openfoodfacts";

export interface BarcodeSource {
  readonly name: SourceName;
  /** The food for the first of `gtins` (GTIN-14s, likeliest first) this source knows, or null. */
  lookup(gtins: string[], userId: number): Promise<FoodT | null>;
}

export function customSource(repo: CustomFoodsRepo): BarcodeSource {
  return {
    name: "custom",
    async lookup(gtins, userId) {
      const f = repo.byBarcode(userId, gtins);
      return f ? customDetail(repo, f) : null;
    },
  };
}

export function importedSource(repo: ImportedRepo): BarcodeSource {
  return {
    name: "imported",
    async lookup(gtins) {
      const row = repo.byGtins(gtins);
      return row ? importedFood(row) : null;
    },
  };
}

export function onlineSource(client: OffClient, repo: ImportedRepo, now: () => Date): BarcodeSource {
  return {
    name: "openfoodfacts",
    async lookup(gtins) {
      for (const gtin of gtins) {
        const r = await client.product(gtin);
        if (r.kind === "unavailable") return null; // offline or failing: the scan is a miss, not an error
        if (r.kind === "found") {
          repo.upsert(r.record, "off-online", now().toISOString());
          const row = repo.byGtins([gtin]);
          return row ? importedFood(row) : null;
        }
      }
      return null;
    },
  };
}
