/**
 * One contract, three food sources (STYLE habit 7): the USDA catalogue, a user's custom foods and
 * imported Open Food Facts products. Each owns its id range and answers summary, detail and
 * loggable consistently; the directory sends every id to the one source that owns it.
 */
import { SqliteStore } from "../../src/db/store";
import type { Q } from "../../src/db/q";
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client";
import { CustomFoodsRepo } from "../../src/features/custom-foods/repo";
import { createFood } from "../../src/features/custom-foods/service";
import { customFoodSource } from "../../src/features/custom-foods/source";
import { catalogueSource } from "../../src/features/foods/catalogue-source";
import { FoodDirectory, type FoodSource } from "../../src/features/foods/directory";
import { mapOffProduct } from "../../src/features/imported/off";
import { ImportedRepo } from "../../src/features/imported/repo";
import { importedFoodSource } from "../../src/features/imported/source";
import { ctxFor } from "../../src/context";
import { createServices } from "../../src/services";
import { catalogue, tempDir } from "../helpers";

const db = openDatabase(join(tempDir(), "directory.db"));
db.$client.exec(
  "INSERT INTO users (email, password_hash, name, timezone, created_at, updated_at) VALUES ('a@b.co','x','A','UTC','',''), ('b@b.co','x','B','UTC','','')",
);
const now = new Date("2026-11-22T12:00:00Z");
const store = new SqliteStore(db);
const run = <T>(work: Q<T>): T => store.run(work);
const customRepo = new CustomFoodsRepo();
const services = createServices({ store, catalogue: catalogue().catalogue, jwtSecret: "not used here" });
/** A request context for one account (src/context.ts), as the auth macro builds it. */
const ctxAs = (id: number) =>
  ctxFor(
    services,
    { id, email: "", name: "", timezone: "UTC", role: "user", weightUnit: "kg", sid: null, tokenId: null, scopes: [] },
    now,
    "test",
  );
const importedRepo = new ImportedRepo(store);
const ANA = 1;
const BOB = 2;

const customId = run(
  createFood({
    ctx: ctxAs(ANA),
    input: {
      name: "Ana's granola",
      nutrients: { energy_kcal: 450, protein_g: 10 },
      portions: [{ name: "bowl", grams: 60 }],
    },
  }),
).id;
const off = mapOffProduct({
  code: "5449000000996",
  product_name: "Cola drink",
  brands: "Fizz",
  serving_quantity: 330,
  serving_size: "1 can",
  nutriments: { "energy-kcal_100g": 42 },
});
if (!off.ok) throw new Error(off.reason);
run(importedRepo.upsert(off.record, "off-import", now.toISOString()));
const importedId = run(importedRepo.byGtins(["05449000000996"]))!.id;

const sources: Record<string, { source: FoodSource; id: number; name: string; kcal: number }> = {
  usda: { source: catalogueSource(catalogue().catalogue), id: 9040, name: "Bananas, raw", kcal: 89 },
  custom: { source: customFoodSource(customRepo), id: customId, name: "Ana's granola", kcal: 450 },
  openfoodfacts: { source: importedFoodSource(importedRepo), id: importedId, name: "Cola drink", kcal: 42 },
};
const directory = new FoodDirectory(Object.values(sources).map((s) => s.source));

describe.each(Object.keys(sources))("food source: %s", (name) => {
  const { source, id, name: foodName, kcal } = sources[name]!;

  test("is named for the Food's `source` field and owns its id", () => {
    expect(source.name).toBe(name as never);
    expect(source.owns(id)).toBe(true);
    expect(directory.sourceOf(id)).toBe(source);
  });

  test("summary, detail and loggable describe the same food", () => {
    const summary = run(source.summary(ANA, id))!;
    const detail = run(source.detail(ANA, id))!;
    const loggable = run(source.loggable(ANA, id))!;
    for (const f of [summary, detail, loggable]) {
      expect(f.id).toBe(id);
      expect(f.name).toBe(foodName);
    }
    expect(summary.source).toBe(name as never);
    expect(detail.source).toBe(name as never);
    expect(summary.energy_kcal).toBe(kcal);
    expect(detail.nutrients.energy_kcal).toBe(kcal);
    expect(loggable.per100g.energy_kcal).toBe(kcal);
    expect(Object.keys(loggable.per100g).sort()).toEqual([
      "carbohydrate_g",
      "energy_kcal",
      "fat_g",
      "fiber_g",
      "protein_g",
      "saturated_fat_g",
      "sodium_mg",
      "sugars_g",
    ]);
  });

  test("every portion of the detail can be logged, and no other", () => {
    const detail = run(source.detail(ANA, id))!;
    const loggable = run(source.loggable(ANA, id))!;
    expect(detail.portions.length).toBeGreaterThan(0);
    for (const p of detail.portions) expect(loggable.portion(p.id)).toEqual(p);
    expect(loggable.portion(123_456_789)).toBeNull();
    if (detail.default_portion)
      expect(loggable.portion(detail.default_portion.id)?.grams).toBe(detail.default_portion.grams);
  });

  test("an id in its range that does not exist is null everywhere", () => {
    const missing = name === "usda" ? 99_999 : id + 1000;
    expect(run(source.summary(ANA, missing))).toBeNull();
    expect(run(source.detail(ANA, missing))).toBeNull();
    expect(run(source.loggable(ANA, missing))).toBeNull();
  });
});

test("a custom food is its owner's only: another user and an anonymous caller get null", () => {
  expect(run(directory.detail(BOB, customId))).toBeNull();
  expect(run(directory.loggable(BOB, customId))).toBeNull();
  expect(run(directory.summary(null, customId))).toBeNull();
  expect(run(directory.summary(ANA, customId))?.name).toBe("Ana's granola");
});

test("ids no source owns are null, not an error", () => {
  for (const id of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2]) expect(run(directory.detail(ANA, id))).toBeNull();
  expect(new Set(Object.values(sources).map((s) => directory.sourceOf(s.id)?.name))).toEqual(
    new Set(["usda", "custom", "openfoodfacts"]),
  );
});
