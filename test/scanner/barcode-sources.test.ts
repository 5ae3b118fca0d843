/**
 * One contract, three sources (STYLE habit 7): the caller's custom foods, imported Open Food
 * Facts products, and the online lookup (against a local stand-in). Each must find a product by
 * any of the GTINs it is given, return null for an unknown one, and describe the product as a Food.
 */
import { SqliteStore, type Store } from "../../src/db/store";
import type { Q } from "../../src/db/q";
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client";
import { CustomFoodsRepo } from "../../src/features/custom-foods/repo";
import { createFood } from "../../src/features/custom-foods/service";
import { ImportedRepo } from "../../src/features/imported/repo";
import { OffClient } from "../../src/features/imported/online";
import { mapOffProduct } from "../../src/features/imported/off";
import { customSource, importedSource, onlineSource, type BarcodeSource } from "../../src/features/scanner/sources";
import { catalogue, offStandIn, tempDir } from "../helpers";
import { FoodDirectory } from "../../src/features/foods/directory";
import { catalogueSource } from "../../src/features/foods/catalogue-source";
import { customFoodSource } from "../../src/features/custom-foods/source";
import { importedFoodSource } from "../../src/features/imported/source";
import { ctxFor } from "../../src/context";
import { createServices } from "../../src/services";

const KNOWN = "05449000000996";
const UNKNOWN = "04006381333931";
const product = {
  code: "5449000000996",
  product_name: "Cola drink",
  brands: "Fizz",
  serving_quantity: 330,
  serving_size: "1 can (330 ml)",
  nutriments: { "energy-kcal_100g": 42, sugars_100g: 10.6, proteins_100g: 0 },
};

const db = openDatabase(join(tempDir(), "sources.db"));
db.$client.exec(
  "INSERT INTO users (email, password_hash, name, timezone, created_at, updated_at) VALUES ('a@b.co','x','A','UTC','',''), ('b@b.co','x','B','UTC','','')",
);
const now = () => new Date("2026-11-22T12:00:00Z");
const stand = offStandIn({ "5449000000996": product });
afterAll(() => stand.stop());

const store = new SqliteStore(db);
const services = createServices({ store, catalogue: catalogue().catalogue, jwtSecret: "not used here" });
const ACCOUNT = {
  id: 1,
  email: "",
  name: "",
  timezone: "UTC",
  role: "user",
  weightUnit: "kg",
  sid: null,
  tokenId: null,
  scopes: [],
} as const;
const run = <T>(work: Q<T>) => store.run(work);
const directory = (s: Store) =>
  new FoodDirectory([
    catalogueSource(catalogue().catalogue),
    customFoodSource(new CustomFoodsRepo()),
    importedFoodSource(new ImportedRepo(s)),
  ]);

function setup(name: string): BarcodeSource {
  if (name === "custom") {
    const repo = new CustomFoodsRepo();
    run(
      createFood({
        ctx: ctxFor(services, ACCOUNT, now(), "test"),
        input: { name: "Cola drink", barcode: KNOWN, nutrients: { energy_kcal: 42 } },
      }),
    );
    return customSource(repo, directory(store), run);
  }
  const repo = new ImportedRepo(store);
  if (name === "imported") {
    const m = mapOffProduct(product);
    if (!m.ok) throw new Error(m.reason);
    run(repo.upsert(m.record, "off-import", now().toISOString()));
    return importedSource(repo, directory(store), run);
  }
  const online = new SqliteStore(openDatabase(join(tempDir(), "online.db")));
  return onlineSource(
    new OffClient({ baseUrl: stand.url, timeoutMs: 1000 }),
    new ImportedRepo(online),
    directory(online),
    now,
    (work) => online.run(work),
  );
}

describe.each(["custom", "imported", "openfoodfacts"])("barcode source: %s", (name) => {
  const source = setup(name);

  test("is named for the scanner's `source` field", () => expect(source.name).toBe(name as never));

  test("finds a product by its GTIN-14 and describes it as a Food with that barcode", async () => {
    const food = await source.lookup([KNOWN], 1);
    expect(food).not.toBeNull();
    expect(food!.barcode).toBe(KNOWN);
    expect(food!.name).toBe("Cola drink");
    expect(food!.energy_kcal).toBe(42);
    expect(food!.nutrients.energy_kcal).toBe(42);
  });

  test("finds it by a later reading in the list", async () => {
    expect((await source.lookup(["00000096385074", KNOWN], 1))?.barcode).toBe(KNOWN);
  });

  test("returns null for an unknown GTIN and for an empty list", async () => {
    expect(await source.lookup([UNKNOWN], 1)).toBeNull();
    expect(await source.lookup([], 1)).toBeNull();
  });
});

test("the custom source only sees the caller's own foods", async () => {
  expect(await customSource(new CustomFoodsRepo(), directory(store), run).lookup([KNOWN], 2)).toBeNull();
});
